import { type LogicielCodeValue, menuFor, type UserSession } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { loadSessionData } from '../auth.repository.ts';

interface CompanySetting {
  languageCodes?: string[];
  languageCode?: string;
  timezone?: string;
  moNumMax?: number | null;
}

/** The user session of the spec (every field), from the caller and their company. */
export async function buildUserSession(tx: Tx, caller: Caller): Promise<UserSession> {
  const data = await loadSessionData(tx, caller.userId);
  if (!data) throw notFound('Utilisateur introuvable.');
  const { user, company, logiciels, profils } = data;
  const setting = (company.setting ?? {}) as CompanySetting;
  const settings = (user.settings ?? {}) as Record<string, unknown>;
  const codes = logiciels.map((l) => l.code);
  const codeLogiciel = (caller.logicielCode && codes.includes(caller.logicielCode) ? caller.logicielCode : codes[0]) ?? null;
  const languageCodes = setting.languageCodes?.length ? setting.languageCodes : ['fr'];
  const userLanguage = typeof settings.languageCode === 'string' && languageCodes.includes(settings.languageCode) ? settings.languageCode : null;
  const menu = menuFor(caller.ability);
  const current = profils.find((p) => p.id === caller.profilModeleId) ?? null;
  return {
    idUser: user.id,
    idCompany: company.id,
    eu: company.eu,
    companyName: company.nom,
    codeLogiciel: codeLogiciel as LogicielCodeValue | null,
    logiciels: logiciels as UserSession['logiciels'],
    role: caller.role,
    profil: current as UserSession['profil'],
    profils: profils as UserSession['profils'],
    menuItems: menu,
    // External-company users get their menu in menuItemsEE as well (the spec's EE lists).
    menuItemsEE: company.eu ? menu : [],
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
  };
}
