import type { STATUTS_REGISTRE_CONSIGNATION } from '../common/constants.ts';

// The canonical lockout state machine and its rules (ticket 15, domain notes §1), pure and shared by server and web.
// The spec's register codes (CS, TSN…) are mapped onto it per company (registre_code.etat); the defaults are below.
// No zod here: the shell and the register read these constants without loading the schemas (issue 16).

/** The canonical states of a lockout, in the order of its life. */
export const ETATS_CONSIGNATION = [
  'demande',
  'preparee',
  'consignee_etape1',
  'consignee',
  'travaux_autorises',
  'en_cours',
  'interrompue',
  'suspendue_securite',
  'deconsignee_essai',
  'deconsignation_demandee',
  'deconsignee',
  'cloturee',
  'annulee',
] as const;
export type EtatConsignation = (typeof ETATS_CONSIGNATION)[number];

/** The states of a lockout still open: neither déconsignée, clôturée nor annulée (the register's « ouvertes »). */
export const ETATS_CONSIGNATION_OUVERTS: readonly EtatConsignation[] = ETATS_CONSIGNATION.filter(
  (e) => e !== 'deconsignee' && e !== 'cloturee' && e !== 'annulee',
);

export const ETAT_CONSIGNATION_LABELS: Record<EtatConsignation, string> = {
  demande: 'Demandée',
  preparee: 'Préparée',
  consignee_etape1: 'Consignée (1re étape)',
  consignee: 'Consignée',
  travaux_autorises: 'Travaux autorisés',
  en_cours: 'Travaux en cours',
  interrompue: 'Travaux interrompus',
  suspendue_securite: 'Suspendue pour sécurité',
  deconsignee_essai: 'Déconsignée temporairement (essai)',
  deconsignation_demandee: 'Déconsignation demandée',
  deconsignee: 'Déconsignée',
  cloturee: 'Clôturée',
  annulee: 'Annulée',
};

/** One-step or two-step consignation (NF C18-510: attestation de première étape, then the chargé de travaux). */
export const MODES_CONSIGNATION = ['une_etape', 'deux_etapes'] as const;
export type ModeConsignation = (typeof MODES_CONSIGNATION)[number];
export const MODE_CONSIGNATION_LABELS: Record<ModeConsignation, string> = {
  une_etape: 'En une étape',
  deux_etapes: 'En deux étapes',
};

export type CodeRegistre = (typeof STATUTS_REGISTRE_CONSIGNATION)[number];

/** The default meaning of each register code (domain notes §1.11; docs/DECISIONS.md), editable per company. */
export const CODES_REGISTRE_DEFAUT: readonly {
  code: CodeRegistre;
  libelle: string;
  couleur: string;
  icone: string;
  terminal: boolean;
  etat: EtatConsignation;
}[] = [
  { code: 'CS', libelle: 'Consigné', couleur: '#1971c2', icone: 'lock', terminal: false, etat: 'consignee' },
  {
    code: 'TSN',
    libelle: 'Travaux autorisés, non commencés',
    couleur: '#0c8599',
    icone: 'clipboard-check',
    terminal: false,
    etat: 'travaux_autorises',
  },
  { code: 'TS', libelle: 'Travaux en cours sous consignation', couleur: '#2f9e44', icone: 'tool', terminal: false, etat: 'en_cours' },
  {
    code: 'DS',
    libelle: 'Déconsignation demandée',
    couleur: '#e67700',
    icone: 'lock-open',
    terminal: false,
    etat: 'deconsignation_demandee',
  },
  { code: 'DECONS', libelle: 'Déconsigné', couleur: '#495057', icone: 'plug-connected', terminal: true, etat: 'deconsignee' },
  { code: 'ART', libelle: 'Arrêtée (annulée)', couleur: '#868e96', icone: 'ban', terminal: true, etat: 'annulee' },
  {
    code: 'SPS',
    libelle: 'Suspendue pour sécurité',
    couleur: '#c92a2a',
    icone: 'alert-triangle',
    terminal: false,
    etat: 'suspendue_securite',
  },
  {
    code: 'SPD',
    libelle: 'Déconsignée temporairement (essai, réquisition)',
    couleur: '#9c36b5',
    icone: 'bolt',
    terminal: false,
    etat: 'deconsignee_essai',
  },
  { code: 'IT', libelle: 'Interruption de travail', couleur: '#f08c00', icone: 'player-pause', terminal: false, etat: 'interrompue' },
];

/** States where the ouvrage is under a full consignation: a daughter may exist and work. */
export const ETATS_CONSIGNES: readonly EtatConsignation[] = [
  'consignee',
  'travaux_autorises',
  'en_cours',
  'interrompue',
  'suspendue_securite',
];
/** States after which nothing moves any more. */
export const ETATS_FINAUX: readonly EtatConsignation[] = ['cloturee', 'annulee'];

/**
 * The allowed moves (from → to). Cancellation only before anything is padlocked; once consigned, a lockout ends by
 * déconsignation (docs/DECISIONS.md). The guards (mode, daughters, padlocks, avis, blockers) are in `checkTransition`.
 */
export const TRANSITIONS_CONSIGNATION: Record<EtatConsignation, readonly EtatConsignation[]> = {
  demande: ['preparee', 'annulee'],
  preparee: ['consignee', 'consignee_etape1', 'demande', 'annulee'],
  consignee_etape1: ['consignee', 'deconsignation_demandee'],
  consignee: ['travaux_autorises', 'en_cours', 'deconsignee_essai', 'suspendue_securite', 'deconsignation_demandee'],
  travaux_autorises: ['en_cours', 'interrompue', 'suspendue_securite', 'deconsignee_essai', 'deconsignation_demandee'],
  en_cours: ['interrompue', 'suspendue_securite', 'deconsignee_essai', 'deconsignation_demandee'],
  interrompue: ['en_cours', 'suspendue_securite', 'deconsignee_essai', 'deconsignation_demandee'],
  suspendue_securite: ['en_cours', 'deconsignation_demandee'],
  deconsignee_essai: ['consignee', 'deconsignation_demandee'],
  deconsignation_demandee: ['deconsignee', 'en_cours'],
  deconsignee: ['cloturee'],
  cloturee: [],
  annulee: [],
};

/** What a move depends on besides the two states, gathered by the server in the transaction. */
export interface TransitionContext {
  mode: ModeConsignation;
  /** A daughter lockout (type 7): its mother's state, null when it has none. */
  etatMere?: EtatConsignation | null;
  /** An essai or réquisition open on the mother (a daughter cannot resume meanwhile). */
  essaiSurMere?: boolean;
  /** Open daughters (numbers shown to the user). */
  fillesOuvertes?: readonly string[];
  /** Personal padlocks still on (workers' names). */
  cadenasPoses?: readonly string[];
  /** Avis de fin de travail signed by this lockout (at least one is needed before déconsignation). */
  avisFinTravail?: number;
  /** Other modules' blocking reasons (registerDeconsignationBlocker: « Permis N° x non clos »). */
  bloqueurs?: readonly string[];
  /** Operations still to sign before this attestation (labels). */
  operationsManquantes?: readonly string[];
}

export type TransitionResult = { ok: true } | { ok: false; raison: string };

const list = (xs: readonly string[]) => xs.join(', ');

/** Whether a lockout may move from one state to another, with the French reason of a refusal. */
export function checkTransition(from: EtatConsignation, to: EtatConsignation, c: TransitionContext): TransitionResult {
  const no = (raison: string): TransitionResult => ({ ok: false, raison });
  if (from === to) return { ok: true };
  if (!TRANSITIONS_CONSIGNATION[from].includes(to))
    return no(`Passage de « ${ETAT_CONSIGNATION_LABELS[from]} » à « ${ETAT_CONSIGNATION_LABELS[to]} » impossible pour une consignation.`);
  if (from === 'preparee' && to === 'consignee' && c.mode === 'deux_etapes')
    return no('Consignation en deux étapes : l’attestation de première étape vient d’abord.');
  if (to === 'consignee_etape1' && c.mode !== 'deux_etapes') return no('Consignation en une étape : pas d’attestation de première étape.');
  if ((to === 'consignee' || to === 'consignee_etape1') && c.operationsManquantes?.length)
    return no(`Opérations de consignation à signer d’abord : ${list(c.operationsManquantes)}.`);
  // A daughter works only under its consigned mother (domain §1.7).
  if (c.etatMere !== undefined && c.etatMere !== null && ['consignee', 'travaux_autorises', 'en_cours'].includes(to)) {
    if (!ETATS_CONSIGNES.includes(c.etatMere))
      return no(`La consignation mère n’est pas consignée (${ETAT_CONSIGNATION_LABELS[c.etatMere]}) : la fille ne peut pas reprendre.`);
    if (c.essaiSurMere) return no('Un essai ou une réquisition est en cours sur la consignation mère : les travaux restent interrompus.');
  }
  if (to === 'deconsignation_demandee' || to === 'deconsignee') {
    const raisons: string[] = [];
    if (c.fillesOuvertes?.length) raisons.push(`consignations filles encore ouvertes : ${list(c.fillesOuvertes)}`);
    if (from !== 'consignee_etape1' && from !== 'deconsignation_demandee' && !c.avisFinTravail)
      raisons.push('aucun avis de fin de travail signé');
    if (to === 'deconsignee' && c.cadenasPoses?.length) raisons.push(`cadenas personnels encore posés : ${list(c.cadenasPoses)}`);
    raisons.push(...(c.bloqueurs ?? []));
    if (raisons.length) return no(`Déconsignation impossible : ${raisons.join(' ; ')}.`);
  }
  return { ok: true };
}

/** The states a lockout may move to now, each with its refusal reason (the process screen's buttons). */
export function allowedTransitions(from: EtatConsignation, c: TransitionContext): { etat: EtatConsignation; result: TransitionResult }[] {
  return TRANSITIONS_CONSIGNATION[from].map((etat) => ({ etat, result: checkTransition(from, etat, c) }));
}

/** Whether a daughter counts as open for its mother: not ended and no avis de fin de travail signed. */
export function filleOuverte(f: { etat: EtatConsignation; avisFinTravail: number }): boolean {
  return !['deconsignee', 'cloturee', 'annulee', 'deconsignation_demandee'].includes(f.etat) && f.avisFinTravail === 0;
}

/** A daughter is created only under a consigned mother (domain §1.7); the French refusal, or null. */
export function refusCreationFille(etatMere: EtatConsignation | null): string | null {
  if (etatMere === null) return 'Une consignation fille se rattache à une consignation mère (type 2).';
  return ETATS_CONSIGNES.includes(etatMere)
    ? null
    : `Une consignation fille ne se crée que sous une mère consignée ; la mère est « ${ETAT_CONSIGNATION_LABELS[etatMere]} ».`;
}

/** The state a daughter takes when an essai or réquisition starts on its mother: open daughters at work are interrupted. */
export function etatFilleSousEssai(etat: EtatConsignation): EtatConsignation {
  return ['consignee', 'travaux_autorises', 'en_cours'].includes(etat) ? 'interrompue' : etat;
}

// ---------------------------------------------------------------- operations (NF C18-510, INRS ED 6109)

export const OPERATIONS_CONSIGNATION = ['separation', 'purge', 'condamnation', 'identification', 'vat', 'malt_cc', 'verification'] as const;
export type OperationConsignation = (typeof OPERATIONS_CONSIGNATION)[number];
export const OPERATION_LABELS: Record<OperationConsignation, string> = {
  separation: 'Séparation',
  purge: 'Purge / dissipation',
  condamnation: 'Condamnation',
  identification: 'Identification',
  vat: "Vérification d'absence de tension (VAT)",
  malt_cc: 'Mise à la terre et en court-circuit (MALT/CC)',
  verification: "Vérification (absence de pression, d'écoulement, de mouvement)",
};

const ELECTRIQUE: readonly OperationConsignation[] = ['separation', 'condamnation', 'identification', 'vat', 'malt_cc'];
const AUTRE: readonly OperationConsignation[] = ['separation', 'purge', 'condamnation', 'verification'];

/** The operations a lockout needs, in order, given its points' energies (electrical: NF C18-510's five; others: ED 6109's four). */
export function operationsRequises(energies: readonly string[]): OperationConsignation[] {
  const elec = energies.length === 0 || energies.includes('electrique');
  const other = energies.some((e) => e !== 'electrique');
  const wanted = new Set<OperationConsignation>([...(elec ? ELECTRIQUE : []), ...(other ? AUTRE : [])]);
  return OPERATIONS_CONSIGNATION.filter((o) => wanted.has(o));
}

/** The first step of a two-step consignation (the chargé de consignation): séparation, purge, condamnation. */
export const OPERATIONS_PREMIERE_ETAPE: readonly OperationConsignation[] = ['separation', 'purge', 'condamnation'];

/** Operations still missing before an attestation: the first step's for the attestation de première étape, all otherwise. */
export function operationsManquantes(
  requises: readonly OperationConsignation[],
  faites: readonly OperationConsignation[],
  attestation: TypeAttestation,
): OperationConsignation[] {
  const scope = attestation === 'premiere_etape' ? requises.filter((o) => OPERATIONS_PREMIERE_ETAPE.includes(o)) : requises;
  return scope.filter((o) => !faites.includes(o));
}

export const TYPES_ATTESTATION = ['premiere_etape', 'consignation'] as const;
export type TypeAttestation = (typeof TYPES_ATTESTATION)[number];
export const TYPE_ATTESTATION_LABELS: Record<TypeAttestation, string> = {
  premiere_etape: 'Attestation de première étape de consignation',
  consignation: 'Attestation de consignation',
};

// ---------------------------------------------------------------- roles (NF C18-510 §1.3, domain §7)

export const ROLES_CONSIGNATION = ['charge_consignation', 'charge_travaux', 'charge_exploitation', 'manoeuvre'] as const;
export type RoleConsignation = (typeof ROLES_CONSIGNATION)[number];
export const ROLE_LABELS: Record<RoleConsignation, string> = {
  charge_consignation: 'Chargé de consignation',
  charge_travaux: 'Chargé de travaux',
  charge_exploitation: "Chargé d'exploitation",
  manoeuvre: 'Chargé de manœuvre',
};
/** The symbols each role needs (any of them, through the habilitation gate); the chargé d'exploitation is appointed, no symbol. */
export const ROLE_HABILITATIONS: Record<RoleConsignation, readonly string[]> = {
  charge_consignation: ['BC', 'HC'],
  charge_travaux: ['B2', 'B2V', 'H2', 'H2V'],
  charge_exploitation: [],
  manoeuvre: ['BE Manœuvre', 'HE Manœuvre'],
};

/**
 * A step's config with a lockout role: `roleConsignation` and the role's symbols in `habilitationsRequises` (the
 * gate the habilitation module already applies). The workflow editor and the demo write it through this.
 */
export function configAvecRole(config: Record<string, unknown>, role: RoleConsignation | null): Record<string, unknown> {
  const { roleConsignation: _r, ...rest } = config;
  if (!role) return rest;
  const symbols = ROLE_HABILITATIONS[role];
  return { ...rest, roleConsignation: role, ...(symbols.length ? { habilitationsRequises: [...symbols] } : {}) };
}

/** A step whose role is set but whose required symbols do not include the role's: the French reason, or null. */
export function refusRoleEtape(config: Record<string, unknown>): string | null {
  const role = config.roleConsignation;
  if (typeof role !== 'string' || !(ROLES_CONSIGNATION as readonly string[]).includes(role)) return null;
  const symbols = ROLE_HABILITATIONS[role as RoleConsignation];
  if (!symbols.length) return null;
  const requis = Array.isArray(config.habilitationsRequises) ? config.habilitationsRequises : [];
  return symbols.some((s) => requis.includes(s))
    ? null
    : `Étape du ${ROLE_LABELS[role as RoleConsignation].toLowerCase()} sans l’habilitation requise (${symbols.join(' ou ')}) : corrigez le workflow.`;
}

/** Whether a process is a lockout: a workflow of package mc, or a process with a type de consignation (1–9). */
export function estConsignation(p: { package: string | null; typeConsignation: number | null }): boolean {
  return p.package === 'mc' || (p.typeConsignation !== null && p.typeConsignation >= 1 && p.typeConsignation <= 9);
}

export const TYPE_MERE = 2;
export const TYPE_FILLE = 7;
/** Essai (3) and réquisition (4): on a mother, they interrupt every open daughter. */
export const TYPES_ESSAI = [3, 4] as const;

/** The code a company shows for a state (its first code standing for it), or null. */
export function codeOfEtat<T extends { code: string; etat: string }>(codes: readonly T[], etat: EtatConsignation): T | null {
  return codes.find((c) => c.etat === etat) ?? null;
}

/** States reached only by signing an attestation (its number, date and time): never by a bare change of status. */
export const ETATS_PAR_ATTESTATION: readonly EtatConsignation[] = ['consignee_etape1', 'consignee'];

/** Why a bare change of status may not reach a state that needs an attestation, or null. */
export function refusSansAttestation(to: EtatConsignation): string | null {
  if (!ETATS_PAR_ATTESTATION.includes(to)) return null;
  return to === 'consignee_etape1'
    ? 'Signez l’attestation de première étape : c’est elle qui fait passer la consignation en première étape.'
    : 'Signez l’attestation de consignation : c’est elle qui fait passer l’ouvrage à « Consignée ».';
}
