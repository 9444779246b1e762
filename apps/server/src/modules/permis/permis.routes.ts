import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { cancelPermis, resumePermis, startPermis, suspendPermis } from './use-cases/change-permis-state.ts';
import { closePermis } from './use-cases/close-permis.ts';
import { extendPermis } from './use-cases/extend-permis.ts';
import { getPermis, permitsOfLockout } from './use-cases/get-permis.ts';
import { permisSettingOf, updatePermisSetting } from './use-cases/permis-settings.ts';
import { savePermis } from './use-cases/save-permis.ts';
import { signFireWatchCheck } from './use-cases/sign-fire-watch-check.ts';
import { signPermis } from './use-cases/sign-permis.ts';

const P = API.permis;

export const permisRoutes: RouteDef[] = [
  route(P.get, (ctx, { params }) => getPermis(ctx, params.processId)),
  route(P.ofConsignation, (ctx, { params }) => permitsOfLockout(ctx, params.processId)),
  route(P.update, (ctx, { body }) => savePermis(ctx, body)),
  route(P.sign, (ctx, { body }) => signPermis(ctx, body)),
  route(P.start, (ctx, { body }) => startPermis(ctx, body)),
  route(P.extend, (ctx, { body }) => extendPermis(ctx, body)),
  route(P.suspend, (ctx, { body }) => suspendPermis(ctx, body)),
  route(P.resume, (ctx, { body }) => resumePermis(ctx, body)),
  route(P.fireWatchCheck, (ctx, { body }) => signFireWatchCheck(ctx, body)),
  route(P.close, (ctx, { body }) => closePermis(ctx, body)),
  route(P.cancel, (ctx, { body }) => cancelPermis(ctx, body)),
  route(P.settingGet, ({ tx, caller }) => permisSettingOf(tx, caller.entrepriseId)),
  route(P.settingUpdate, (ctx, { body }) => updatePermisSetting(ctx, body)),
];
