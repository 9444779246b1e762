import type { Utilisateur, UtilisateurCreate, UtilisateurUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { Caller } from '../../../platform/auth/caller.ts';
import { newToken, sha256 } from '../../../platform/auth/tokens.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Deps } from '../../../platform/http/route.ts';
import { keepingAPermissionManager } from '../../permission/index.ts';
import { profilsByIds } from '../../profil/index.ts';
import { serviceOf } from '../../service-modele/index.ts';
import { deleteSessionsOfUser, findUser, insertUser, updateUser } from '../utilisateur.repository.ts';

const ADMIN_PROFILES = new Set(['admin', 'administrateur', 'fournisseur_admin']);
const INVITATION_TTL_DAYS = 7;

/** Profiles and service must exist, belong to the company, and never raise someone above the caller. */
async function assertAssignable(tx: Tx, caller: Caller, entrepriseId: number, profilIds: number[], serviceId: number | null | undefined) {
  const ids = [...new Set(profilIds)];
  const profils = await profilsByIds(tx, ids);
  if (profils.length !== ids.length)
    throw new AppError('VALIDATION', 'Profil inconnu.', [{ champ: 'profilId', message: 'Profil inconnu' }]);
  if (profils.some((p) => p.code === 'super_admin')) {
    throw new AppError('FORBIDDEN', 'Le profil Super admin ne peut pas être attribué ici.');
  }
  if (caller.role !== 'admin' && caller.role !== 'super_admin' && profils.some((p) => ADMIN_PROFILES.has(p.code))) {
    throw new AppError('FORBIDDEN', 'Seul un administrateur peut attribuer un profil administrateur.');
  }
  if (serviceId && !(await serviceOf(tx, serviceId, entrepriseId))) {
    throw new AppError('VALIDATION', 'Service inconnu pour cette entreprise.', [{ champ: 'serviceId', message: 'Service inconnu' }]);
  }
}

function fields(b: Partial<z.output<typeof UtilisateurCreate>>) {
  const out: Record<string, unknown> = {};
  const map: Record<string, string> = { serviceId: 'serviceModeleId', profilId: 'profilModeleId' };
  for (const k of [
    'nom',
    'prenom',
    'mail',
    'codeRfid',
    'telephone',
    'fonction',
    'identification',
    'coutHoraire',
    'couleur',
    'serviceId',
    'profilId',
    'profilIds',
    'dateNaissance',
    'enable',
    'isTempAccount',
    'isMfa',
    'signature',
  ] as const) {
    if (b[k] !== undefined) out[map[k] ?? k] = b[k];
  }
  return out;
}

/** Creates a person without a password and mails them an invitation to set one (validate_user). */
export async function createUser(
  tx: Tx,
  deps: Deps,
  caller: Caller,
  useCompany: (id: number) => Promise<void>,
  body: z.output<typeof UtilisateurCreate>,
): Promise<Utilisateur> {
  const entrepriseId = body.entrepriseId ?? caller.entrepriseId;
  await useCompany(entrepriseId);
  await assertAssignable(tx, caller, entrepriseId, [body.profilId, ...(body.profilIds ?? [])], body.serviceId);
  const token = newToken();
  const id = await insertUser(tx, {
    ...(fields(body) as object),
    nom: body.nom,
    prenom: body.prenom,
    mail: body.mail,
    entrepriseId,
    profilIds: [...new Set(body.profilIds ?? [body.profilId])],
    invitationHash: sha256(token),
    invitationExpiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86400_000),
  });
  await deps.mailer.queue(tx, {
    entrepriseId,
    destinataire: body.mail,
    sujet: 'Votre compte a été créé',
    corps:
      `Bonjour ${body.prenom} ${body.nom},\n\nUn compte a été créé pour vous. Choisissez votre mot de passe en ouvrant ce lien ` +
      `(valable ${INVITATION_TTL_DAYS} jours) : ${deps.config.publicUrl}/activation?token=${token}`,
  });
  return foundOrThrow(await findUser(tx, id));
}

export async function updateUserUseCase(tx: Tx, caller: Caller, body: z.output<typeof UtilisateurUpdate>): Promise<Utilisateur> {
  const current = await findUser(tx, body.id);
  // Partners' people are readable, never writable, from the client company.
  if (!current || (current.entrepriseId !== caller.entrepriseId && !caller.isSuperAdmin)) throw notFound('Utilisateur introuvable.');
  if (body.id === caller.userId && body.enable === false) throw new AppError('CONFLICT', 'Vous ne pouvez pas vous désactiver vous-même.');
  if (body.profilId !== undefined || body.profilIds !== undefined || body.serviceId !== undefined) {
    await assertAssignable(
      tx,
      caller,
      current.entrepriseId,
      [body.profilId ?? current.profilId ?? 0, ...(body.profilIds ?? [])].filter(Boolean),
      body.serviceId,
    );
  }
  if (caller.role !== 'admin' && caller.role !== 'super_admin') {
    const target = current.profilId ? (await profilsByIds(tx, [current.profilId]))[0] : null;
    if (target && ADMIN_PROFILES.has(target.code)) throw new AppError('FORBIDDEN', 'Seul un administrateur modifie un administrateur.');
  }
  const patch = fields(body);
  if (body.profilId !== undefined && body.profilIds === undefined) {
    patch.profilIds = [...new Set([body.profilId, ...current.profilIds])];
  }
  const write = () => updateUser(tx, body.id, current.entrepriseId, patch);
  // Profiles and state decide who may manage permissions: the company may not lose its last such person.
  const changesRights = body.enable === false || body.profilId !== undefined || body.profilIds !== undefined;
  await (changesRights ? keepingAPermissionManager(tx, current.entrepriseId, write) : write());
  if (body.enable === false) await deleteSessionsOfUser(tx, body.id);
  return foundOrThrow(await findUser(tx, body.id));
}
