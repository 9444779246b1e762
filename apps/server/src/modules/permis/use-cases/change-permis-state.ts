import { type EtatPermis, estExpire, type PermisCancel, type PermisResume, type PermisSuspend, transitionPermis } from '@app/contracts';
import type { z } from 'zod';
import { journal } from '../../process/index.ts';
import { closeSuspension, insertSuspension, updatePermis } from '../permis.repository.ts';
import { type PermisCtx, permisView, permitToChange, ruleOrConflict } from './permis-context.ts';

// The changes of state that need no signature of their own: start of works, suspension, resumption, cancellation.
// Each is journaled on the process with who and when (the database's clock).

/** Starts the works of an issued permit (refused once its validity has passed: extend it first). */
export async function startPermis(ctx: PermisCtx, body: { processId: number; version?: number }) {
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version);
  const etat = row.etat as EtatPermis;
  const to = ruleOrConflict(() => transitionPermis(etat, 'demarrer', { expire: estExpire({ etat, dateFin: row.dateFin }, now) }));
  await updatePermis(ctx.tx, row.id, { etat: to, demarreAt: now });
  await journal(ctx.tx, process, ctx.caller.userId, 'permis-etat', null, { etat }, { etat: to, at: now.toISOString() });
  return permisView(ctx.tx, ctx.caller, process, row);
}

/** Suspends a permit in progress (alarm, change of conditions): its reason, who and when. */
export async function suspendPermis(ctx: PermisCtx, body: z.output<typeof PermisSuspend>) {
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version);
  const etat = row.etat as EtatPermis;
  const to = ruleOrConflict(() => transitionPermis(etat, 'suspendre', { expire: estExpire({ etat, dateFin: row.dateFin }, now) }));
  await insertSuspension(ctx.tx, { entrepriseId: row.entrepriseId, permisId: row.id, motif: body.motif, suspenduPar: ctx.caller.userId });
  await updatePermis(ctx.tx, row.id, { etat: to });
  await journal(
    ctx.tx,
    process,
    ctx.caller.userId,
    'permis-suspension',
    null,
    { etat },
    { etat: to, motif: body.motif, at: now.toISOString() },
  );
  return permisView(ctx.tx, ctx.caller, process, row);
}

/** Resumes a suspended permit still valid: who, when, what was checked. */
export async function resumePermis(ctx: PermisCtx, body: z.output<typeof PermisResume>) {
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version);
  const etat = row.etat as EtatPermis;
  const to = ruleOrConflict(() => transitionPermis(etat, 'reprendre', { expire: estExpire({ etat, dateFin: row.dateFin }, now) }));
  const observation = body.observation || null;
  await closeSuspension(ctx.tx, row.id, ctx.caller.userId, observation);
  await updatePermis(ctx.tx, row.id, { etat: to });
  await journal(ctx.tx, process, ctx.caller.userId, 'permis-reprise', null, { etat }, { etat: to, observation, at: now.toISOString() });
  return permisView(ctx.tx, ctx.caller, process, row);
}

/** Cancels a permit whose works have not started; it is kept, with who, when and why. */
export async function cancelPermis(ctx: PermisCtx, body: z.output<typeof PermisCancel>) {
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version);
  const etat = row.etat as EtatPermis;
  const to = ruleOrConflict(() => transitionPermis(etat, 'annuler', { expire: estExpire({ etat, dateFin: row.dateFin }, now) }));
  await updatePermis(ctx.tx, row.id, { etat: to, annuleAt: now, annulePar: ctx.caller.userId, motifAnnulation: body.motif });
  await journal(
    ctx.tx,
    process,
    ctx.caller.userId,
    'permis-annulation',
    null,
    { etat },
    { etat: to, motif: body.motif, at: now.toISOString() },
  );
  return permisView(ctx.tx, ctx.caller, process, row);
}
