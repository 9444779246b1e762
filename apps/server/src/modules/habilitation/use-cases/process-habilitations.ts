import type { ProcessHabilitationUpdate } from '@app/contracts';
import { instance } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { journal } from '../../process/index.ts';
import {
  findProcessHabilitation,
  processHabilitations,
  processOf,
  removeProcessHabilitation,
  setProcessHabilitations,
} from '../habilitation.repository.ts';

/** A process the caller reads (row-level security: another company's is not found), and may act on. */
async function processOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number, action: 'read' | 'update') {
  const p = foundOrThrow(await processOf(ctx.tx, id), 'Processus introuvable.');
  if (!ctx.caller.ability.can(action, instance('Process', { id: p.id, entrepriseId: p.entrepriseId }))) throw new AppError('FORBIDDEN');
  return p;
}

export async function habilitationsOfProcess(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number) {
  await processOrThrow(ctx, processId, 'read');
  return processHabilitations(ctx.tx, processId);
}

/** Sets the required (or granted) habilitations of a running process; journaled. Refused once it has ended. */
export async function updateProcessHabilitations(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof ProcessHabilitationUpdate>) {
  const { tx, caller } = ctx;
  const p = await processOrThrow(ctx, body.processId, 'update');
  if (p.etat !== 'en_cours') throw new AppError('CONFLICT', 'Ce processus est terminé : ses habilitations ne changent plus.');
  const before = (await processHabilitations(tx, p.id)).map((h) => h.code);
  const r = await setProcessHabilitations(tx, {
    entrepriseId: p.entrepriseId,
    processId: p.id,
    sens: body.sens,
    utilisateurId: body.utilisateurId ?? null,
    habilitationIds: [...new Set(body.habilitationIds)],
    by: caller.userId,
  });
  const after = await processHabilitations(tx, p.id);
  if (r.added || r.removed)
    await journal(
      tx,
      { id: p.id, entrepriseId: p.entrepriseId },
      caller.userId,
      'habilitations',
      null,
      { habilitations: before },
      {
        habilitations: after.map((h) => h.code),
      },
    );
  return after;
}

export async function removeProcessHabilitationOf(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  const { tx, caller } = ctx;
  const ph = foundOrThrow(await findProcessHabilitation(tx, id), 'Habilitation du processus introuvable.');
  const p = await processOrThrow(ctx, ph.processId, 'update');
  if (p.etat !== 'en_cours') throw new AppError('CONFLICT', 'Ce processus est terminé : ses habilitations ne changent plus.');
  const before = (await processHabilitations(tx, p.id)).map((h) => h.code);
  await removeProcessHabilitation(tx, id, caller.userId);
  await journal(
    tx,
    { id: p.id, entrepriseId: p.entrepriseId },
    caller.userId,
    'habilitations',
    null,
    { habilitations: before },
    {
      habilitations: (await processHabilitations(tx, p.id)).map((h) => h.code),
    },
  );
  return { message: 'Habilitation retirée du processus.', id };
}
