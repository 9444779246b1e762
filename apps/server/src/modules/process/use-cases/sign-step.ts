import { checkTimeRules, lastSignatureOf, type ProcessSign, sign, timeRulesOf } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { checkStepSigning, gateSignature, processEnded, stepValidated } from '../process.hooks.ts';
import { announce, findProcess, hashOfStep, journal, type ProcessRow, saveEngineState, updateProcessRow } from '../process.repository.ts';
import { addSignature, hasSignedStep } from '../process-signatures.repository.ts';
import {
  assertEditable,
  assertVersion,
  engineContext,
  lockedSharedProcessOrThrow,
  missingRequired,
  processScope,
  transitionOrConflict,
} from './engine-helpers.ts';
import { headerFromFields } from './header-values.ts';
import { assertCanAct } from './step-permission.ts';
import { updateProcess } from './update-process.ts';

/**
 * Signs and validates the current step: values sent with the signature are saved first, each signature covers the
 * step's values (hash), required fields must be filled, then the next step becomes current (or the process ends).
 * Idempotent: a retried request naming a step already validated with the caller's signature answers the process as
 * it is; concurrent requests wait on the process row.
 */
export async function signStep(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, body: z.output<typeof ProcessSign>): Promise<ProcessRow> {
  const { tx, caller } = ctx;
  const p0 = await lockedSharedProcessOrThrow(tx, caller, body.id);
  assertCan(caller.ability, 'update', 'Process', { id: p0.id, entrepriseId: p0.entrepriseId });
  if (body.etapeId !== undefined) {
    const c0 = await engineContext(tx, p0);
    const target = c0.steps.find((s) => s.id === body.etapeId);
    if (!target) throw notFound('Étape introuvable dans ce processus.');
    const rec = c0.state.steps.find((s) => s.etapeId === target.id);
    if (rec?.isValid && target.ordre !== c0.state.currentOrdre) {
      const signedByMe = await hasSignedStep(tx, p0.id, target.id, caller.userId);
      if (signedByMe || !c0.fields.some((f) => f.etapeId === target.id && f.dataType === 'signature')) return p0;
      throw new AppError('CONFLICT', 'Cette étape a déjà été validée par quelqu’un d’autre.');
    }
    if (target.ordre !== c0.state.currentOrdre) throw new AppError('CONFLICT', 'Cette étape n’est pas l’étape courante du processus.');
  }
  assertVersion(p0, body.version);
  assertEditable(p0);
  const p = body.rawData && Object.keys(body.rawData).length ? await updateProcess(ctx, { id: p0.id, rawData: body.rawData }) : p0;
  const { fields, state, current } = await engineContext(tx, p);
  const values = (p.rawData ?? {}) as Record<string, unknown>;
  await assertCanAct(tx, caller, p, state, current, values);
  if (!current) throw new AppError('CONFLICT', 'Ce processus est terminé.');
  // The signed step's source fields fill the header values still empty, before the time rules read the dates.
  const filled = await headerFromFields(ctx, p, fields, values, { fill: current.id });
  if (Object.keys(filled).length) {
    await updateProcessRow(tx, p.id, filled);
    await journal(
      tx,
      p,
      caller.userId,
      'modification',
      { id: current.id, ordre: current.ordre },
      Object.fromEntries(Object.keys(filled).map((k) => [k, (p as Record<string, unknown>)[k] ?? null])),
      filled,
    );
  }
  const now = new Date();
  const next = transitionOrConflict(() => sign(state, now.toISOString()));
  const refused = checkTimeRules(
    timeRulesOf(current.config as Record<string, unknown>),
    { ...p, ...filled } as ProcessRow,
    lastSignatureOf(state.steps),
    now,
    {
      closing: next.etat === 'termine',
    },
  );
  if (refused) throw new AppError('CONFLICT', refused.message, { regle: refused.rule, a: refused.at });
  // A step requiring habilitations: the signer's title, recyclage and medical attestation must be valid now.
  const habilitation = await gateSignature(tx, {
    caller,
    process: p,
    etape: { id: current.id, nom: current.nom, config: (current.config ?? {}) as Record<string, unknown> },
    at: now,
  });
  const hookStep = { id: current.id, nom: current.nom, ordre: current.ordre, config: (current.config ?? {}) as Record<string, unknown> };
  // Other modules' rules on signing (ticket 15: lockouts, permits, conflicts).
  await checkStepSigning(tx, { caller, process: p, etape: hookStep, validates: true, closing: next.etat === 'termine', at: now });
  const hash = hashOfStep(
    current.id,
    fields.filter((f) => f.etapeId === current.id).map((f) => f.id),
    values,
  );
  for (const s of body.signatures ?? []) {
    const f = fields.find((x) => x.id === s.metriqueId);
    if (!f || f.etapeId !== current.id || f.dataType !== 'signature') {
      throw new AppError('VALIDATION', 'Signature pour un champ qui n’est pas une signature de l’étape courante.', [
        { champ: 'signatures', message: String(s.metriqueId) },
      ]);
    }
    await addSignature(tx, {
      entrepriseId: p.entrepriseId,
      processId: p.id,
      etapeId: current.id,
      metriqueId: f.id,
      utilisateurId: caller.userId,
      image: s.image,
      hash,
      habilitation,
    });
  }
  const missing = await missingRequired(tx, p, current, fields, values);
  if (missing.length) {
    throw new AppError(
      'VALIDATION',
      `Champs obligatoires à remplir avant de signer : ${missing.map((m) => m.nom).join(', ')}.`,
      missing.map((m) => ({ champ: `rawData.${m.id}`, message: m.nom })),
    );
  }
  await saveEngineState(tx, p, next, caller.userId);
  await journal(
    tx,
    p,
    caller.userId,
    next.etat === 'termine' ? 'signature-cloture' : 'signature',
    { id: current.id, ordre: current.ordre },
    { etapeOrdre: state.currentOrdre },
    { etapeOrdre: next.currentOrdre, hash, ...(habilitation ? { habilitation } : {}) },
  );
  await stepValidated(tx, { caller, process: p, etape: hookStep, closing: next.etat === 'termine', at: now });
  if (next.etat === 'termine') await processEnded(tx, { caller, process: p });
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return foundOrThrow(await findProcess(tx, processScope(caller), p.id));
}
