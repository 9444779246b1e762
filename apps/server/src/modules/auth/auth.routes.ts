import { API } from '@app/contracts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { withSystem } from '../../platform/db/tenant.ts';
import { publicRoute, type RouteDef, route } from '../../platform/http/route.ts';
import { clearSessionCookie, REMEMBER_TTL_MS, SESSION_COOKIE, setSessionCookie } from '../../platform/http/session-cookie.ts';
import { setUserPhone } from '../utilisateur/index.ts';
import { deleteSession, updateSession } from './auth.repository.ts';
import { activateAccount } from './use-cases/activate-account.ts';
import { changeLogiciel } from './use-cases/change-logiciel.ts';
import { changeRole } from './use-cases/change-role.ts';
import { login } from './use-cases/login.ts';
import { sendOneTimeCode } from './use-cases/one-time-code.ts';
import { saveSetting } from './use-cases/save-setting.ts';
import { buildUserSession } from './use-cases/user-session.ts';
import { validateMfaCode } from './use-cases/validate-mfa-code.ts';

const A = API.auth;

export const authRoutes: RouteDef[] = [
  publicRoute(A.login, async ({ deps, req, reply }, { body }) => {
    const r = await login(deps.database.db, { ...body, ip: req.ip });
    setSessionCookie(req, reply, r.token, r.rememberMe);
    return { message: r.mfaRequired ? 'Code de vérification requis.' : 'Connexion réussie.', mfaRequired: r.mfaRequired };
  }),

  route(A.connectedUser, async ({ tx, caller }) => buildUserSession(tx, caller)),

  route(A.changeLogiciel, async ({ tx, caller }, { body }) => changeLogiciel(tx, caller, body)),

  // A remembered session is extended from now, and its cookie with it.
  route(A.checkRememberMe, async ({ tx, caller, req, reply }) => {
    if (!caller.rememberMe) return { rememberMe: false, expiresAt: caller.expiresAt.toISOString() };
    const expiresAt = new Date(Date.now() + REMEMBER_TTL_MS);
    await updateSession(tx, caller.sessionId, { expiresAt });
    const token = req.cookies[SESSION_COOKIE];
    if (token) setSessionCookie(req, reply, token, true);
    return { rememberMe: true, expiresAt: expiresAt.toISOString() };
  }),

  publicRoute(A.clearCookie, async ({ deps, req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await withSystem(deps.database.db, 'sign-out', (tx) => deleteSession(tx, sha256(token)));
    clearSessionCookie(req, reply);
    return { message: 'Déconnexion réussie.' };
  }),

  route(A.sendCode, async ({ tx, caller, deps }, { query }) => {
    const r = await sendOneTimeCode(tx, deps.mailer, caller, 'mfa', query.channel);
    return {
      message: r.channel === 'sms' ? 'Code envoyé par SMS.' : 'Code envoyé par e-mail.',
      expiresAt: r.expiresAt.toISOString(),
      channel: r.channel,
    };
  }),

  route(A.validateCode, async ({ tx, caller }, { body }) => {
    await validateMfaCode(tx, caller, body.code);
    return { message: 'Code validé.' };
  }),

  route(A.updatePhone, async ({ tx, caller }, { body }) => {
    await setUserPhone(tx, caller.userId, body.telephone);
    return { message: 'Téléphone enregistré avec succès.' };
  }),

  publicRoute(A.validateUser, async ({ deps }, { body }) => {
    await activateAccount(deps.database.db, body.token, body.password);
    return { message: 'Compte activé avec succès. Vous pouvez vous connecter.' };
  }),

  route(API.utilisateur.changeRole, async ({ tx, caller, deps }, { params }) => changeRole(tx, caller, params.id, deps.rights)),

  route(API.utilisateur.saveSetting, async ({ tx, caller }, { body }) => ({
    settings: await saveSetting(tx, caller.userId, body.settings),
  })),
];
