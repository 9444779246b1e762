import { randomUUID } from 'node:crypto';
import {
  type GammePoint,
  type Niveau,
  needsComment,
  niveauOfValue,
  numericValue,
  type Releve,
  type SetCapturedValues,
  type SetCapturedValuesResult,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { assertRoundTarget, createProcess, journal } from '../../process/index.ts';
import {
  activiteInstancesOf,
  equipementNames,
  insertReleves,
  knownClientIds,
  type NewReleve,
  pointsByIds,
  relevesByClientIds,
  setProcessesCreated,
} from '../gamme.repository.ts';

type Input = z.output<typeof SetCapturedValues>['values'][number];
type Problem = { champ: string; message: string };

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The value as stored (text) and its number, by the point's kind. */
function storedValue(point: GammePoint, v: Input['value']): { value: string | null; valeurNumerique: number | null } {
  if (isEmpty(v)) return { value: null, valeurNumerique: null };
  if (point.dataType === 'number') {
    const n = numericValue(v);
    return { value: n === null ? String(v) : String(n), valeurNumerique: n };
  }
  if (typeof v === 'boolean') return { value: v ? 'OK' : 'NOK', valeurNumerique: null };
  return { value: String(v), valeurNumerique: null };
}

/**
 * Records readings (one, or a whole round). Idempotent per `clientId`: a reading the company already has (an earlier
 * sending of the same round, even a concurrent one) is returned as recorded, not written again. Every new reading is
 * checked first (the point, its equipment, the activity instance, a number for a numeric point, a comment out of
 * range): one problem refuses the whole call (400 naming each), nothing written. A new reading out of range whose
 * point names workflows (`workflowModelsToCreate`) creates a process of each, linked to the equipment, journaled.
 */
export async function captureReleves(ctx: Ctx, values: Input[]): Promise<SetCapturedValuesResult> {
  const { tx, caller } = ctx;
  const seen = new Set<string>();
  const problems: Problem[] = [];
  values.forEach((v, i) => {
    if (seen.has(v.clientId)) problems.push({ champ: `values.${i}.clientId`, message: 'Ce relevé figure deux fois dans la ronde.' });
    seen.add(v.clientId);
  });
  if (problems.length) throw new AppError('VALIDATION', problems[0].message, problems);

  const already = await knownClientIds(tx, caller.entrepriseId, [...seen]);
  const fresh = values.filter((v) => !already.has(v.clientId));
  const points = await pointsByIds(tx, caller.entrepriseId, [...new Set(fresh.map((v) => v.metriqueId))]);
  const instances = await activiteInstancesOf(
    tx,
    caller.entrepriseId,
    fresh.flatMap((v) => (v.activiteInstanceId ? [v.activiteInstanceId] : [])),
  );
  const rows: (NewReleve & { point: GammePoint })[] = [];
  for (const [i, v] of values.entries()) {
    if (already.has(v.clientId)) continue;
    const at = (champ: string, message: string) => problems.push({ champ: `values.${i}.${champ}`, message });
    const point = points.get(v.metriqueId);
    if (!point) {
      at('metriqueId', 'Point de relevé introuvable.');
      continue;
    }
    if (point.equipementId !== null && point.equipementId !== v.equipementId) {
      at('equipementId', `Le point « ${point.nom} » se relève sur « ${point.equipementName ?? point.equipementId} ».`);
      continue;
    }
    if (v.activiteInstanceId && instances.get(v.activiteInstanceId) !== v.equipementId) {
      at('activiteInstanceId', 'Activité introuvable pour cet équipement.');
      continue;
    }
    if (isEmpty(v.value)) {
      if (point.obligatoire) {
        at('value', `Le point « ${point.nom} » est obligatoire.`);
        continue;
      }
    }
    const niveau: Niveau | null = isEmpty(v.value) ? 'ok' : niveauOfValue(point.dataType, v.value, point);
    if (niveau === null) {
      at('value', `Valeur numérique attendue pour « ${point.nom} ».`);
      continue;
    }
    const comment = v.comment?.trim() ? v.comment.trim() : null;
    if (needsComment(niveau) && !comment) {
      at('comment', `Un commentaire est obligatoire pour la valeur hors plage de « ${point.nom} ».`);
      continue;
    }
    rows.push({
      point,
      entrepriseId: caller.entrepriseId,
      clientId: v.clientId,
      gammeId: point.gammeId,
      metriqueId: point.id,
      equipementId: v.equipementId,
      ...storedValue(point, v.value),
      niveau,
      comment,
      capturedAt: v.capturedAt,
      capturedById: caller.userId,
      activiteInstanceId: v.activiteInstanceId ?? null,
      processId: v.processId ?? null,
    });
  }
  if (problems.length) throw new AppError('VALIDATION', problems.length === 1 ? problems[0].message : 'Relevés invalides.', problems);

  // Readings recorded into a process (its step's reading field): the step must take these points and be the caller's.
  const byProcess = new Map<number, GammePoint[]>();
  for (const r of rows) if (r.processId) byProcess.set(r.processId, [...(byProcess.get(r.processId) ?? []), r.point]);
  for (const [processId, pts] of byProcess) await assertRoundTarget(ctx, processId, pts);

  const written = await insertReleves(
    tx,
    rows.map(({ point: _p, ...r }) => r),
  );
  const recorded = await relevesByClientIds(tx, caller.entrepriseId, [...seen]);
  const toFollow = rows.filter((r) => written.has(r.clientId) && r.niveau !== 'ok' && r.point.workflowModelsToCreate.length);
  if (toFollow.length) {
    const names = await equipementNames(tx, caller.entrepriseId, [...new Set(toFollow.map((r) => r.equipementId))]);
    for (const r of toFollow) {
      const releve = recorded.get(r.clientId) as Releve;
      const created = await processesFor(ctx, r, releve, names.get(r.equipementId) ?? `Équipement ${r.equipementId}`);
      if (created.length) {
        await setProcessesCreated(tx, releve.id, created);
        releve.processesCreated = created;
      }
    }
  }
  const items = values.map((v) => recorded.get(v.clientId) as Releve);
  return { items, created: written.size, alreadyRecorded: values.length - written.size };
}

/** One process per workflow the point names, linked to the equipment, its journal saying which reading opened it. */
async function processesFor(ctx: Ctx, r: NewReleve & { point: GammePoint }, releve: Releve, equipementName: string): Promise<number[]> {
  const out: number[] = [];
  const niveau = r.niveau === 'alarm' ? 'alarme' : 'alerte';
  for (const processModeleId of r.point.workflowModelsToCreate) {
    let row: Awaited<ReturnType<typeof createProcess>>;
    try {
      row = await createProcess(
        ctx,
        {
          processModeleId,
          nomProcess: `Relevé hors plage (${niveau}) : ${r.point.nom} — ${equipementName}`.slice(0, 200),
          equipement: { id: r.equipementId, libelle: equipementName.slice(0, 200) },
        },
        'created',
        // The lists of readings and maintenance show what opened it (« Origine »).
        { origin: `Relevé (${niveau}) : ${r.point.nom}` },
      );
    } catch (e) {
      // A workflow removed since the point was set up: the reading is kept, without that process.
      if (e instanceof AppError && e.code === 'NOT_FOUND') continue;
      throw e;
    }
    await journal(ctx.tx, row, ctx.caller.userId, 'releve-hors-plage', null, null, {
      releveId: releve.id,
      equipementId: r.equipementId,
      point: r.point.nom,
      valeur: r.value,
      unite: r.point.unite,
      niveau: r.niveau,
      commentaire: r.comment,
    });
    out.push(row.id);
  }
  return out;
}

/** One reading: its client id is made here when the device sent none. */
export async function captureReleve(ctx: Ctx, body: Omit<Input, 'clientId'> & { clientId?: string }): Promise<Releve> {
  const r = await captureReleves(ctx, [{ ...body, clientId: body.clientId ?? randomUUID() }]);
  return r.items[0];
}
