// The list variants and their columns, apart from the search's schemas: the web's menu and labels read them in the
// app's first load, which loads no zod (issue 16). process-search.schema.ts re-exports them.

/** Columns a list may show, with their French headers. */
export const LIST_COLUMNS = {
  numero: 'N°',
  nomProcess: 'Nom',
  equipement: 'Équipement',
  prestataire: 'Prestataire',
  workflow: 'Workflow',
  typeConsignation: 'Type de consignation',
  preparateur: 'Préparateur',
  dateDebut: 'Début',
  dateFin: 'Fin',
  status: 'Statut',
  origin: 'Origine',
  article: 'Article',
  quantity: 'Quantité',
  fournisseur: 'Fournisseur',
  dateSouhaitee: 'Date souhaitée',
  niveau: 'Niveau',
  dateDemande: 'Date de demande',
  dateValidation: 'Date de validation',
} as const;
export type ListColumn = keyof typeof LIST_COLUMNS;

/** Sort and filter keys the lists offer (spec section 2). */
export const SORT_KEYS = [
  'numero',
  'equipement',
  'workflow',
  'preparateur',
  'dateDebut',
  'dateFin',
  'status',
  'typeConsignation',
  'nomProcess',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const base: ListColumn[] = [
  'numero',
  'nomProcess',
  'equipement',
  'prestataire',
  'workflow',
  'preparateur',
  'dateDebut',
  'dateFin',
  'status',
];
const withOrigin: ListColumn[] = [
  'numero',
  'nomProcess',
  'equipement',
  'workflow',
  'preparateur',
  'dateDebut',
  'dateFin',
  'status',
  'origin',
];

/**
 * The list variants: the software package of their workflows, their columns in order, their sort and filter
 * choices. Columns of modules not built yet (articles, readings' origin, levels) show what the process holds.
 */
export const LIST_VARIANTS = {
  MON_PDP: {
    libelle: 'Mes plans de prévention',
    package: 'pdp',
    columns: base,
    filters: ['equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'prestataire'],
  },
  MES_OUVRAGE: {
    libelle: 'Mes ouvrages',
    package: 'mo',
    columns: base,
    filters: ['equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'prestataire'],
  },
  PERMIS: {
    libelle: 'Permis',
    package: 'permis',
    columns: base,
    filters: ['equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'prestataire'],
  },
  MES_RELEVE: {
    libelle: 'Mes relevés',
    package: 'mr',
    columns: withOrigin,
    filters: ['equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'origin'],
  },
  MA_MAINTENANCE: {
    libelle: 'Ma maintenance',
    package: 'mm',
    columns: withOrigin,
    filters: ['equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'origin'],
  },
  MES_CONSIGNATIONS: {
    libelle: 'Mes consignations',
    package: 'mc',
    columns: ['numero', 'nomProcess', 'equipement', 'workflow', 'typeConsignation', 'dateDebut', 'dateFin', 'status', 'preparateur'],
    filters: ['equipement', 'workflow', 'preparateur', 'dateDebut', 'dateFin', 'status', 'typeConsignation'],
  },
  STOCKS: {
    libelle: 'Stocks',
    package: 'stock',
    columns: ['numero', 'nomProcess', 'article', 'quantity', 'fournisseur', 'dateSouhaitee', 'status'],
    filters: ['article', 'fournisseur', 'dateDebut', 'preparateur', 'status'],
  },
  MES_HABILITATIONS: {
    libelle: 'Mes habilitations',
    package: 'mh',
    columns: ['numero', 'nomProcess', 'niveau', 'workflow', 'preparateur', 'dateDemande', 'dateValidation', 'status'],
    filters: ['niveau', 'workflow', 'preparateur', 'dateDemande', 'dateValidation', 'status'],
  },
} as const satisfies Record<string, { libelle: string; package: string; columns: ListColumn[]; filters: string[] }>;
export type ListVariant = keyof typeof LIST_VARIANTS;
export const LIST_VARIANT_KEYS = Object.keys(LIST_VARIANTS) as [ListVariant, ...ListVariant[]];
