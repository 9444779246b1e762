import { typeConsignationLabel } from '@app/contracts';
import type { Caller } from '../../../../platform/auth/caller.ts';
import type { Tx } from '../../../../platform/db/engine.ts';
import type { ProcessRow } from '../../process.repository.ts';
import type { SignatureLine } from '../document-blocks.ts';
import { fieldNamed, type ProcessSheet, processSheet, type SheetSignature, type SheetStep, stepNamed } from '../process-sheet.ts';

// What the lockout documents print, as data: read today from the engine (the steps and values of a lockout workflow
// such as the demo's « Consignation électrique », found by their names), tomorrow from the consignation module
// (its operations, isolation points and padlocks): only `lockoutFromEngine` is to be replaced.

/** One of the five operations of NF C18-510 (or of a fluid lockout), with who did it and when. */
export interface LockoutOperation {
  libelle: string;
  faite: boolean;
  par: string | null;
  at: string | null;
  /** What was recorded with it (« Organes de séparation ouverts : Q4 et Q4-N »). */
  detail: string;
}

/** An isolation point and the padlock that holds it. */
export interface IsolationPoint {
  repere: string;
  cadenas: string | null;
  energie: string | null;
}

/** A step of the lockout that ends with signatures (the attestation, the avis de fin de travail, the release). */
export interface SignedStage {
  done: boolean;
  at: string | null;
  signatures: SignatureLine[];
  /** The confirmations ticked (or not) in that step. */
  confirmations: { libelle: string; fait: boolean }[];
}

export interface LockoutData {
  ouvrage: string;
  motif: string;
  type: string | null;
  chargeTravaux: string | null;
  chargeConsignation: string | null;
  debut: string | null;
  fin: string | null;
  points: IsolationPoint[];
  operations: LockoutOperation[];
  attestation: SignedStage;
  finDeTravail: SignedStage;
  deconsignation: SignedStage;
  /** « en une étape » / « en deux étapes » (the consignation module's mode), null when unknown. */
  mode?: string | null;
  /** The attestation's own number (numbered per company by the consignation module). */
  attestationNumero?: number | null;
  /** The workers' personal padlocks on the lockbox. */
  cadenas?: { nom: string; numero: string; pose: string | null; retrait: string | null }[];
}

/** The operations in their order, each found by its step's name in the workflow. */
const OPERATIONS: [string, RegExp][] = [
  ['Séparation', /s[ée]paration/i],
  ['Condamnation', /condamnation/i],
  ['Identification', /identification/i],
  ['Vérification d’absence de tension', /absence de tension|\bVAT\b/i],
  ['Mise à la terre et en court-circuit', /terre|court-circuit|\bMALT\b/i],
];

const line = (role: string, s: SheetSignature | undefined): SignatureLine =>
  s
    ? { role, signataire: s.signataire, at: s.at, hash: s.hash, altered: s.altered, image: s.image }
    : { role, signataire: null, at: null, hash: null };

function stage(step: SheetStep | null, roles: [string, RegExp][]): SignedStage {
  if (!step) return { done: false, at: null, signatures: roles.map(([role]) => line(role, undefined)), confirmations: [] };
  const rest = [...step.signatures];
  const signatures = roles.map(([role, name]) => {
    const i = rest.findIndex((s) => name.test(s.champ));
    return line(role, i >= 0 ? rest.splice(i, 1)[0] : undefined);
  });
  // Signatures of the step the roles do not name are printed too, under their field's name.
  for (const s of rest) signatures.push(line(s.champ, s));
  return {
    done: step.isValid,
    at: step.validation?.at ?? step.dateRealise,
    signatures,
    confirmations: step.fields.filter((f) => f.dataType === 'checkbox').map((f) => ({ libelle: f.nom, fait: f.valeur === true })),
  };
}

/** Padlocks and separating devices typed as lists (« Q4 et Q4-N », « C-104, C-105 »): paired when they match one to one. */
function pointsFromText(organes: string, cadenas: string): IsolationPoint[] {
  const split = (s: string) =>
    s
      .split(/\s*(?:,|;|\bet\b)\s*/)
      .map((x) => x.trim())
      .filter(Boolean);
  // The organ list may end with where they are (« Q4-N (TGBT atelier) »): that remark stays on the last one.
  const o = split(organes);
  const c = split(cadenas);
  if (o.length && o.length === c.length) return o.map((repere, i) => ({ repere, cadenas: c[i], energie: 'Électrique' }));
  if (!organes && !cadenas) return [];
  return [{ repere: organes || '—', cadenas: cadenas || null, energie: 'Électrique' }];
}

/** The lockout read from its workflow's steps and values (interim, until the consignation module gives it). */
export function lockoutFromSheet(sheet: ProcessSheet): LockoutData {
  const v = sheet.view;
  const operations = OPERATIONS.map(([libelle, name]): LockoutOperation => {
    const s = stepNamed(sheet, name);
    return {
      libelle,
      faite: s?.isValid ?? false,
      par: s?.validation?.par ?? s?.signatures[0]?.signataire ?? null,
      at: s?.isValid ? (s.validation?.at ?? s.dateRealise) : null,
      detail: (s?.fields ?? [])
        .filter((f) => f.dataType !== 'checkbox' && f.text)
        .map((f) => `${f.nom} : ${f.text}`)
        .join(' ; '),
    };
  });
  const attestationStep = stepNamed(sheet, /attestation/i);
  const attestation = stage(attestationStep, [
    ['Chargé de consignation', /consignation/i],
    ['Chargé de travaux (reçoit l’attestation)', /travaux/i],
  ]);
  const organes = fieldNamed(sheet, /organe|s[ée]paration/i, stepNamed(sheet, /s[ée]paration/i))?.text ?? '';
  const cadenas = fieldNamed(sheet, /cadenas/i)?.text ?? '';
  const type = typeConsignationLabel(v.typeConsignation);
  return {
    ouvrage: v.equipement?.libelle || fieldNamed(sheet, /ouvrage|[ée]quipement/i)?.text || '',
    motif: fieldNamed(sheet, /motif|travaux [àa] r[ée]aliser|nature/i)?.text ?? '',
    type,
    chargeTravaux:
      fieldNamed(sheet, /charg[ée] de travaux/i)?.text ||
      (v.personneEnCharge ? `${v.personneEnCharge.prenom} ${v.personneEnCharge.nom}` : null),
    chargeConsignation: attestation.signatures[0]?.signataire ?? null,
    debut: v.dateDebut,
    fin: v.dateFin,
    points: pointsFromText(organes, cadenas),
    operations,
    attestation,
    finDeTravail: stage(stepNamed(sheet, /fin de trava/i), [['Chargé de travaux', /./]]),
    deconsignation: stage(stepNamed(sheet, /d[ée]consignation/i), [['Chargé de consignation', /./]]),
  };
}

/** Reads a lockout for its documents. */
export async function lockoutFromEngine(tx: Tx, caller: Caller, process: ProcessRow): Promise<LockoutData> {
  return lockoutFromSheet(await processSheet(tx, caller, process));
}

/** Lockouts: the workflows of « Mes consignations » (package mc). */
export const isLockout = (p: ProcessRow) => p.package === 'mc';
