/** Spec constants (section 4 and 9 of the specification). */

/** Software flavours (logiciels) with their French labels, in menu order. */
export const LOGICIELS = [
  { code: 'mc', libelle: 'Mes consignations' },
  { code: 'permis', libelle: 'Permis' },
  { code: 'pdp', libelle: 'Plan de prévention' },
  { code: 'mh', libelle: 'Mes habilitations' },
  { code: 'qcm2', libelle: 'QCM habilitations' },
  { code: 'mo', libelle: 'Mes ouvrages' },
  { code: 'mr', libelle: 'Mes relevés' },
  { code: 'mm', libelle: 'Ma maintenance' },
  { code: 'formulaires', libelle: 'Formulaires' },
] as const;
export type LogicielCodeValue = (typeof LOGICIELS)[number]['code'];
export const LOGICIEL_CODES = LOGICIELS.map((l) => l.code) as [LogicielCodeValue, ...LogicielCodeValue[]];

/** Step state ids (etatEtape). */
export const ETAT_ETAPE = {
  nonValid: 1,
  default: 2,
  closed: 3,
  nonClosed: 4,
  approved: 5,
  refused: 6,
  terminated: 7,
  reevaluated: 8,
  receptioned: 9,
  nonReceptioned: 10,
  stepChanged: 11,
} as const;

/** Lockout types (typeConsignation). */
export const TYPE_CONSIGNATION = {
  1: 'Consignation',
  2: 'Consignation mère',
  3: 'Essai',
  4: 'Réquisition',
  5: 'Intervention immédiate',
  6: 'Visite',
  7: 'Consignation fille',
  8: 'Permis de travail',
  9: 'Exceptionnel de travaux',
} as const;

/** The label of a lockout type (1–9: « Consignation mère »…), or null for none or an unknown one. */
export function typeConsignationLabel(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Object.hasOwn(TYPE_CONSIGNATION, n) ? TYPE_CONSIGNATION[n as keyof typeof TYPE_CONSIGNATION] : null;
}

/** Lockout register status codes. */
export const STATUTS_REGISTRE_CONSIGNATION = ['CS', 'TSN', 'TS', 'DS', 'DECONS', 'ART', 'SPS', 'SPD', 'IT'] as const;

/** Service model types. */
export const SERVICE_TYPES = ['client', 'provider', 'supplier'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Relation of an external company to a client company. */
export const RELATION_TYPES = ['prestataire', 'fournisseur'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Authentication types of a company; saml and openid go through a separate flow. */
export const AUTH_TYPES = ['password', 'saml', 'openid'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** Profile codes (profil_modele). Supplier-type profiles are listed apart. */
export const PROFIL_CODES = [
  'super_admin',
  'admin',
  'administrateur',
  'responsable',
  'hr_manager',
  'utilisateur',
  'fournisseur_admin',
  'fournisseur_utilisateur',
] as const;
export type ProfilCodeValue = (typeof PROFIL_CODES)[number];

/** Default rows per page of the process store. */
export const DEFAULT_ROWS_PER_PAGE = 100;
/** Default time zone. */
export const DEFAULT_TIMEZONE = 'Europe/Paris';
/** Default password of the demo accounts (documented in the README). */
export const DEMO_PASSWORD = 'Demo-2026!';
/** Process numbers are stored times 100. */
export const PROCESS_NUMBER_FACTOR = 100;
/** Metric idx of normal items stays below this value. */
export const METRIQUE_IDX_LIMIT = 10000;
