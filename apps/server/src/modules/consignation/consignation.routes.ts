import { API } from '@app/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route, Serialized } from '../../platform/http/route.ts';
import { codesOf, updateCode } from './consignation.repository.ts';
import { addPoint, copyPoints } from './use-cases/add-point.ts';
import { changeLockoutState, setLockoutMode } from './use-cases/change-lockout.ts';
import { findRegistre } from './use-cases/find-registre.ts';
import { getLockout, lockoutDetail } from './use-cases/get-lockout.ts';
import { padlockPoint } from './use-cases/padlock-point.ts';
import { putPadlock, removeAbsentPadlock, removePadlock } from './use-cases/personal-padlock.ts';
import { signAttestation } from './use-cases/sign-attestation.ts';
import { signAvis } from './use-cases/sign-avis.ts';
import { signOperation } from './use-cases/sign-operation.ts';

const C = API.consignation;

export const consignationRoutes: RouteDef[] = [
  route(C.codes, async ({ tx, caller }) => codesOf(tx, caller.entrepriseId)),
  route(C.codeUpdate, async ({ tx, caller }, { body }) => {
    const { code, ...set } = body;
    const r = await updateCode(tx, caller.entrepriseId, code, set);
    if (!r) throw notFound('Code du registre introuvable.');
    return r;
  }),
  // A read (no COMMIT awaited) whose rows the use case builds field by field: written without the zod pass per row.
  route(C.registre, async (ctx, { query }) => Serialized.of(await findRegistre(ctx, query)), { readOnly: true }),
  route(C.get, async (ctx, { params }) => getLockout(ctx, params.id)),
  // Every write answers the lockout as the process screen shows it.
  route(C.update, async (ctx, { body }) => lockoutDetail(ctx, await setLockoutMode(ctx, body))),
  route(C.transition, async (ctx, { body }) => lockoutDetail(ctx, await changeLockoutState(ctx, body))),
  route(C.operationSign, async (ctx, { body }) => lockoutDetail(ctx, await signOperation(ctx, body))),
  route(C.pointsCopy, async (ctx, { body }) => lockoutDetail(ctx, await copyPoints(ctx, body.processId))),
  route(C.pointCreate, async (ctx, { body }) => lockoutDetail(ctx, await addPoint(ctx, body))),
  route(C.pointCadenas, async (ctx, { body }) => lockoutDetail(ctx, await padlockPoint(ctx, body))),
  route(C.attestationCreate, async (ctx, { body }) => lockoutDetail(ctx, await signAttestation(ctx, body))),
  route(C.avisFinTravailCreate, async (ctx, { body }) => lockoutDetail(ctx, await signAvis(ctx, body))),
  route(C.cadenasCreate, async (ctx, { body }) => lockoutDetail(ctx, await putPadlock(ctx, body))),
  route(C.cadenasRemove, async (ctx, { body }) => lockoutDetail(ctx, await removePadlock(ctx, body))),
  route(C.cadenasRemoveAbsent, async (ctx, { body }) => lockoutDetail(ctx, await removeAbsentPadlock(ctx, body))),
];
