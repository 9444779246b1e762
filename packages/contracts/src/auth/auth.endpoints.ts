import { z } from 'zod';
import { BODY_LIMITS, endpoint } from '../common/endpoint.ts';
import { Message } from '../common/schemas.ts';
import {
  ChangeLogiciel,
  ChangeLogicielResult,
  LoginBody,
  LoginResult,
  RememberMeResult,
  SendCodeResult,
  UpdatePhone,
  UserSession,
  ValidateCode,
  ValidateUser,
} from './auth.schema.ts';
import { signInRoutes } from './sign-in.routes.ts';

const tag = 'Authentification';

export const authEndpoints = {
  login: endpoint({
    ...signInRoutes.login,
    summary: 'Connexion par e-mail et mot de passe (cookie de session httpOnly)',
    tag,
    body: LoginBody,
    bodyLimit: BODY_LIMITS.small,
    response: LoginResult,
    access: { kind: 'public' },
  }),
  connectedUser: endpoint({
    method: 'GET',
    path: '/api/getConnectedUser',
    summary: "Session de l'utilisateur connecté",
    tag,
    response: UserSession,
    access: { kind: 'session' },
  }),
  changeLogiciel: endpoint({
    method: 'POST',
    path: '/api/auth/change_logicicel',
    summary: 'Changer de logiciel (le dernier écran et processus de chaque logiciel sont mémorisés)',
    tag,
    body: ChangeLogiciel,
    response: ChangeLogicielResult,
    access: { kind: 'session' },
  }),
  checkRememberMe: endpoint({
    method: 'POST',
    path: '/api/auth/check_remember_me',
    summary: 'Prolonger une session « Se souvenir de moi »',
    tag,
    response: RememberMeResult,
    access: { kind: 'session' },
  }),
  clearCookie: endpoint({
    method: 'GET',
    path: '/api/auth/clear_cookie',
    summary: 'Déconnexion',
    tag,
    response: Message,
    access: { kind: 'public' },
  }),
  sendCode: endpoint({
    ...signInRoutes.sendCode,
    summary: 'Envoyer un code de vérification à 6 chiffres',
    tag,
    query: z.object({ channel: z.enum(['mail', 'sms']).default('mail') }),
    response: SendCodeResult,
    access: { kind: 'session', allowPendingMfa: true },
  }),
  validateCode: endpoint({
    ...signInRoutes.validateCode,
    summary: 'Valider le code de vérification',
    tag,
    body: ValidateCode,
    response: Message,
    access: { kind: 'session', allowPendingMfa: true },
  }),
  updatePhone: endpoint({
    method: 'PUT',
    path: '/api/auth/update_phone',
    summary: "Numéro de téléphone de l'utilisateur connecté",
    tag,
    body: UpdatePhone,
    response: Message,
    access: { kind: 'session', allowPendingMfa: true },
  }),
  validateUser: endpoint({
    method: 'POST',
    path: '/api/auth/validate_user',
    summary: 'Activer un compte invité et choisir son mot de passe',
    tag,
    body: ValidateUser,
    bodyLimit: BODY_LIMITS.small,
    response: Message,
    access: { kind: 'public' },
  }),
};
