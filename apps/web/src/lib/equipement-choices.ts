import { type EquipementChoice, equipementChoice } from '@app/contracts';
import * as API from '@app/contracts/api';
import { callApi } from './api.ts';

/**
 * The equipment a person may read whose name matches the words typed (accents ignored, 50 at most), as choices of a
 * RemoteSelect: every picker of equipment (gamme points, manoeuvre lines, habilitation scopes, process fields, « Déplacer
 * sous… ») searches through it.
 */
export async function equipementChoices(search: string, signal: AbortSignal): Promise<EquipementChoice[]> {
  const found = await callApi(API.equipement.options, { query: { search: search || undefined, limit: 50 }, signal });
  return found.map(equipementChoice);
}
