import { CHAMP_CODES, CHAMP_DATA_TYPES, type ChampDataType, type EquipementChamp } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { champsOf, upsertChamp } from '../equipement.repository.ts';

/** The four free fields, configured or by default (« Texte 1 », text); an unknown data type reads as text (S 117). */
export async function listChamps(tx: Tx, entrepriseId: number): Promise<EquipementChamp[]> {
  const rows = new Map((await champsOf(tx, entrepriseId)).map((r) => [r.code, r]));
  return CHAMP_CODES.map((code, i) => {
    const r = rows.get(code);
    const dataType = (CHAMP_DATA_TYPES as readonly string[]).includes(r?.data_type ?? '') ? (r?.data_type as ChampDataType) : 'text';
    const options = Array.isArray(r?.options) ? (r.options as unknown[]).filter((o): o is string => typeof o === 'string') : [];
    return { code, libelle: r?.libelle ?? `Texte ${i + 1}`, dataType, options };
  });
}

export async function saveChamp(tx: Tx, entrepriseId: number, v: EquipementChamp): Promise<EquipementChamp> {
  await upsertChamp(tx, entrepriseId, v);
  return (await listChamps(tx, entrepriseId)).find((c) => c.code === v.code) as EquipementChamp;
}
