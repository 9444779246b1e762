import { API, jsonBytes, type LogicielCodeValue, SETTINGS_BOUNDS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { callerWithProfil } from '../../platform/auth/caller.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { sha256 } from '../../platform/auth/tokens.ts';
import { withSystem } from '../../platform/db/tenant.ts';
import { AppError } from '../../platform/http/errors.ts';
import { publicRoute, type RouteDef, route } from '../../platform/http/route.ts';
import { clearSessionCookie, REMEMBER_TTL_MS, SESSION_COOKIE, setSessionCookie } from '../../platform/http/session-cookie.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import {
  activateAccount,
  activeLogiciels,
  deleteSession,
  findInvitation,
  getProfil,
  loadSessionData,
  setUserPhone,
  updateSession,
  updateUserSettings,
} from './auth.repository.ts';
import { login } from './use-cases/login.ts';
import { consumeOneTimeCode, sendOneTimeCode } from './use-cases/one-time-code.ts';
import { buildUserSession } from './use-cases/user-session.ts';

const A = API.auth;

export const authRoutes: RouteDef[] = [
  publicRoute(A.login, async ({ deps, req, reply }, { body }) => {
    const r = await login(deps.database.db, { ...body, ip: req.ip });
    setSessionCookie(req, reply, r.token, r.rememberMe);
    return { message: r.mfaRequired ? 'Code de vérification requis.' : 'Connexion réussie.', mfaRequired: r.mfaRequired };
  }),

  route(A.connectedUser, async ({ tx, caller }) => buildUserSession(tx, caller)),

  route(A.changeLogiciel, async ({ tx, caller }, { body }) => {
    const logiciels = await activeLogiciels(tx, caller.entrepriseId);
    const target = logiciels.find((l) => l.id === body.logicielId);
    if (!target) throw new AppError('VALIDATION', "Ce logiciel n'est pas activé pour votre entreprise.");
    const data = await loadSessionData(tx, caller.userId);
    const lastVisited = { ...((data?.user.settings as { lastVisited?: Record<string, unknown> })?.lastVisited ?? {}) } as Record<
      string,
      { lastScreen: string | null; lastProcessId: number | null }
    >;
    const previous = caller.logicielCode ?? logiciels[0]?.code;
    if (previous && (body.lastScreen !== undefined || body.lastProcessId !== undefined)) {
      lastVisited[previous] = {
        lastScreen: body.lastScreen ?? lastVisited[previous]?.lastScreen ?? null,
        lastProcessId: body.lastProcessId ?? lastVisited[previous]?.lastProcessId ?? null,
      };
      await updateUserSettings(tx, caller.userId, { lastVisited });
    }
    await updateSession(tx, caller.sessionId, { logicielCode: target.code });
    const remembered = lastVisited[target.code];
    return {
      codeLogiciel: target.code as LogicielCodeValue,
      lastScreen: remembered?.lastScreen ?? null,
      lastProcessId: remembered?.lastProcessId ?? null,
    };
  }),

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
    await consumeOneTimeCode(tx, caller, 'mfa', body.code);
    await updateSession(tx, caller.sessionId, { mfaPending: false });
    return { message: 'Code validé.' };
  }),

  route(A.updatePhone, async ({ tx, caller }, { body }) => {
    await setUserPhone(tx, caller.userId, body.telephone);
    return { message: 'Téléphone enregistré avec succès.' };
  }),

  publicRoute(A.validateUser, async ({ deps }, { body }) => {
    const passwordHash = await hashPassword(body.password);
    await withSystem(deps.database.db, 'account activation by invitation token', async (tx) => {
      const invited = await findInvitation(tx, sha256(body.token));
      if (!invited?.expiresAt || new Date(invited.expiresAt) < new Date()) {
        throw new AppError('VALIDATION', "Lien d'activation invalide ou expiré. Demandez une nouvelle invitation.");
      }
      await activateAccount(tx, invited.id, passwordHash);
    });
    return { message: 'Compte activé avec succès. Vous pouvez vous connecter.' };
  }),

  route(API.utilisateur.changeRole, async ({ tx, caller, deps }, { params }) => {
    const data = await loadSessionData(tx, caller.userId);
    const profil = data?.profils.find((p) => p.id === params.id) ? await getProfil(tx, params.id) : null;
    if (!profil) throw new AppError('FORBIDDEN', 'Ce profil ne vous est pas attribué.');
    await updateSession(tx, caller.sessionId, { profilModeleId: profil.id });
    const [company] = await tx
      .select({ v2: entreprise.permissionsV2, version: entreprise.permissionVersion })
      .from(entreprise)
      .where(eq(entreprise.id, caller.entrepriseId));
    return buildUserSession(tx, await callerWithProfil(tx, caller, profil, company, deps.rights));
  }),

  route(API.utilisateur.saveSetting, async ({ tx, caller }, { body }) => {
    const settings = await updateUserSettings(tx, caller.userId, body.settings);
    // The merged preferences are bounded as a whole, so the session (getConnectedUser) stays small; the error
    // rolls the merge back.
    if (jsonBytes(settings) > SETTINGS_BOUNDS.maxBytes) {
      throw new AppError('VALIDATION', `Préférences trop volumineuses (${SETTINGS_BOUNDS.maxBytes / 1024} Kio au plus en tout).`, [
        { champ: 'settings', message: 'trop volumineux' },
      ]);
    }
    return { settings };
  }),
];
