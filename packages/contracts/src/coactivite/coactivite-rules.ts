// Coactivité (ticket 15, Module A item 9, domain.md §2.3): lockouts and permits open at the same time on the same
// equipment subtree or the same zone, whose activities the company's incompatibility matrix declares incompatible.
// Pure rules, without zod (the web's settings and the process screen read the labels): the activity vocabulary, the
// decisions, the default matrix and the conflict finder.
import { formatDate, formatTime } from '../common/date.ts';

/** The activities a lockout or permit carries (codes stored as they are; other modules' sources give them). */
export const ACTIVITES = [
  'consignation',
  'essai',
  'requisition',
  'intervention',
  'visite',
  'travaux_exceptionnels',
  'travail',
  'feu',
  'espace_confine',
  'fouille',
  'hauteur',
  'levage',
  'radiographie',
] as const;
export type ActiviteCode = (typeof ACTIVITES)[number];

/** French labels of the activities. */
export const ACTIVITE_LABELS: Record<ActiviteCode, string> = {
  consignation: 'Consignation',
  essai: 'Essai',
  requisition: 'Réquisition',
  intervention: 'Intervention immédiate',
  visite: 'Visite',
  travaux_exceptionnels: 'Travaux exceptionnels',
  travail: 'Travaux (permis de travail)',
  feu: 'Travaux par points chauds (feu)',
  espace_confine: 'Pénétration en espace confiné',
  fouille: 'Fouille',
  hauteur: 'Travail en hauteur',
  levage: 'Levage',
  radiographie: 'Radiographie industrielle',
};

export const isActivite = (v: unknown): v is ActiviteCode => typeof v === 'string' && (ACTIVITES as readonly string[]).includes(v);

/** What a conflict of two activities requires: refused, a named co-signature, or the later one waits (sequencing). */
export const DECISIONS = ['refus', 'cosignature', 'sequencement'] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_LABELS: Record<Decision, string> = {
  refus: 'Refus',
  cosignature: 'Co-signature',
  sequencement: 'Séquencement',
};
/** Strongest first: a conflict with several incompatible pairs takes the strongest decision. */
const STRENGTH: Record<Decision, number> = { refus: 3, cosignature: 2, sequencement: 1 };

/** Where two processes meet for a rule: on the same equipment subtree only, or also in the same zone. */
export const PORTEES = ['equipement', 'zone'] as const;
export type Portee = (typeof PORTEES)[number];
export const PORTEE_LABELS: Record<Portee, string> = {
  equipement: 'Même équipement (sous-arbre)',
  zone: 'Même équipement ou même zone',
};

/** One cell of a company's matrix (unordered pair: `a` ≤ `b` by code). */
export interface Incompatibilite {
  a: ActiviteCode;
  b: ActiviteCode;
  decision: Decision;
  portee: Portee;
  /** Why, in French (« Inflammation de l'atmosphère »): shown with the conflict. */
  motif: string;
}

/** The pair in its stored order (codes sorted), so (feu, espace_confine) and (espace_confine, feu) are one cell. */
export function pairOf(x: ActiviteCode, y: ActiviteCode): [ActiviteCode, ActiviteCode] {
  return x <= y ? [x, y] : [y, x];
}
export const pairKey = (x: ActiviteCode, y: ActiviteCode) => pairOf(x, y).join('|');

const rule = (x: ActiviteCode, y: ActiviteCode, decision: Decision, portee: Portee, motif: string): Incompatibilite => {
  const [a, b] = pairOf(x, y);
  return { a, b, decision, portee, motif };
};
const RAYONNEMENTS = 'Rayonnements ionisants : aucun autre travail dans le périmètre d’exclusion.';

/**
 * The matrix a company starts with (domain.md §2.3): hot work × confined space refused in one zone, work at height or
 * lifting × work underneath co-signed, radiography × anything refused, a lockout × a test or requisition of the same
 * equipment sequenced (energy comes back). Migration 0026 seeds the same cells (a test compares them).
 */
export const DEFAULT_INCOMPATIBILITES: Incompatibilite[] = [
  rule('feu', 'espace_confine', 'refus', 'zone', 'Inflammation ou atmosphère dangereuse dans l’espace confiné.'),
  rule('hauteur', 'travail', 'cosignature', 'zone', 'Chute d’objets sur les travaux en dessous.'),
  rule('levage', 'travail', 'cosignature', 'zone', 'Chute de charge sur les travaux en dessous.'),
  rule('levage', 'hauteur', 'cosignature', 'zone', 'Charge levée au-dessus d’un poste en hauteur.'),
  rule('consignation', 'essai', 'sequencement', 'equipement', 'L’essai remet l’énergie sur l’équipement consigné.'),
  rule('consignation', 'requisition', 'sequencement', 'equipement', 'La réquisition reprend l’équipement consigné.'),
  ...ACTIVITES.map((x) => rule('radiographie', x, 'refus', 'zone', RAYONNEMENTS)),
];

/** A lockout or permit as the finder sees it. */
export interface CoactiviteProcess {
  id: number;
  /** Number as shown (stored ÷ 100). */
  numero: number;
  nom: string;
  /** Window (ISO instants); null: unbounded on that side (a lockout without an end stays open). */
  debut: string | null;
  fin: string | null;
  /** Ids from the root down to the equipment; null without equipment. */
  equipementPath: number[] | null;
  equipementLibelle?: string | null;
  /** Each zone as ids from the root down to it (its location and the equipment's); empty without any. */
  zonePaths: number[][];
  zoneLibelles?: Record<number, string>;
  activites: readonly string[];
}

/** Where the two meet. */
export type Lieu = 'equipement' | 'zone';

/** A conflict of the candidate with another open process. */
export interface Conflit {
  autreId: number;
  autreNumero: number;
  autreNom: string;
  decision: Decision;
  /** Each incompatible pair: the candidate's activity, the other's, the rule's decision and why. */
  paires: { activite: ActiviteCode; autreActivite: ActiviteCode; decision: Decision; motif: string }[];
  lieu: Lieu;
  /** The overlap of the two windows (null: unbounded). */
  debut: string | null;
  fin: string | null;
  /** The French « pourquoi », naming the other process. */
  pourquoi: string;
}

const NEG = Number.NEGATIVE_INFINITY;
const POS = Number.POSITIVE_INFINITY;
const ms = (v: string | null, missing: number) => (v === null ? missing : Date.parse(v));

/** Whether two windows overlap (a window ending when the other starts does not). */
export function overlaps(a: Pick<CoactiviteProcess, 'debut' | 'fin'>, b: Pick<CoactiviteProcess, 'debut' | 'fin'>): boolean {
  return ms(a.debut, NEG) < ms(b.fin, POS) && ms(b.debut, NEG) < ms(a.fin, POS);
}

/** Whether one path lies in the other's subtree (either way; the same node included). */
export function sameSubtree(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (!a?.length || !b?.length) return false;
  return a.includes(b[b.length - 1]) || b.includes(a[a.length - 1]);
}

/** The zone (its id) where two processes meet, or null. */
function sharedZone(a: CoactiviteProcess, b: CoactiviteProcess): number | null {
  for (const p of a.zonePaths)
    for (const q of b.zonePaths) if (sameSubtree(p, q)) return p.length >= q.length ? p[p.length - 1] : q[q.length - 1];
  return null;
}

const when = (v: string | null, edge: string) => (v === null ? edge : `${formatDate(v)} ${formatTime(v)}`);

/** The matrix as a lookup by pair. */
export function matrixOf(regles: readonly Incompatibilite[]): Map<string, Incompatibilite> {
  return new Map(regles.map((r) => [pairKey(r.a, r.b), r]));
}

/**
 * The conflicts of a candidate lockout or permit with the open others: same equipment subtree (either way) or same
 * zone, overlapping windows, and a matrix cell for a pair of their activities (a rule « même équipement » needs the
 * equipment). Each conflict takes its strongest decision and says why in French. Ordered by the other's number.
 */
export function findConflicts(
  candidate: CoactiviteProcess,
  others: readonly CoactiviteProcess[],
  regles: readonly Incompatibilite[] | Map<string, Incompatibilite>,
): Conflit[] {
  const matrix = regles instanceof Map ? regles : matrixOf(regles);
  const mine = candidate.activites.filter(isActivite);
  const out: Conflit[] = [];
  for (const o of others) {
    if (o.id === candidate.id || !overlaps(candidate, o)) continue;
    const onEquipement = sameSubtree(candidate.equipementPath, o.equipementPath);
    const zone = onEquipement ? null : sharedZone(candidate, o);
    if (!onEquipement && zone === null) continue;
    const paires: Conflit['paires'] = [];
    const seen = new Set<string>();
    for (const x of mine)
      for (const y of o.activites.filter(isActivite)) {
        const r = matrix.get(pairKey(x, y));
        if (!r || (r.portee === 'equipement' && !onEquipement)) continue;
        const k = `${x}|${y}`;
        if (seen.has(k)) continue;
        seen.add(k);
        paires.push({ activite: x, autreActivite: y, decision: r.decision, motif: r.motif });
      }
    if (!paires.length) continue;
    const decision = paires.reduce<Decision>((d, p) => (STRENGTH[p.decision] > STRENGTH[d] ? p.decision : d), paires[0].decision);
    const debut = ms(candidate.debut, NEG) >= ms(o.debut, NEG) ? candidate.debut : o.debut;
    const fin = ms(candidate.fin, POS) <= ms(o.fin, POS) ? candidate.fin : o.fin;
    const lieu: Lieu = onEquipement ? 'equipement' : 'zone';
    const ou = onEquipement
      ? `sur le même équipement${o.equipementLibelle ? ` (${o.equipementLibelle})` : ''}`
      : `dans la même zone${zone !== null && (o.zoneLibelles?.[zone] ?? candidate.zoneLibelles?.[zone]) ? ` (${o.zoneLibelles?.[zone] ?? candidate.zoneLibelles?.[zone]})` : ''}`;
    const quoi = paires
      .map((p) => `${ACTIVITE_LABELS[p.activite].toLowerCase()} × ${ACTIVITE_LABELS[p.autreActivite].toLowerCase()} : ${p.motif}`)
      .join(' ; ');
    out.push({
      autreId: o.id,
      autreNumero: o.numero,
      autreNom: o.nom,
      decision,
      paires,
      lieu,
      debut,
      fin,
      pourquoi: `Coactivité avec le N° ${o.numero} « ${o.nom} » ${ou}, du ${when(debut, 'début non fixé')} au ${when(fin, 'fin non fixée')} — ${quoi}`,
    });
  }
  return out.sort((a, b) => a.autreNumero - b.autreNumero);
}

/** The French message refusing an action because of conflicts (the strongest first). */
export function messageConflit(conflits: readonly Conflit[], decision: Decision): string {
  const list = conflits.filter((c) => c.decision === decision);
  const head =
    decision === 'refus'
      ? 'Coactivité interdite'
      : decision === 'cosignature'
        ? 'Co-signature requise avant de signer'
        : 'Séquencement requis : ce processus doit attendre la fin de l’autre';
  return `${head}. ${list.map((c) => c.pourquoi).join(' ')}`.trim();
}

/**
 * The activities a lockout type (`typeConsignation`) means by default, before the lockout and permit modules register
 * their own sources: 1, 2, 7 consignation; 3 essai; 4 réquisition; 5 intervention; 6 visite; 8 travail; 9 travaux
 * exceptionnels.
 */
export const ACTIVITE_OF_TYPE: Record<number, ActiviteCode> = {
  1: 'consignation',
  2: 'consignation',
  3: 'essai',
  4: 'requisition',
  5: 'intervention',
  6: 'visite',
  7: 'consignation',
  8: 'travail',
  9: 'travaux_exceptionnels',
};
