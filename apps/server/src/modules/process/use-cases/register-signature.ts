import type { SignatureRegister } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { checkStepSigning, gateSignature } from '../process.hooks.ts';
import { announce, hashOfStep, journal, type ProcessRow, touchProcess } from '../process.repository.ts';
import { addSignature } from '../process-signatures.repository.ts';
import { assertEditable, engineContext, lockedSharedProcessOrThrow } from './engine-helpers.ts';
import { assertContractorStep } from './step-permission.ts';

/**
 * Signs one signature field of a step not validated yet, without validating the step (several people sign a step
 * before it is validated); the signature covers the step's values as they are. Returns the process and the field.
 */
export async function registerSignature(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof SignatureRegister>,
): Promise<{ process: ProcessRow; metriqueId: number }> {
  const { tx, caller } = ctx;
  const p = await lockedSharedProcessOrThrow(tx, caller, body.processId);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  assertEditable(p);
  const c = await engineContext(tx, p);
  const f = c.fields.find((x) => x.id === body.metriqueId);
  if (f?.dataType !== 'signature') throw new AppError('VALIDATION', "Ce champ n'est pas une signature de ce processus.");
  if (c.state.steps.find((s) => s.etapeId === f.etapeId)?.isValid)
    throw new AppError('CONFLICT', 'Cette étape est validée : elle ne se signe plus.');
  await assertContractorStep(tx, caller, p, c, f.etapeId);
  const step = c.steps.find((s) => s.id === f.etapeId);
  // A step requiring habilitations: each of its signatures is given under a valid one (snapshot kept with it).
  const habilitation = step
    ? await gateSignature(tx, {
        caller,
        process: p,
        etape: { id: step.id, nom: step.nom, config: (step.config ?? {}) as Record<string, unknown> },
        at: new Date(),
      })
    : null;
  if (step)
    await checkStepSigning(tx, {
      caller,
      process: p,
      etape: { id: step.id, nom: step.nom, ordre: step.ordre, config: (step.config ?? {}) as Record<string, unknown> },
      validates: false,
      closing: false,
      at: new Date(),
    });
  await addSignature(tx, {
    entrepriseId: p.entrepriseId,
    processId: p.id,
    etapeId: f.etapeId,
    metriqueId: f.id,
    utilisateurId: caller.userId,
    image: body.image,
    hash: hashOfStep(
      f.etapeId,
      c.fields.filter((x) => x.etapeId === f.etapeId).map((x) => x.id),
      p.rawData as Record<string, unknown>,
    ),
    habilitation,
  });
  await journal(tx, p, caller.userId, 'signature-champ', step ? { id: step.id, ordre: step.ordre } : null, null, {
    metriqueId: f.id,
    ...(habilitation ? { habilitation } : {}),
  });
  await touchProcess(tx, p.id, caller.userId);
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return { process: p, metriqueId: f.id };
}
