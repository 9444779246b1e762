import type { Caller } from '../../../../platform/auth/caller.ts';
import type { Tx } from '../../../../platform/db/engine.ts';
import type { ProcessRow } from '../../process.repository.ts';
import type { SignatureLine } from '../document-blocks.ts';
import { chosen, fieldNamed, type ProcessSheet, processSheet, type SheetSignature, type SheetStep, stepNamed } from '../process-sheet.ts';

// What the permit documents print, as data: read today from the engine (the steps and values of a permit workflow
// such as the demo's « Permis de feu », found by their names), tomorrow from the permis module (complementary
// permits, validity and its extensions, fire watch checks): only `permitFromEngine` is to be replaced.

/** A group of checks (prevention measures, protective equipment): each choice with its box ticked or not. */
export interface Checklist {
  titre: string;
  items: { libelle: string; fait: boolean }[];
}

/** A check of the fire watch after the work. */
export interface FireWatchCheck {
  libelle: string;
  fait: boolean;
  heure: string | null;
  observations: string | null;
  par: string | null;
  at: string | null;
}

export interface PermitData {
  nature: string;
  lieu: string;
  entreprise: string | null;
  demandeur: string | null;
  chargeTravaux: string | null;
  debut: string | null;
  fin: string | null;
  /** Complementary permits (feu, espace confiné, fouille, hauteur, levage, radiographie). */
  complementaires: string[];
  /** Extensions of the validity by re-signature. */
  prolongations: { jusqua: string; par: string | null; at: string | null }[];
  /** Risk analysis answers: question → answer. */
  analyse: [string, string][];
  checklists: Checklist[];
  delivre: boolean;
  delivreAt: string | null;
  decision: string | null;
  /** The people who sign the permit: issuer (donneur d'ordre), performer (exécutant), fire watcher (surveillant). */
  donneurOrdre: SignatureLine;
  executant: SignatureLine;
  surveillant: SignatureLine;
  autres: SignatureLine[];
  finDeTravaux: { done: boolean; at: string | null; confirmations: { libelle: string; fait: boolean }[]; heure: string | null };
  surveillance: FireWatchCheck[];
  cloture: { done: boolean; at: string | null; confirmations: { libelle: string; fait: boolean }[]; signatures: SignatureLine[] };
  /** The permit's state in words (the permis module's), when known. */
  etat?: string | null;
  /** « Une journée » / « Une opération (5 jours au plus) » for hot work. */
  modeValidite?: string | null;
  /** The lockouts the permit relies on (« N° 12 — Consignation T2 »). */
  consignations?: string[];
  suspensions?: { motif: string; par: string; at: string; reprisPar: string | null; reprisAt: string | null }[];
  /** The fire watch's rule and window (« 120 min après la fin des travaux, un contrôle toutes les 30 min »). */
  surveillanceRegle?: string | null;
}

const line = (role: string, s: SheetSignature | undefined): SignatureLine =>
  s
    ? { role, signataire: s.signataire, at: s.at, hash: s.hash, altered: s.altered, image: s.image }
    : { role, signataire: null, at: null, hash: null };

const confirmations = (s: SheetStep | null) =>
  (s?.fields ?? []).filter((f) => f.dataType === 'checkbox').map((f) => ({ libelle: f.nom, fait: f.valeur === true }));

/** The permit read from its workflow's steps and values (interim, until the permis module gives it). */
export function permitFromSheet(sheet: ProcessSheet): PermitData {
  const v = sheet.view;
  const demande = sheet.steps[0] ?? null;
  const analyse = stepNamed(sheet, /analyse|risque/i);
  const autorisation = stepNamed(sheet, /autorisation|d[ée]livrance/i);
  const travaux = stepNamed(sheet, /travaux r[ée]alis|ex[ée]cution|fin de trava/i);
  const surveillance = stepNamed(sheet, /surveillance/i);
  const cloture = stepNamed(sheet, /cl[ôo]ture/i);
  const used = new Set<SheetSignature>();
  const pick = (step: SheetStep | null, name: RegExp) => {
    const s = step?.signatures.find((x) => name.test(x.champ) && !used.has(x)) ?? step?.signatures.find((x) => !used.has(x));
    if (s) used.add(s);
    return s;
  };
  const donneurOrdre = line('Donneur d’ordre (délivre le permis)', pick(autorisation, /donneur|[ée]metteur|autoris/i));
  const executant = line('Exécutant (réalise les travaux)', pick(travaux, /intervenant|ex[ée]cutant|travaux/i));
  const surveillant = line('Surveillant (surveillance après travaux)', pick(surveillance, /surveillant/i));
  const clotureSignatures = (cloture?.signatures ?? []).filter((s) => !used.has(s)).map((s) => line(s.champ, s));
  for (const s of cloture?.signatures ?? []) used.add(s);
  const autres = sheet.steps.flatMap((s) => s.signatures.filter((x) => !used.has(x)).map((x) => line(`${x.champ} (${s.nom})`, x)));
  const decision = autorisation?.fields.find((f) => f.dataType === 'radio' || f.dataType === 'select');
  const hotWork = /feu/i.test(v.processModele.libelle) || Boolean(fieldNamed(sheet, /point chaud|soudure/i));
  return {
    nature: [
      fieldNamed(sheet, /travaux [àa] r[ée]aliser|nature des travaux|description/i, demande)?.text,
      fieldNamed(sheet, /point chaud/i)?.text,
    ]
      .filter(Boolean)
      .join(' — '),
    lieu: v.equipement?.libelle || fieldNamed(sheet, /lieu|[ée]quipement/i, demande)?.text || '',
    entreprise: fieldNamed(sheet, /entreprise/i, demande)?.text || null,
    demandeur: fieldNamed(sheet, /demandeur/i, demande)?.text || (v.createdBy ? `${v.createdBy.prenom} ${v.createdBy.nom}` : null),
    chargeTravaux: v.personneEnCharge ? `${v.personneEnCharge.prenom} ${v.personneEnCharge.nom}` : null,
    debut: v.dateDebut,
    fin: v.dateFin,
    complementaires: hotWork ? ['Permis de feu'] : [],
    prolongations: [],
    analyse: (analyse?.fields ?? []).filter((f) => f.dataType !== 'checkbox_options').map((f): [string, string] => [f.nom, f.text]),
    checklists: (analyse?.fields ?? [])
      .filter((f) => f.dataType === 'checkbox_options' && f.options.length)
      .map((f) => ({ titre: f.nom, items: f.options.map((o) => ({ libelle: o.libelle, fait: chosen(f, o.id) })) })),
    delivre: autorisation?.isValid ?? false,
    delivreAt: autorisation?.isValid ? (autorisation.validation?.at ?? autorisation.dateRealise) : null,
    decision: decision?.text || null,
    donneurOrdre,
    executant,
    surveillant,
    autres,
    finDeTravaux: {
      done: travaux?.isValid ?? false,
      at: travaux?.validation?.at ?? travaux?.dateRealise ?? null,
      confirmations: confirmations(travaux),
      heure: fieldNamed(sheet, /heure de fin/i, travaux)?.text || null,
    },
    surveillance: surveillance
      ? [
          {
            libelle: fieldNamed(sheet, /ronde|contr[ôo]le/i, surveillance)?.nom ?? 'Ronde de surveillance',
            fait: surveillance.fields.some((f) => f.dataType === 'checkbox' && f.valeur === true),
            heure: fieldNamed(sheet, /heure/i, surveillance)?.text || null,
            observations: fieldNamed(sheet, /observation/i, surveillance)?.text || null,
            par: surveillance.validation?.par ?? surveillance.signatures[0]?.signataire ?? null,
            at: surveillance.isValid ? (surveillance.validation?.at ?? surveillance.dateRealise) : null,
          },
        ]
      : [],
    cloture: {
      done: cloture?.isValid ?? false,
      at: cloture?.validation?.at ?? cloture?.dateRealise ?? null,
      confirmations: confirmations(cloture),
      signatures: clotureSignatures,
    },
  };
}

/** Reads a permit for its documents. */
export async function permitFromEngine(tx: Tx, caller: Caller, process: ProcessRow): Promise<PermitData> {
  return permitFromSheet(await processSheet(tx, caller, process));
}

/** Permits: the workflows of « Permis » (package permis), and processes typed « Permis de travail » (8). */
export const isPermit = (p: ProcessRow) => p.package === 'permis' || p.typeConsignation === 8;
/** Hot work: a permit whose workflow is a permis de feu (until the permis module records its complementary permits). */
export const isHotWork = (p: ProcessRow) => isPermit(p) && /feu/i.test(p.modeleLibelle);
