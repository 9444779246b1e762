import { STATUTS_REGISTRE_CONSIGNATION } from '../common/constants.ts';

export type RegisterStatusCode = (typeof STATUTS_REGISTRE_CONSIGNATION)[number];

/**
 * The lockout register status codes a deactivation may record (spec: CS, TSN, TS, DS, DECONS, ART, SPS, SPD, IT), in
 * the spec's order, until a per-company table of codes comes (a later issue). The spec does not define them: a
 * meaning is given only where the domain notes hold it likely (/work/shared/notes/domain.md §1.11: CS, DS, DECONS);
 * the others are shown as their code. Decision: docs/DECISIONS.md, « Lecture d'un processus (ticket 12) ».
 */
export const REGISTER_STATUSES: readonly { code: RegisterStatusCode; libelle: string | null }[] = [
  { code: 'CS', libelle: 'Consigné' },
  { code: 'TSN', libelle: null },
  { code: 'TS', libelle: null },
  { code: 'DS', libelle: 'Déconsignation demandée' },
  { code: 'DECONS', libelle: 'Déconsigné' },
  { code: 'ART', libelle: null },
  { code: 'SPS', libelle: null },
  { code: 'SPD', libelle: null },
  { code: 'IT', libelle: null },
];

/** « CS — Consigné », or the code alone when it has no agreed meaning. */
export function registerStatusLabel(code: string): string {
  const s = REGISTER_STATUSES.find((x) => x.code === code);
  return s?.libelle ? `${s.code} — ${s.libelle}` : code;
}

export const REGISTER_STATUS_MESSAGE = `Code de registre inconnu : choisissez parmi ${STATUTS_REGISTRE_CONSIGNATION.join(', ')}, ou aucun.`;
