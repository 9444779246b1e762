// Seeding script: writes the workflow module's tables directly (see index.ts for why).
import { configAvecRole } from '@app/contracts';
import type { Tx } from '../../platform/db/engine.ts';
import { etape, etapeAutorisation, metrique, processModele } from '../workflow/workflow.tables.ts';

interface FieldDef {
  key?: string;
  nom: string;
  dataType: string;
  required?: boolean;
  propertyValues?: Record<string, unknown>;
  /** Shown only when the field `key` equals `value`. */
  showWhen?: { key: string; value: string };
}
interface StepDef {
  nom: string;
  config?: Record<string, unknown>;
  fields: FieldDef[];
  /** The step has a named validator (the company's, given at creation). */
  validateur?: boolean;
  profils?: string[];
  /** The step is for the process's contractor companies (rule `prestataire`). */
  prestataire?: boolean;
}

const ouiNon = {
  options: [
    { id: 'oui', libelle: 'Oui', libelles: { en: 'Yes' } },
    { id: 'non', libelle: 'Non', libelles: { en: 'No' } },
  ],
};
const opts = (...labels: string[]) => ({ options: labels.map((l, i) => ({ id: `o${i + 1}`, libelle: l })), multiple: true });

/** Hot-work permit: request, risk analysis and measures, authorisation, works, fire watch, closing. */
export const PERMIS_DE_FEU: StepDef[] = [
  {
    nom: 'Demande',
    fields: [
      { nom: 'Travaux à réaliser', dataType: 'textarea', required: true },
      // Marked fields feed the process's header (lists, boards, filters): propertyValues.processField.
      { nom: 'Lieu ou équipement', dataType: 'equipment', required: true, propertyValues: { processField: 'equipement' } },
      { nom: 'Entreprise intervenante', dataType: 'company', propertyValues: { processField: 'prestataireIds' } },
      { nom: 'Date de début', dataType: 'date', required: true, propertyValues: { processField: 'dateDebut' } },
      { nom: 'Heure de début', dataType: 'hour', required: true, propertyValues: { processField: 'dateDebut' } },
      { nom: 'Date de fin prévue', dataType: 'date', propertyValues: { processField: 'dateFin' } },
      { nom: 'Heure de fin prévue', dataType: 'hour', propertyValues: { processField: 'dateFin' } },
      { nom: 'Durée prévue (h)', dataType: 'number', propertyValues: { min: 0, max: 72, unit: 'h' } },
      { nom: 'Demandeur', dataType: 'created_by' },
    ],
  },
  {
    nom: 'Analyse des risques et mesures de prévention',
    fields: [
      {
        nom: 'Nature du point chaud',
        dataType: 'select',
        required: true,
        propertyValues: {
          options: [
            { id: 'soudure', libelle: 'Soudure' },
            { id: 'meulage', libelle: 'Meulage' },
            { id: 'decoupage', libelle: 'Découpage au chalumeau' },
            { id: 'autre', libelle: 'Autre' },
          ],
        },
      },
      {
        key: 'inflammables',
        nom: 'Matières combustibles ou inflammables à moins de 10 m',
        dataType: 'radio',
        required: true,
        propertyValues: ouiNon,
      },
      {
        nom: 'Mesures pour les matières combustibles',
        dataType: 'textarea',
        required: true,
        showWhen: { key: 'inflammables', value: 'oui' },
      },
      {
        nom: 'Mesures de prévention',
        dataType: 'checkbox_options',
        required: true,
        propertyValues: opts(
          'Zone dégagée et nettoyée',
          'Protections ignifugées en place',
          'Extincteur adapté à proximité',
          'Détection incendie de la zone neutralisée',
          'Ventilation assurée',
        ),
      },
      {
        nom: 'Équipements de protection',
        dataType: 'checkbox_options',
        propertyValues: opts('Tablier de soudeur', 'Masque de soudage', 'Gants', 'Lunettes'),
      },
    ],
  },
  {
    nom: 'Autorisation',
    validateur: true,
    fields: [
      {
        nom: 'Décision',
        dataType: 'radio',
        required: true,
        propertyValues: {
          options: [
            { id: 'accorde', libelle: 'Permis accordé' },
            { id: 'refuse', libelle: 'Permis refusé' },
          ],
        },
      },
      { nom: 'Signature du donneur d’ordre', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Travaux réalisés',
    fields: [
      { nom: 'Travaux terminés', dataType: 'checkbox', required: true },
      { nom: 'Heure de fin des travaux', dataType: 'hour', required: true },
      { nom: 'Signature de l’intervenant', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Surveillance après travaux',
    // The fire watch: its round is signed at least an hour after the works' end was signed.
    config: { timeRules: { minutesAfterPrevious: 60 } },
    fields: [
      { nom: 'Ronde de surveillance effectuée (au moins 1 h après la fin)', dataType: 'checkbox', required: true },
      { nom: 'Heure du contrôle', dataType: 'hour', required: true },
      { nom: 'Observations', dataType: 'textarea' },
      { nom: 'Signature du surveillant', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Clôture',
    validateur: true,
    fields: [
      { nom: 'Zone restituée sans risque résiduel', dataType: 'checkbox', required: true },
      { nom: 'Signature de clôture', dataType: 'signature', required: true },
    ],
  },
];

const confirm = (nom: string): FieldDef => ({ nom, dataType: 'checkbox', required: true });

/** Electrical lockout (NF C18-510): each operation confirmed, then the certificate and the release. */
export const CONSIGNATION_ELECTRIQUE: StepDef[] = [
  {
    nom: 'Demande de consignation',
    // Approved by the chargé d'exploitation: the lockout is prepared (ticket 15).
    config: configAvecRole({ transitionConsignation: 'preparee' }, 'charge_exploitation'),
    fields: [
      { nom: 'Ouvrage à consigner', dataType: 'equipment', required: true, propertyValues: { processField: 'equipement' } },
      { nom: 'Motif des travaux', dataType: 'textarea', required: true },
      { nom: 'Chargé de travaux', dataType: 'employee', required: true, propertyValues: { processField: 'personneEnCharge' } },
      { nom: 'Date souhaitée', dataType: 'date', required: true, propertyValues: { processField: 'dateDebut' } },
      { nom: 'Fin prévue des travaux', dataType: 'date', propertyValues: { processField: 'dateFin' } },
    ],
  },
  {
    nom: 'Séparation',
    config: { operationConsignation: 'separation' },
    fields: [
      { nom: 'Organes de séparation ouverts', dataType: 'text', required: true },
      confirm('Séparation de toutes les sources effectuée (neutre compris)'),
    ],
  },
  {
    nom: 'Condamnation',
    config: { operationConsignation: 'condamnation' },
    fields: [
      { nom: 'Numéros des cadenas', dataType: 'text', required: true },
      confirm('Organes condamnés en position d’ouverture'),
      confirm('Pancarte « Ne pas manœuvrer » posée'),
    ],
  },
  {
    nom: 'Identification',
    config: { operationConsignation: 'identification' },
    fields: [confirm('Ouvrage identifié sur le lieu de travail')],
  },
  {
    nom: 'Vérification d’absence de tension',
    config: { operationConsignation: 'vat' },
    fields: [confirm('VAT effectuée sur chaque conducteur'), confirm('Vérificateur contrôlé avant et après la mesure')],
  },
  {
    nom: 'Mise à la terre et en court-circuit',
    config: { operationConsignation: 'malt_cc' },
    fields: [confirm('MALT et CCT posées au plus près de la zone de travail')],
  },
  {
    nom: 'Attestation de consignation',
    // Signed by the chargé de consignation (BC/HC): the attestation is numbered and the ouvrage is consigned.
    config: configAvecRole({ transitionConsignation: 'consignee' }, 'charge_consignation'),
    validateur: true,
    fields: [
      { nom: 'Signature du chargé de consignation', dataType: 'signature', required: true },
      { nom: 'Signature du chargé de travaux (remise de l’attestation)', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Fin de travaux',
    // The chargé de travaux's avis de fin de travail: the déconsignation is asked for.
    config: configAvecRole({ transitionConsignation: 'deconsignation_demandee' }, 'charge_travaux'),
    fields: [
      confirm('Personnel retiré et outillage évacué'),
      { nom: 'Avis de fin de travaux signé par le chargé de travaux', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Déconsignation',
    config: configAvecRole({ transitionConsignation: 'deconsignee' }, 'charge_consignation'),
    validateur: true,
    fields: [
      confirm('MALT retirées, condamnations levées'),
      { nom: 'Signature du chargé de consignation', dataType: 'signature', required: true },
    ],
  },
];

/** Builds a workflow model from its definition, through the engine's own tables. */
export async function createDemoWorkflow(
  tx: Tx,
  entrepriseId: number,
  libelle: string,
  pkg: string,
  steps: StepDef[],
  /** The company's person who validates the steps marked for a named validator. */
  validateurId: number | null,
): Promise<number> {
  const [m] = await tx.insert(processModele).values({ entrepriseId, libelle, package: pkg }).returning({ id: processModele.id });
  const keys = new Map<string, number>();
  let ordre = 0;
  for (const s of steps) {
    ordre += 1;
    const [e] = await tx
      .insert(etape)
      .values({ entrepriseId, processModeleId: m.id, nom: s.nom, ordre, config: { canReturn: ordre > 1, ...(s.config ?? {}) } })
      .returning({ id: etape.id });
    let idx = 0;
    for (const f of s.fields) {
      idx += 1;
      const conditions = f.showWhen
        ? [{ effect: 'show', tests: [{ metriqueId: keys.get(f.showWhen.key), operator: 'equals', value: f.showWhen.value }] }]
        : [];
      const [row] = await tx
        .insert(metrique)
        .values({
          entrepriseId,
          processModeleId: m.id,
          etapeId: e.id,
          nom: f.nom,
          dataType: f.dataType,
          idx,
          required: f.required ?? false,
          propertyValues: f.propertyValues ?? {},
          conditions,
        })
        .returning({ id: metrique.id });
      if (f.key) keys.set(f.key, row.id);
    }
    if (s.validateur && validateurId) {
      await tx.insert(etapeAutorisation).values({ entrepriseId, etapeId: e.id, type: 'validateur', utilisateurId: validateurId });
    }
    if (s.prestataire) await tx.insert(etapeAutorisation).values({ entrepriseId, etapeId: e.id, type: 'prestataire' });
  }
  return m.id;
}

/**
 * Hot-work permit done by an outside company: the permit of PERMIS_DE_FEU, whose « Travaux réalisés » step is the
 * contractor's (its people fill and sign it; the client's staff do the others).
 */
export const PERMIS_DE_FEU_ENTREPRISE_EXTERIEURE: StepDef[] = PERMIS_DE_FEU.map((s) =>
  s.nom === 'Travaux réalisés' ? { ...s, prestataire: true } : s,
);
