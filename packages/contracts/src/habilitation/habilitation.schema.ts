import { z } from 'zod';
import { ref, refs, target } from '../common/references.ts';
import { Abilities, DateIso, TEXT_MAX, withChanges } from '../common/schemas.ts';
import { ETATS_ECHEANCE, ETATS_TITRE } from './habilitation-rules.ts';

// Habilitations (Module D, NF C18-510): the company's symbol catalogue (`habilitation`, S 73), titles and their
// holdings (S 205, « habilitations » CRUD of titles and holders), process habilitations (S 167), medical visits
// (S 177) and the habilitation matrix. Field names: the spec's where it names them (modules.md D.1), else French.

const Texte = z.string().trim().max(TEXT_MAX.name);
const Commentaire = z.string().trim().max(TEXT_MAX.comment);
const Version = z.number().int().min(0).optional();

// ---------------------------------------------------------------- symbols (habilitation)

export const DOMAINES_SYMBOLE = ['B', 'H'] as const;
/** 2nd character: 0 non-electrical, 1 exécutant, 2 chargé de travaux, C consignation, R/S interventions BT, E specific, P photovoltaic, F fouille. */
export const CARACTERES_SYMBOLE = ['0', '1', '2', 'C', 'R', 'S', 'E', 'P', 'F'] as const;
/** 3rd character: T live work, V voisinage, N live cleaning, X special. */
export const NATURES_SYMBOLE = ['T', 'V', 'N', 'X'] as const;
export const ATTRIBUTS_SYMBOLE = ['Essai', 'Vérification', 'Mesurage', 'Manœuvre'] as const;

/** A symbol of the company's catalogue (`habilitation`), with the symbols it directly covers. */
export const Symbole = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  code: z.string(),
  libelle: z.string(),
  domaine: z.enum(DOMAINES_SYMBOLE).nullable(),
  caractere: z.string().nullable(),
  nature: z.enum(NATURES_SYMBOLE).nullable(),
  attribut: z.enum(ATTRIBUTS_SYMBOLE).nullable(),
  /** False for B0/H0 (and H0V, B0 chargé de chantier): no medical attestation needed (décret 2025-355). */
  medicalRequis: z.boolean(),
  /** Recyclage period of this symbol in months; null = the company's default. */
  recyclageMois: z.number().int().nullable(),
  actif: z.boolean(),
  idx: z.number().int(),
  /** The symbols this one directly covers (B2V → B2, B1V); coverage is transitive. */
  couvreIds: z.array(z.number().int()),
  couvre: z.array(z.string()),
  /** Symbol of the NF C18-510 set seeded for the company (a company may add its own). */
  standard: z.boolean(),
  abilities: Abilities.optional(),
});
export type Symbole = z.infer<typeof Symbole>;

const Code = z
  .string()
  .trim()
  .min(1, 'Le code est obligatoire')
  .max(40, 'Le code compte au plus 40 caractères')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .\-/]*$/u, 'Le code ne contient que des lettres, des chiffres, espaces, points, tirets');

const symboleFields = {
  code: Code,
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name),
  domaine: z.enum(DOMAINES_SYMBOLE).nullable().optional(),
  caractere: z.enum(CARACTERES_SYMBOLE).nullable().optional(),
  nature: z.enum(NATURES_SYMBOLE).nullable().optional(),
  attribut: z.enum(ATTRIBUTS_SYMBOLE).nullable().optional(),
  medicalRequis: z.boolean().optional(),
  recyclageMois: z.number().int().min(1, 'Au moins 1 mois').max(120, 'Au plus 120 mois').nullable().optional(),
  actif: z.boolean().optional(),
  idx: z.number().int().min(0).max(10_000).optional(),
  couvreIds: refs('habilitation').max(50).optional(),
};
export const SymboleCreate = z.object(symboleFields);
export const SymboleUpdate = withChanges(z.object({ id: target('habilitation'), ...z.object(symboleFields).partial().shape }));
export const SymboleListQuery = z.object({ actif: z.enum(['true', 'false']).optional() });

/** A holder of a symbol as `getHabilitationsByEntreprise` has always answered it, extended with its title. */
export const Titulaire = z.object({
  utilisateurId: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  dateObtention: z.string().nullable(),
  /** Recyclage due date (the former `dateExpiration`, kept under its name). */
  dateExpiration: z.string().nullable(),
  detentionId: z.number().int(),
  titreId: z.number().int().nullable(),
  numero: z.string().nullable(),
  etatTitre: z.enum(ETATS_TITRE).nullable(),
  etat: z.enum(ETATS_ECHEANCE),
});
/** The response of getHabilitationsByEntreprise / customGetHabilitationByEntreprise (tsv 152–153), extended. */
export const Habilitation = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  code: z.string(),
  libelle: z.string(),
  domaine: z.enum(DOMAINES_SYMBOLE).nullable(),
  medicalRequis: z.boolean(),
  recyclageMois: z.number().int().nullable(),
  actif: z.boolean(),
  couvre: z.array(z.string()),
  titulaires: z.array(Titulaire),
});

// ---------------------------------------------------------------- settings

export const HabilitationSetting = z.object({
  /** Company default recyclage period (NF C18-510 recommends 3 years). */
  recyclageMois: z.number().int(),
});
export const HabilitationSettingUpdate = z.object({
  recyclageMois: z.number().int().min(1, 'Au moins 1 mois').max(120, 'Au plus 120 mois'),
});

// ---------------------------------------------------------------- titles and holdings

/** A symbol held on a title, with its scope and recyclage due date. */
export const Detention = z.object({
  id: z.number().int(),
  titreId: z.number().int().nullable(),
  habilitationId: z.number().int(),
  code: z.string(),
  libelle: z.string(),
  /** Scope: free text (domain, installations), an equipment of the registry (its subtree) or a location. */
  domaine: z.string().nullable(),
  equipementId: z.number().int().nullable(),
  equipementLibelle: z.string().nullable(),
  localisationId: z.number().int().nullable(),
  localisationLibelle: z.string().nullable(),
  dateObtention: z.string().nullable(),
  /** Recyclage due date (dateExpiration in the holders' list). */
  dateEcheance: z.string().nullable(),
  restrictions: z.string().nullable(),
  etat: z.enum(ETATS_ECHEANCE),
});
export type Detention = z.infer<typeof Detention>;

export const SignatureTitre = z.object({ utilisateurId: z.number().int(), nom: z.string(), at: z.string() }).nullable();

/** A titre d'habilitation (R4544-10): employer-issued, signed by the employer and by the holder. */
export const TitreHabilitation = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  numero: z.string(),
  utilisateurId: z.number().int(),
  titulaire: z.string(),
  /** The employer as printed on the title (company name by default). */
  employeur: z.string(),
  dateDelivrance: z.string(),
  /** Last day of validity of the title itself, if any (live work, temporary assignment). */
  dateFinValidite: z.string().nullable(),
  /** The training (avis après formation) it rests on. */
  formationId: z.number().int().nullable(),
  observations: z.string().nullable(),
  etat: z.enum(ETATS_TITRE),
  signatureEmployeur: SignatureTitre,
  signatureTitulaire: SignatureTitre,
  revoqueAt: z.string().nullable(),
  motifRevocation: z.string().nullable(),
  /** The title this one renews (replaced once this one is signed by both). */
  remplaceId: z.number().int().nullable(),
  /** The process (habilitation request, software mh) it came from. */
  processId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  detentions: z.array(Detention),
  abilities: Abilities.optional(),
});
export type TitreHabilitation = z.infer<typeof TitreHabilitation>;

export const DetentionInput = z.object({
  habilitationId: ref('habilitation'),
  domaine: Texte.nullable().optional(),
  equipementId: ref('equipement').nullable().optional(),
  localisationId: ref('localisation').nullable().optional(),
  dateObtention: DateIso,
  /** Recyclage due date; computed from the symbol's or the company's period when absent. */
  dateEcheance: DateIso.nullable().optional(),
  restrictions: Commentaire.nullable().optional(),
});

const titreFields = {
  numero: z.string().trim().min(1).max(40).optional(),
  employeur: Texte.optional(),
  dateDelivrance: DateIso,
  dateFinValidite: DateIso.nullable().optional(),
  formationId: z.coerce.number().int().positive().nullable().optional(),
  observations: Commentaire.nullable().optional(),
  detentions: z.array(DetentionInput).min(1, 'Au moins un symbole').max(50),
};
export const TitreCreate = z.object({ utilisateurId: ref('utilisateur'), ...titreFields });
/** Only a draft title is edited; a signed one is renewed (a new draft) or revoked. */
export const TitreUpdate = withChanges(
  z.object({ id: target('titreHabilitation'), version: Version, ...z.object(titreFields).partial().shape }),
  ['id', 'version'],
);
export const TitreSign = z.object({
  id: target('titreHabilitation'),
  /** Signature image (data URL), optional: the signature is the authenticated act, dated by the server. */
  image: z
    .string()
    .max(300_000)
    .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'Image de signature invalide')
    .optional(),
});
export const TitreRevoke = z.object({
  id: target('titreHabilitation'),
  motif: z.string().trim().min(3, 'Le motif est obligatoire').max(TEXT_MAX.comment),
});
export const TitreRenew = z.object({
  id: target('titreHabilitation'),
  /** Day of the recyclage (the new titles' issue and holdings' obtention date); today by default. */
  dateObtention: DateIso.optional(),
});
export const TitreListQuery = z.object({
  utilisateurId: ref('personne').optional(),
  etat: z.enum(ETATS_TITRE).optional(),
  search: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
});
export const TitrePage = z.object({
  items: z.array(TitreHabilitation),
  total: z.number().int(),
  offset: z.number().int(),
  perPage: z.number().int(),
});

// ---------------------------------------------------------------- matrix

export const MatrixQuery = z.object({
  serviceId: ref('service').optional(),
  /** The caller's company (default) or one of its contractors (its EE staff). */
  entrepriseId: ref('entreprise').optional(),
  search: z.string().trim().max(100).optional(),
  /** Only people with something expired or expiring. */
  alerte: z.enum(['true', 'false']).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(500).default(100),
});
export const MatrixCell = z.object({
  habilitationId: z.number().int(),
  code: z.string(),
  detentionId: z.number().int(),
  titreId: z.number().int().nullable(),
  numero: z.string().nullable(),
  etatTitre: z.enum(ETATS_TITRE).nullable(),
  dateObtention: z.string().nullable(),
  dateEcheance: z.string().nullable(),
  /** valide / expire_bientot (≤ 60 days) / expire; a title not signed by both reads as its etatTitre. */
  etat: z.enum(ETATS_ECHEANCE),
});
export const MatrixRow = z.object({
  utilisateurId: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  entrepriseId: z.number().int(),
  entreprise: z.string(),
  serviceId: z.number().int().nullable(),
  service: z.string().nullable(),
  /** Medical attestation: shown to those who read medical follow-up (SuiviMedical), else null. */
  medical: z.object({ validUntil: z.string().nullable(), etat: z.enum([...ETATS_ECHEANCE, 'absente']) }).nullable(),
  cellules: z.array(MatrixCell),
});
export const Matrix = z.object({
  symboles: z.array(z.object({ id: z.number().int(), code: z.string(), libelle: z.string() })),
  items: z.array(MatrixRow),
  total: z.number().int(),
  offset: z.number().int(),
  perPage: z.number().int(),
  /** The companies the filter offers: the caller's and its contractors. */
  entreprises: z.array(z.object({ id: z.number().int(), nom: z.string(), prestataire: z.boolean() })),
});
export type Matrix = z.infer<typeof Matrix>;

// ---------------------------------------------------------------- process habilitations (S 167)

export const SENS_PROCESS_HABILITATION = ['requise', 'accordee'] as const;
export const ProcessHabilitation = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  habilitationId: z.number().int(),
  code: z.string(),
  libelle: z.string(),
  /** requise: needed of the process's signers; accordee: granted when the habilitation request (mh) is validated. */
  sens: z.enum(SENS_PROCESS_HABILITATION),
  /** The person it is requested for / granted to (null: the process's signers). */
  utilisateurId: z.number().int().nullable(),
  utilisateur: z.string().nullable(),
  createdAt: z.string(),
});
export type ProcessHabilitation = z.infer<typeof ProcessHabilitation>;
export const ProcessHabilitationQuery = z.object({ processId: target('process') });
/** Sets the habilitations of a process for one direction (and person): the list given replaces the previous one. */
export const ProcessHabilitationUpdate = z.object({
  processId: target('process'),
  habilitationIds: refs('habilitation').max(50),
  sens: z.enum(SENS_PROCESS_HABILITATION).default('requise'),
  utilisateurId: ref('personne').nullable().optional(),
});

// ---------------------------------------------------------------- medical visits (S 177)

/** VIP, SIR fitness exam, attestation de non contre-indication (décret 2025-355, 5 years), return-to-work, other. */
export const TYPES_VISITE = ['vip', 'sir', 'attestation', 'reprise', 'autre'] as const;
export const RESULTATS_VISITE = ['favorable', 'restrictions', 'defavorable'] as const;
export const VisiteMedicale = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  utilisateurId: z.number().int(),
  utilisateur: z.string(),
  type: z.enum(TYPES_VISITE),
  date: z.string(),
  resultat: z.enum(RESULTATS_VISITE).nullable(),
  validUntil: z.string().nullable(),
  restrictions: z.string().nullable(),
  /** Cancelled visits are kept (who, when, why). */
  annuleeAt: z.string().nullable(),
  motifAnnulation: z.string().nullable(),
  etat: z.enum([...ETATS_ECHEANCE, 'annulee']),
  createdAt: z.string(),
});
export type VisiteMedicale = z.infer<typeof VisiteMedicale>;
const visiteFields = {
  type: z.enum(TYPES_VISITE),
  date: DateIso,
  resultat: z.enum(RESULTATS_VISITE).nullable().optional(),
  /** End of validity; an attestation de non contre-indication defaults to 5 years after its date. */
  validUntil: DateIso.nullable().optional(),
  restrictions: Commentaire.nullable().optional(),
};
export const VisiteCreate = z.object({ utilisateurId: ref('utilisateur'), ...visiteFields });
export const VisiteUpdate = withChanges(z.object({ id: target('visiteMedicale'), ...z.object(visiteFields).partial().shape }));
export const VisiteCancel = z.object({
  id: target('visiteMedicale'),
  motif: z.string().trim().min(3, 'Le motif est obligatoire').max(TEXT_MAX.comment),
});
export const VisitePagingQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(500).default(50),
  utilisateurId: ref('utilisateur').optional(),
  type: z.enum(TYPES_VISITE).optional(),
});
export const VisitePage = z.object({
  items: z.array(VisiteMedicale),
  total: z.number().int(),
  offset: z.number().int(),
  perPage: z.number().int(),
});
export const VisitesQuery = z.object({ utilisateurId: ref('utilisateur').optional() });

// ---------------------------------------------------------------- the gate, as a read

/** Whether a person may act under symbols now (the check a step signature runs), for the screens. */
export const GateQuery = z.object({
  utilisateurId: ref('personne'),
  /** Codes, comma-separated: any one suffices. */
  codes: z.string().trim().min(1).max(400),
});
export const GateAnswer = z.object({ ok: z.boolean(), raisons: z.array(z.string()), message: z.string().nullable() });
