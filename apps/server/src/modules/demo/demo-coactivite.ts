// Seeding script: a coactivité conflict on Acme's site (ticket 15), written through the coactivité module's index.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { coactiviteWorkflowActivite, recordDemoConflicts } from '../coactivite/index.ts';
import { createDemoProcesses, demoDay } from './demo-processes.ts';
import { createDemoWorkflow } from './demo-workflows.ts';

const ouiNon = {
  options: [
    { id: 'oui', libelle: 'Oui' },
    { id: 'non', libelle: 'Non' },
  ],
};

/** Work at height: request, risk analysis (access means, the zone below marked out), authorisation, works, closing. */
const TRAVAIL_EN_HAUTEUR = [
  {
    nom: 'Demande',
    fields: [
      { nom: 'Travaux à réaliser', dataType: 'textarea', required: true },
      { nom: 'Lieu ou équipement', dataType: 'equipment', required: true, propertyValues: { processField: 'equipement' } },
      { nom: 'Date de début', dataType: 'date', required: true, propertyValues: { processField: 'dateDebut' } },
      { nom: 'Heure de début', dataType: 'hour', required: true, propertyValues: { processField: 'dateDebut' } },
      { nom: 'Date de fin prévue', dataType: 'date', propertyValues: { processField: 'dateFin' } },
      { nom: 'Heure de fin prévue', dataType: 'hour', propertyValues: { processField: 'dateFin' } },
      { nom: 'Demandeur', dataType: 'created_by' },
    ],
  },
  {
    nom: 'Analyse des risques',
    fields: [
      {
        nom: 'Moyen d’accès',
        dataType: 'select',
        required: true,
        propertyValues: {
          options: [
            { id: 'nacelle', libelle: 'Nacelle (PEMP)' },
            { id: 'echafaudage', libelle: 'Échafaudage' },
          ],
        },
      },
      { nom: 'Zone en dessous balisée et interdite', dataType: 'checkbox', required: true },
      { nom: 'Harnais et longe vérifiés', dataType: 'radio', required: true, propertyValues: ouiNon },
    ],
  },
  {
    nom: 'Autorisation',
    validateur: true,
    fields: [{ nom: 'Signature du donneur d’ordre', dataType: 'signature', required: true }],
  },
  {
    nom: 'Travaux réalisés',
    fields: [
      { nom: 'Travaux terminés', dataType: 'checkbox', required: true },
      { nom: 'Signature de l’intervenant', dataType: 'signature', required: true },
    ],
  },
  {
    nom: 'Clôture',
    fields: [
      { nom: 'Zone restituée, balisage retiré', dataType: 'checkbox', required: true },
      { nom: 'Signature de clôture', dataType: 'signature', required: true },
    ],
  },
];

/**
 * A work-at-height permit asked today on the shop's mezzanine, where Gamma's welding permit of the week is in
 * progress: work at height × work underneath, so the permit's authorisation awaits a named co-signature (its
 * « Coactivité » panel shows it). Seeded after the registry (the permit names a node of the tree).
 */
export async function createDemoCoactivite(tx: Tx, acme: number, people: { admin: number; responsable: number }) {
  const modele = await createDemoWorkflow(tx, acme, 'Permis de travail en hauteur', 'permis', TRAVAIL_EN_HAUTEUR, people.responsable);
  await tx.insert(coactiviteWorkflowActivite).values({ entrepriseId: acme, processModeleId: modele, activites: ['travail', 'hauteur'] });
  const nom = 'Remplacement des luminaires de la mezzanine du magasin';
  await createDemoProcesses(tx, acme, modele, { createur: people.admin, validateur: people.admin }, [
    {
      nom,
      signes: 2,
      equipement: 'Mezzanine du magasin',
      createur: people.admin,
      signataires: [people.admin, people.admin],
      remplissage: { fenetre: { du: demoDay(0), de: '09:00', au: demoDay(0), a: '16:00' } },
    },
  ]);
  // The registry is seeded: the permit names its node (as the registry's seeding links the earlier processes).
  const res = await tx.execute(sql`update process p set equipement = jsonb_build_object('id', e.id, 'libelle', e.name)
    from equipement e where p.entreprise_id = ${acme} and p.process_modele_id = ${modele} and e.entreprise_id = ${acme}
      and e.name = p.equipement ->> 'libelle' and e.deleted_at is null
    returning p.id`);
  const [row] = (res as unknown as { rows: { id: number }[] }).rows;
  if (row) await recordDemoConflicts(tx, acme, row.id, people.admin);
  return nom;
}
