import { type AuthType, type Entreprise, LOGICIELS, type LogicielCodeValue, type RelationType } from '@app/contracts';
import type { EntrepriseCreateBody } from './entreprise.queries.ts';

export interface EntrepriseFormValues {
  nom: string;
  eu: boolean;
  authTypes: AuthType[];
  logiciels: Record<LogicielCodeValue, { enable: boolean; active: boolean }>;
  clients: { entrepriseId: string | null; type: RelationType }[];
}

export function entrepriseFormValuesOf(e?: Entreprise | null): EntrepriseFormValues {
  const logiciels = Object.fromEntries(
    LOGICIELS.map((l) => {
      const own = e?.logiciels.find((x) => x.code === l.code);
      return [l.code, { enable: own?.enable ?? false, active: own?.active ?? false }];
    }),
  ) as EntrepriseFormValues['logiciels'];
  return {
    nom: e?.nom ?? '',
    eu: e?.eu ?? false,
    authTypes: e?.authTypes.length ? e.authTypes : ['password'],
    logiciels,
    clients: (e?.clients ?? []).map((c) => ({ entrepriseId: String(c.entrepriseId), type: c.type })),
  };
}

export function entreprisePayloadOf(v: EntrepriseFormValues): EntrepriseCreateBody {
  return {
    nom: v.nom.trim(),
    eu: v.eu,
    authTypes: v.authTypes,
    logiciels: LOGICIELS.map((l) => ({
      code: l.code,
      enable: v.logiciels[l.code].enable,
      active: v.logiciels[l.code].enable && v.logiciels[l.code].active,
    })),
    clients: v.eu ? v.clients.filter((c) => c.entrepriseId).map((c) => ({ entrepriseId: Number(c.entrepriseId), type: c.type })) : [],
  };
}
