import type { Activite, ActiviteInstance } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, conflict, notFound } from '../../../platform/http/errors.ts';
import { accessOf, equipementFor } from '../equipement.access.ts';
import { presentActivite, presentInstance } from '../equipement.presenter.ts';
import {
  activiteRow,
  activitesOf,
  deleteActivite,
  insertActivite,
  insertInstance,
  instanceRow,
  instancesOf,
  updateActivite,
  updateInstance,
  validatedInstances,
} from '../equipement.repository.ts';

export const VALIDATED = 'Cette occurrence est validée : elle ne peut plus être modifiée.';

export async function listActivites(tx: Tx, caller: Caller, equipementId: number): Promise<Activite[]> {
  await equipementFor(tx, caller, await accessOf(tx, caller), equipementId, 'read');
  const acts = await activitesOf(tx, caller.entrepriseId, equipementId);
  const inst = await instancesOf(
    tx,
    caller.entrepriseId,
    acts.map((a) => Number(a.id)),
  );
  return acts.map((a) => presentActivite(a, inst));
}

async function activiteOut(tx: Tx, caller: Caller, id: number): Promise<Activite> {
  const a = await activiteRow(tx, caller.entrepriseId, id);
  if (!a) throw notFound('Activité introuvable.');
  return presentActivite(a, await instancesOf(tx, caller.entrepriseId, [id]));
}

/** A live activity whose equipment the caller may update. */
async function activiteFor(tx: Tx, caller: Caller, id: number) {
  const act = await activiteRow(tx, caller.entrepriseId, id);
  if (!act) throw notFound('Activité introuvable.');
  await equipementFor(tx, caller, await accessOf(tx, caller), Number(act.equipement_id), 'update');
  return act;
}

export async function createActivite(
  tx: Tx,
  caller: Caller,
  equipementId: number,
  v: { libelle: string; description?: string | null; periodiciteJours?: number | null },
) {
  await equipementFor(tx, caller, await accessOf(tx, caller), equipementId, 'update');
  return activiteOut(tx, caller, await insertActivite(tx, caller.entrepriseId, equipementId, v));
}

export async function changeActivite(
  tx: Tx,
  caller: Caller,
  v: { id: number; libelle?: string; description?: string | null; periodiciteJours?: number | null },
) {
  await activiteFor(tx, caller, v.id);
  await updateActivite(tx, caller.entrepriseId, v.id, v);
  return activiteOut(tx, caller, v.id);
}

/** Deletes an activity (soft), refused while one of its occurrences is validated (a validated record stays). */
export async function removeActivite(tx: Tx, caller: Caller, id: number) {
  const act = await activiteFor(tx, caller, id);
  const n = await validatedInstances(tx, caller.entrepriseId, id);
  if (n) throw conflict(`Impossible de supprimer « ${act.libelle} » : ${n} occurrence(s) validée(s).`);
  await deleteActivite(tx, caller.entrepriseId, id);
  return { message: 'Activité supprimée.', id };
}

export async function createInstance(
  tx: Tx,
  caller: Caller,
  v: { objectActiviteId: number; datePrevue?: string | null; commentaire?: string | null },
): Promise<ActiviteInstance> {
  const act = await activiteFor(tx, caller, v.objectActiviteId);
  const id = await insertInstance(tx, caller.entrepriseId, { id: Number(act.id), equipementId: Number(act.equipement_id) }, v);
  return presentInstance((await instanceRow(tx, caller.entrepriseId, id)) as NonNullable<Awaited<ReturnType<typeof instanceRow>>>);
}

/**
 * Moves an occurrence forward (progression, completed, validated). A validated occurrence cannot be edited (409,
 * S 102/S 110); a stale version is refused (409); validating needs it completed (in the same call or before).
 */
export async function changeInstance(
  tx: Tx,
  caller: Caller,
  v: {
    id: number;
    version: number;
    progression?: number;
    completed?: boolean;
    validated?: boolean;
    datePrevue?: string | null;
    commentaire?: string | null;
  },
): Promise<ActiviteInstance> {
  const cur = await instanceRow(tx, caller.entrepriseId, v.id, true);
  if (!cur) throw notFound("Occurrence d'activité introuvable.");
  await equipementFor(tx, caller, await accessOf(tx, caller), Number(cur.equipement_id), 'update');
  if (cur.validated) throw conflict(VALIDATED);
  if (Number(cur.version) !== v.version)
    throw conflict("Cette occurrence a été modifiée entre-temps : rechargez-la avant d'enregistrer.", { version: Number(cur.version) });
  if (v.validated === false) throw new AppError('VALIDATION', "Une occurrence n'est pas « dévalidée » : elle n'est pas encore validée.");
  const completed = v.completed ?? cur.completed;
  if (v.validated && !completed) throw new AppError('VALIDATION', "Une occurrence doit être terminée avant d'être validée.");
  const progression = v.completed ? 100 : v.progression;
  await updateInstance(tx, caller.entrepriseId, v.id, { ...v, progression }, caller.userId);
  return presentInstance((await instanceRow(tx, caller.entrepriseId, v.id)) as NonNullable<Awaited<ReturnType<typeof instanceRow>>>);
}
