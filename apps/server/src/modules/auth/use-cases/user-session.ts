import {
  EQUIPEMENT_MENU_SLUG,
  equipementMenuLabel,
  type LogicielCodeValue,
  type MenuItem,
  systemMenuFor,
  type UserSession,
} from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { profilsByIds } from '../../profil/index.ts';
import { loadSessionData } from '../auth.repository.ts';

interface CompanySetting {
  languageCodes?: string[];
  languageCode?: string;
  timezone?: string;
  moNumMax?: number | null;
}

/** What a session is made of: the user, their company and its active software, and the user's profiles (in order). */
export async function sessionDataOf(tx: Tx, userId: number, companyId?: number) {
  const data = await loadSessionData(tx, userId, companyId);
  if (!data) return null;
  const ids = [...new Set([data.user.profilModeleId, ...data.user.profilIds].filter((x): x is number => x !== null))];
  return { ...data, profils: await profilsByIds(tx, ids) };
}

const presentProfil = (p: { id: number; libelle: string; code: string }) => ({ id: p.id, libelle: p.libelle, code: p.code });

/** The user session of the spec (every field), from the caller and their company. */
export async function buildUserSession(tx: Tx, caller: Caller): Promise<UserSession> {
  // In support mode the request is scoped to the client company, where the super admin's own row is not: it is read
  // through the system path, with the client company as the session's company.
  const data = caller.support
    ? await asSystem(tx, 'support mode: the super admin’s own row, in the client company’s session', () =>
        sessionDataOf(tx, caller.userId, caller.entrepriseId),
      )
    : await sessionDataOf(tx, caller.userId);
  if (!data) throw notFound('Utilisateur introuvable.');
  const { user, company, logiciels, profils } = data;
  const setting = (company.setting ?? {}) as CompanySetting;
  const settings = (user.settings ?? {}) as Record<string, unknown>;
  const codes = logiciels.map((l) => l.code);
  const codeLogiciel = (caller.logicielCode && codes.includes(caller.logicielCode) ? caller.logicielCode : codes[0]) ?? null;
  const languageCodes = setting.languageCodes?.length ? setting.languageCodes : ['fr'];
  const userLanguage =
    typeof settings.languageCode === 'string' && languageCodes.includes(settings.languageCode) ? settings.languageCode : null;
  // The equipment entry bears the company's word for its equipment in the active software (S 16, S 41).
  const display = (
    logiciels.find((l) => l.code === codeLogiciel)?.setting as { display?: { equipment?: { customName?: string | null } } } | null
  )?.display;
  const customName = display?.equipment?.customName ?? null;
  // The company's menu entries the caller may read (decentralised permissions), then system entries.
  const companyMenu: MenuItem[] = treeOrder(caller.rights.menu)
    .filter((m) => caller.rights.visible.has(m.id))
    .map((m) => ({
      id: String(m.id),
      slug: m.slug,
      libelle: m.slug === EQUIPEMENT_MENU_SLUG ? equipementMenuLabel(customName, m.libelle) : m.libelle,
      parentId: m.parentId === null ? null : String(m.parentId),
      idx: m.idx,
      logiciel: m.logiciel,
    }));
  const menu = [...companyMenu, ...systemMenuFor(caller.ability)];
  const current = profils.find((p) => p.id === caller.profilModeleId);
  return {
    idUser: user.id,
    idCompany: company.id,
    eu: company.eu,
    companyName: company.nom,
    codeLogiciel: codeLogiciel as LogicielCodeValue | null,
    logiciels: logiciels.map(({ id, code, libelle }) => ({ id, code, libelle })) as UserSession['logiciels'],
    role: caller.role,
    profil: (current ? presentProfil(current) : null) as UserSession['profil'],
    profils: profils.map(presentProfil) as UserSession['profils'],
    menuItems: menu,
    // External-company users get their menu in menuItemsEE as well (the spec's EE lists).
    menuItemsEE: caller.isEE ? menu : [],
    settings,
    languageCode: userLanguage ?? setting.languageCode ?? 'fr',
    languageCodes,
    timezone: setting.timezone ?? 'Europe/Paris',
    isSupperAdmin: caller.isSuperAdmin,
    moNumMax: setting.moNumMax ?? null,
    authTypes: company.authTypes as UserSession['authTypes'],
    signature: user.signature,
    mail: user.mail,
    lastName: user.nom,
    firstName: user.prenom,
    rules: caller.ability.rules as UserSession['rules'],
    support: caller.support
      ? {
          entrepriseId: company.id,
          companyName: company.nom,
          homeEntrepriseId: caller.support.homeEntrepriseId,
          since: caller.support.since.toISOString(),
        }
      : null,
  };
}

/** Parents before their children, siblings by idx. */
function treeOrder<T extends { id: number; parentId: number | null; idx: number }>(rows: T[]): T[] {
  const out: T[] = [];
  const visit = (parent: number | null) => {
    for (const r of rows.filter((x) => x.parentId === parent).sort((a, b) => a.idx - b.idx || a.id - b.id)) {
      out.push(r);
      visit(r.id);
    }
  };
  visit(null);
  return out;
}
