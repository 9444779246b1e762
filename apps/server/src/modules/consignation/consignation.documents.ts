import { type ConsignationDetail, TYPE_ATTESTATION_LABELS } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import {
  ATTESTATION_COPIES,
  attestationContent,
  avisContent,
  isLockout,
  type LockoutData,
  lockoutFromSheet,
  type ProcessDocument,
  type ProcessSheet,
  processSheet,
  type SignatureLine,
} from '../process/index.ts';

// The lockout documents (generate_document's attestation_consignation and avis_fin_travail) from this module's
// records: operations with their performers, isolation points with their padlocks, personal padlocks, numbered
// attestations, avis de fin de travail. The layouts are the process module's (the same as the engine-only ones);
// what the engine's steps hold besides (the reason of the works, their signature fields, the release step) is kept.

/** How the lockout reads a process (getLockout of use-cases/get-lockout.ts), given by the module's index. */
export type LockoutReader = (ctx: { tx: Tx; caller: Caller }, processId: number) => Promise<ConsignationDetail>;

const MODES: Record<string, string> = { une_etape: 'en une étape', deux_etapes: 'en deux étapes' };
const line = (role: string, a: { nom: string | null; at: string }, hash: string): SignatureLine => ({
  role,
  signataire: a.nom ?? '—',
  at: a.at,
  hash,
});

/** The documents' data: the lockout's records first, the engine's steps for what the records do not hold. */
export function lockoutFromDetail(d: ConsignationDetail, sheet: ProcessSheet): LockoutData {
  const engine = lockoutFromSheet(sheet);
  const attestations = d.attestations.filter((a) => a.type === 'consignation');
  const shown = attestations.length ? attestations : d.attestations;
  const last = shown.at(-1) ?? null;
  const lastAvis = d.avisFinTravail.at(-1) ?? null;
  return {
    ...engine,
    ouvrage: d.equipementLibelle || engine.ouvrage,
    type: d.nameConsignation ?? engine.type,
    mode: MODES[d.mode] ?? null,
    chargeConsignation: last?.par.nom ?? engine.chargeConsignation,
    attestationNumero: last?.numero ?? null,
    points: d.points.map((p) => ({
      repere: [p.repere, p.dispositif, p.positionRequise ? `position ${p.positionRequise}` : ''].filter(Boolean).join(' — '),
      cadenas: p.numeroCadenas,
      energie: p.energie,
    })),
    cadenas: d.cadenas.map((c) => ({ nom: c.nom, numero: c.numero, pose: c.pose.at, retrait: c.retrait?.at ?? null })),
    operations: d.operationsRequises.map((r) => {
      const done = d.operations.filter((o) => o.operation === r.operation);
      return {
        libelle: r.libelle,
        faite: r.faite,
        par: [...new Set(done.map((o) => o.par.nom).filter(Boolean))].join(', ') || null,
        at: done.at(-1)?.par.at ?? null,
        detail: done
          .map((o) => o.commentaire)
          .filter(Boolean)
          .join(' ; '),
      };
    }),
    attestation: {
      done: Boolean(last) || engine.attestation.done,
      at: last?.par.at ?? engine.attestation.at,
      signatures: [
        ...shown.map((a) => line(`Chargé de consignation — ${TYPE_ATTESTATION_LABELS[a.type]} N° ${a.numero}`, a.par, a.hash)),
        // The engine's own signature fields of the attestation step (the chargé de travaux receiving it).
        ...engine.attestation.signatures.filter((s) => s.signataire || !shown.length),
      ],
      confirmations: engine.attestation.confirmations,
    },
    finDeTravail: {
      done: Boolean(lastAvis) || engine.finDeTravail.done,
      at: lastAvis?.par.at ?? engine.finDeTravail.at,
      signatures: [
        ...d.avisFinTravail.map((a) => line(`Chargé de travaux — équipe ${a.equipe}`, a.par, a.hash)),
        ...engine.finDeTravail.signatures.filter((s) => s.signataire || !d.avisFinTravail.length),
      ],
      confirmations: engine.finDeTravail.confirmations,
    },
    deconsignation: {
      ...engine.deconsignation,
      done: Boolean(d.deconsigneeAt) || engine.deconsignation.done,
      at: d.deconsigneeAt ?? engine.deconsignation.at,
    },
  };
}

/**
 * The two lockout documents on this module's data, to register from the module's index:
 * `for (const [kind, doc] of Object.entries(consignationDocuments(getLockout))) registerProcessDocument(kind, doc)`.
 */
export function consignationDocuments(read: LockoutReader): Record<'attestation_consignation' | 'avis_fin_travail', ProcessDocument> {
  const data = async (tx: Tx, caller: Caller, process: Parameters<ProcessDocument['applies']>[0]) => {
    // One after the other: a contractor's read of the lockout switches to its client's scope for a moment.
    const detail = await read({ tx, caller }, process.id);
    const sheet = await processSheet(tx, caller, process);
    return lockoutFromDetail(detail, sheet);
  };
  return {
    attestation_consignation: {
      libelle: 'Attestation de consignation',
      fileName: 'attestation-consignation',
      applies: isLockout,
      async build(tx, { caller, process }) {
        const d = await data(tx, caller, process);
        return {
          content: attestationContent(d),
          copies: ATTESTATION_COPIES,
          draft: d.attestation.done ? null : 'NON SIGNÉE',
          keywords: [d.ouvrage, ...d.points.map((p) => p.repere), ...d.points.flatMap((p) => (p.cadenas ? [`cadenas ${p.cadenas}`] : []))],
        };
      },
    },
    avis_fin_travail: {
      libelle: 'Avis de fin de travail',
      fileName: 'avis-de-fin-de-travail',
      applies: isLockout,
      async build(tx, { caller, process, numero }) {
        const d = await data(tx, caller, process);
        return { content: avisContent(d, numero), draft: d.finDeTravail.done ? null : 'NON SIGNÉ', keywords: [d.ouvrage] };
      },
    },
  };
}
