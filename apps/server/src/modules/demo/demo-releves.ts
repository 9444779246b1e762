// Seeding script: writes the workflow, process and gamme modules' tables directly (see index.ts for why).
import { formatDate } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { logiciel } from '../entreprise/entreprise.tables.ts';
import { gamme } from '../gamme/gamme.tables.ts';
import { entrepriseProcessModele } from '../workflow/workflow.tables.ts';
import { createDemoProcesses } from './demo-processes.ts';
import { createDemoWorkflow } from './demo-workflows.ts';

type Rows<T> = { rows: T[] };

/**
 * Acme's « Mes relevés » (software mr): the workflow « Ronde compresseurs » whose first step embeds the round of the
 * gamme (field gamme_releves) and whose responsable's step re-reads the vibrations (etape_gamme_releves); the workflow
 * « Anomalie de relevé » opened by an out-of-range pressure or vibration (the points' workflowModelsToCreate); the
 * alarms of the readings history, each with the anomaly it opened (origin, equipment) — the lists MES_RELEVE shows.
 */
export async function createDemoReleveWorkflows(tx: Tx, acme: number, people: { technicienId: number; responsableId: number }) {
  const [mr] = await tx.select().from(logiciel).where(eq(logiciel.code, 'mr'));
  const [ronde] = await tx
    .select({ id: gamme.id })
    .from(gamme)
    .where(and(eq(gamme.entrepriseId, acme), eq(gamme.libelle, 'Ronde compresseurs')));
  if (!mr || !ronde) return;
  const points = (
    (await tx.execute(
      sql`select id, nom from gamme_modele_metrique where gamme_id = ${ronde.id} and deleted_at is null order by idx`,
    )) as unknown as Rows<{ id: number; nom: string }>
  ).rows;
  const vibrations = points.filter((p) => p.nom.startsWith('Vibrations')).map((p) => p.id);

  const rondeWf = await createDemoWorkflow(
    tx,
    acme,
    'Ronde compresseurs',
    'mr',
    [
      {
        nom: 'Ronde',
        fields: [
          { nom: 'Relevés de la ronde', dataType: 'gamme_releves', required: true, propertyValues: { gammeId: ronde.id } },
          { nom: 'Observations', dataType: 'textarea' },
        ],
      },
      {
        nom: 'Contrôle du responsable',
        validateur: true,
        fields: [
          {
            nom: 'Vibrations contrôlées',
            dataType: 'etape_gamme_releves',
            propertyValues: { gammeId: ronde.id, gammePointIds: vibrations },
          },
          { nom: 'Visa du responsable', dataType: 'signature' },
        ],
      },
    ],
    people.responsableId,
  );
  const anomalie = await createDemoWorkflow(
    tx,
    acme,
    'Anomalie de relevé',
    'mr',
    [
      {
        nom: 'Diagnostic',
        fields: [
          { nom: 'Constat', dataType: 'textarea', required: true },
          { nom: 'Équipement', dataType: 'equipment', propertyValues: { processField: 'equipement' } },
        ],
      },
      {
        nom: 'Remise en état',
        validateur: true,
        fields: [
          { nom: 'Intervention réalisée', dataType: 'textarea' },
          { nom: 'Visa', dataType: 'signature' },
        ],
      },
    ],
    people.responsableId,
  );
  await tx.insert(entrepriseProcessModele).values([
    { entrepriseId: acme, logicielId: mr.id, processModeleId: rondeWf },
    { entrepriseId: acme, logicielId: mr.id, processModeleId: anomalie },
  ]);
  // Out of range on the pressure or the vibrations: an anomaly is opened (set-captured-values does it from now on).
  await tx.execute(sql`update gamme_modele_metrique set workflow_models_to_create = array[${anomalie}::int]
    where gamme_id = ${ronde.id} and (nom like 'Pression de refoulement%' or nom like 'Vibrations%')`);

  // The alarms of the history on those points, each with the anomaly it opened (the oldest ones dealt with).
  const alarms = (
    (await tx.execute(sql`select r.id, r.captured_at, p.nom as point, e.id as equipement_id, e.name as equipement
      from releve r join gamme_modele_metrique p on p.id = r.metrique_id join equipement e on e.id = r.equipement_id
      where r.gamme_id = ${ronde.id} and r.niveau = 'alarm' and p.workflow_models_to_create <> '{}'
      order by r.captured_at`)) as unknown as Rows<{
      id: number;
      captured_at: string | Date;
      point: string;
      equipement_id: number;
      equipement: string;
    }>
  ).rows;
  const nomOf = (a: (typeof alarms)[number]) =>
    `Relevé hors plage (alarme) : ${a.point} — ${formatDate(new Date(a.captured_at).toISOString())}`;
  await createDemoProcesses(
    tx,
    acme,
    anomalie,
    { createur: people.technicienId, validateur: people.responsableId },
    alarms.map((a, i) => ({ nom: nomOf(a), signes: i < alarms.length - 1 ? 2 : 0, equipement: a.equipement })),
  );
  for (const a of alarms) {
    await tx.execute(sql`with p as (
        update process set origin = ${`Relevé (alarme) : ${a.point}`},
          equipement = jsonb_build_object('id', ${a.equipement_id}::int, 'libelle', ${a.equipement}::text)
        where entreprise_id = ${acme} and process_modele_id = ${anomalie} and nom_process = ${nomOf(a)}
        returning id)
      update releve set processes_created = (select array_agg(id) from p) where id = ${a.id}`);
  }
  // Today's round, to be done (its first step embeds the round).
  await createDemoProcesses(tx, acme, rondeWf, { createur: people.technicienId, validateur: people.responsableId }, [
    { nom: 'Ronde compresseurs du jour', signes: 0, equipement: 'Local compresseurs' },
  ]);
}
