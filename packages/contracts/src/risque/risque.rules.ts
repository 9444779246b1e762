/**
 * Risk families of INRS ED 840 (« Aide au repérage des risques dans les PME-PMI »), seeded for every company
 * (migration 0019_registre: a trigger on new companies, and the existing ones), then edited per company.
 */
export const RISQUE_FAMILLES_INRS: readonly { code: string; libelle: string; couleur: string }[] = [
  { code: 'chute-plain-pied', libelle: 'Chute de plain-pied', couleur: '#e8590c' },
  { code: 'chute-hauteur', libelle: 'Chute de hauteur', couleur: '#d9480f' },
  { code: 'circulation', libelle: 'Circulations internes', couleur: '#5c940d' },
  { code: 'routier', libelle: 'Risque routier', couleur: '#2b8a3e' },
  { code: 'activite-physique', libelle: 'Activité physique et manutention manuelle', couleur: '#0b7285' },
  { code: 'manutention-mecanique', libelle: 'Manutention mécanique', couleur: '#1864ab' },
  { code: 'chimique', libelle: 'Produits, émissions et déchets (chimique)', couleur: '#862e9c' },
  { code: 'biologique', libelle: 'Agents biologiques', couleur: '#5f3dc4' },
  { code: 'machines', libelle: 'Équipements de travail (machines, outils)', couleur: '#364fc7' },
  { code: 'effondrement', libelle: "Effondrements et chutes d'objets", couleur: '#495057' },
  { code: 'bruit', libelle: 'Bruit', couleur: '#a61e4d' },
  { code: 'thermique', libelle: 'Ambiances thermiques', couleur: '#c92a2a' },
  { code: 'incendie-explosion', libelle: 'Incendie, explosion (ATEX)', couleur: '#e03131' },
  { code: 'electrique', libelle: 'Électricité', couleur: '#f08c00' },
  { code: 'lumineux', libelle: 'Ambiances lumineuses', couleur: '#868e96' },
  { code: 'rayonnements', libelle: 'Rayonnements', couleur: '#9c36b5' },
  { code: 'vibrations', libelle: 'Vibrations', couleur: '#1098ad' },
  { code: 'espace-confine', libelle: 'Espace confiné', couleur: '#087f5b' },
  { code: 'psychosociaux', libelle: 'Risques psychosociaux', couleur: '#c2255c' },
  { code: 'coactivite', libelle: 'Entreprises extérieures et coactivité', couleur: '#3b5bdb' },
];

/** The two axes of a risk's assessment: gravité (G) and fréquence (F) (domain: DUER, G × F). */
export const RISQUE_AXES = ['gravite', 'frequence'] as const;
export type RisqueAxe = (typeof RISQUE_AXES)[number];

/** Default scales, 4 levels each (the company may rename or change them). */
export const RISQUE_ECHELLE_DEFAUT: Record<RisqueAxe, readonly { niveau: number; libelle: string }[]> = {
  gravite: [
    { niveau: 1, libelle: 'Faible (premiers soins)' },
    { niveau: 2, libelle: 'Moyenne (accident avec arrêt)' },
    { niveau: 3, libelle: 'Grave (incapacité permanente)' },
    { niveau: 4, libelle: 'Très grave (mortel ou irréversible)' },
  ],
  frequence: [
    { niveau: 1, libelle: 'Rare' },
    { niveau: 2, libelle: 'Occasionnelle' },
    { niveau: 3, libelle: 'Fréquente' },
    { niveau: 4, libelle: 'Permanente' },
  ],
};

export type NiveauCriticite = 'faible' | 'moyen' | 'eleve';

/** Criticité = G × F, and its zone against the largest product the scales allow (≤ 25 % faible, ≤ 50 % moyen). */
export function criticite(g: number | null, f: number | null, maxG = 4, maxF = 4): { valeur: number; niveau: NiveauCriticite } | null {
  if (g === null || f === null || maxG <= 0 || maxF <= 0) return null;
  const valeur = g * f;
  const ratio = valeur / (maxG * maxF);
  return { valeur, niveau: ratio <= 0.25 ? 'faible' : ratio <= 0.5 ? 'moyen' : 'eleve' };
}

/**
 * The equipment whose risks apply to a node, from its path (root → node) with each node's `hideRisquesParent`: the
 * node itself, then its ancestors upwards, stopping after the first one (the node included) that hides its parent's.
 */
export function risqueSources(path: readonly { id: number; hideRisquesParent: boolean }[]): number[] {
  const out: number[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    out.push(path[i].id);
    if (path[i].hideRisquesParent) break;
  }
  return out;
}
