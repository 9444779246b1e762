import { abilitiesOn, type Risque, type RisqueFamille } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';

export const decorateRisques = (caller: Caller, rows: Risque[]) =>
  rows.map((r) => ({ ...r, abilities: abilitiesOn(caller.ability, 'Risque', { id: r.id, entrepriseId: r.entrepriseId }) }));
export const decorateFamilles = (caller: Caller, rows: RisqueFamille[]) =>
  rows.map((f) => ({ ...f, abilities: abilitiesOn(caller.ability, 'Risque', { entrepriseId: f.entrepriseId }) }));
