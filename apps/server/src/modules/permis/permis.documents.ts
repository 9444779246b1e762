import {
  ACTE_PERMIS_LABELS,
  COMPLEMENT_LABELS,
  ETAT_PERMIS_LABELS,
  formatTime,
  MODE_VALIDITE_LABELS,
  type Permis,
  ROLE_PERMIS_LABELS,
} from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import {
  isHotWork,
  isPermit,
  type PermitData,
  type ProcessDocument,
  type ProcessSheet,
  permisContent,
  permisFeuContent,
  permitFromSheet,
  processSheet,
  type SignatureLine,
} from '../process/index.ts';

// The permit documents (generate_document's permis and permis_feu) from this module's record: complementary
// permits, validity and its extensions, suspensions, the signatures of issue and fin de travaux by role, the fire
// watch's checks. The layouts are the process module's; the engine's steps still give the risk analysis, the
// checklists and what the record does not hold.

/** How the module reads the permit of a process (getPermis of use-cases/get-permis.ts), given by the module's index. */
export type PermisReader = (ctx: { tx: Tx; caller: Caller }, processId: number) => Promise<{ permis: Permis | null }>;

type Signature = Permis['signatures'][number];
const line = (role: string, s: Signature | undefined): SignatureLine | null =>
  s ? { role, signataire: s.utilisateur.nom, at: s.at, hash: s.hash } : null;

/** The documents' data: the permit's record first, the engine's steps for the rest. */
export function permitFromRecord(p: Permis, sheet: ProcessSheet): PermitData {
  const engine = permitFromSheet(sheet);
  const signed = (acte: Signature['acte'], role: Signature['role']) => p.signatures.find((s) => s.acte === acte && s.role === role);
  const complementaires = p.complements.map((c) => COMPLEMENT_LABELS[c]);
  if (p.type === 'feu' && !p.complements.includes('feu')) complementaires.unshift(COMPLEMENT_LABELS.feu);
  const fin = p.signatures.filter((s) => s.acte === 'fin_travaux');
  const w = p.surveillance;
  return {
    ...engine,
    nature: p.travaux || engine.nature,
    debut: p.dateDebut,
    fin: p.dateFin,
    complementaires,
    prolongations: p.prolongations.map((x) => ({ jusqua: x.nouvelleFin, par: x.utilisateur.nom, at: x.at })),
    analyse: [...engine.analyse, ...(p.mesures ? ([['Mesures de prévention', p.mesures]] as [string, string][]) : [])],
    delivre: Boolean(p.delivreAt),
    delivreAt: p.delivreAt,
    donneurOrdre: line(`${ROLE_PERMIS_LABELS.emetteur} — délivrance`, signed('delivrance', 'emetteur')) ?? engine.donneurOrdre,
    executant: line(`${ROLE_PERMIS_LABELS.executant} — délivrance`, signed('delivrance', 'executant')) ?? engine.executant,
    surveillant:
      line(
        ROLE_PERMIS_LABELS.surveillant,
        p.signatures.find((s) => s.role === 'surveillant'),
      ) ?? engine.surveillant,
    autres: [],
    finDeTravaux: {
      ...engine.finDeTravaux,
      done: Boolean(p.finTravauxAt) || engine.finDeTravaux.done,
      at: p.finTravauxAt ?? engine.finDeTravaux.at,
    },
    surveillance: w
      ? w.controles.map((c) => ({
          libelle: `Contrôle ${c.numero} (prévu à ${formatTime(c.dueAt)})`,
          fait: Boolean(c.signedAt),
          heure: c.signedAt ? formatTime(c.signedAt) : null,
          observations: c.observation,
          par: c.utilisateur?.nom ?? null,
          at: c.signedAt,
        }))
      : engine.surveillance,
    surveillanceRegle: w
      ? `${w.surveillanceMinutes} min après la fin des travaux, un contrôle toutes les ${w.controleIntervalleMinutes} min (jusqu’à ${formatTime(w.fin)})${w.terminee ? ', terminée' : ''}`
      : null,
    cloture: {
      ...engine.cloture,
      done: Boolean(p.closAt) || engine.cloture.done,
      at: p.closAt ?? engine.cloture.at,
      signatures: [
        ...fin.map((s) => line(`${ROLE_PERMIS_LABELS[s.role]} — ${ACTE_PERMIS_LABELS[s.acte].toLowerCase()}`, s) as SignatureLine),
        ...engine.cloture.signatures,
      ],
    },
    etat: ETAT_PERMIS_LABELS[p.etatEffectif] ?? null,
    modeValidite: p.modeValidite ? MODE_VALIDITE_LABELS[p.modeValidite] : null,
    consignations: p.consignations.map((c) => `N° ${c.numero} — ${c.nomProcess}`),
    suspensions: p.suspensions.map((x) => ({
      motif: x.motif,
      par: x.suspenduPar.nom,
      at: x.suspenduAt,
      reprisPar: x.reprisPar?.nom ?? null,
      reprisAt: x.reprisAt,
    })),
  };
}

/**
 * The two permit documents on this module's data, to register from the module's index:
 * `for (const [kind, doc] of Object.entries(permisDocuments(getPermis))) registerProcessDocument(kind, doc)`.
 * A permit without record yet is printed from the engine's steps alone.
 */
export function permisDocuments(read: PermisReader): Record<'permis' | 'permis_feu', ProcessDocument> {
  const data = async (tx: Tx, caller: Caller, process: Parameters<ProcessDocument['applies']>[0]) => {
    // One after the other: a contractor's read of the permit switches to its client's scope for a moment.
    const record = await read({ tx, caller }, process.id);
    const sheet = await processSheet(tx, caller, process);
    return record.permis ? permitFromRecord(record.permis, sheet) : permitFromSheet(sheet);
  };
  return {
    permis: {
      libelle: 'Permis de travail',
      fileName: 'permis-de-travail',
      applies: isPermit,
      async build(tx, { caller, process }) {
        const d = await data(tx, caller, process);
        return {
          content: permisContent(d),
          draft: d.delivre ? null : 'NON DÉLIVRÉ',
          keywords: [d.lieu, d.entreprise ?? '', ...d.complementaires],
        };
      },
    },
    permis_feu: {
      libelle: 'Permis de feu',
      fileName: 'permis-de-feu',
      // Hot work: a permis de feu workflow, or a permit whose record says feu (its type or its complement).
      async applies(process, { tx, caller }) {
        if (isHotWork(process)) return true;
        if (!isPermit(process)) return false;
        return Boolean((await read({ tx, caller }, process.id)).permis?.feu);
      },
      async build(tx, { caller, process }) {
        const d = await data(tx, caller, process);
        return {
          content: permisFeuContent(d),
          draft: d.delivre ? null : 'NON DÉLIVRÉ',
          keywords: [d.lieu, d.entreprise ?? '', 'permis de feu'],
        };
      },
    },
  };
}
