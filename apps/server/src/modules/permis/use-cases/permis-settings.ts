import { type PermisSetting, type PermisSettingUpdate, SURVEILLANCE_DEFAUT, VALIDITE_DEFAUT_HEURES } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import { saveSetting, settingOf } from '../permis.repository.ts';
import type { PermisCtx } from './permis-context.ts';

/** The settings every company starts with (no row yet): SSIAP's fire watch, an 8-hour default validity. */
export const PERMIS_SETTING_DEFAUT: PermisSetting = { ...SURVEILLANCE_DEFAUT, validiteHeures: VALIDITE_DEFAUT_HEURES };

/** The company's permit settings, its defaults when it never changed them. */
export async function permisSettingOf(tx: Tx, entrepriseId: number): Promise<PermisSetting> {
  return (await settingOf(tx, entrepriseId)) ?? PERMIS_SETTING_DEFAUT;
}

/**
 * Changes the company's permit settings: the fire watch (running watches keep theirs, copied at their fin de
 * travaux) and the default validity (used when a permit is recorded without an end; a recorded permit keeps its
 * window). A client that does not send the default validity leaves it as it is.
 */
export async function updatePermisSetting(ctx: PermisCtx, body: z.output<typeof PermisSettingUpdate>): Promise<PermisSetting> {
  const { tx, caller } = ctx;
  await saveSetting(tx, caller.entrepriseId, body);
  return permisSettingOf(tx, caller.entrepriseId);
}
