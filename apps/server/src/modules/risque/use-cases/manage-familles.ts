import type { RisqueFamille } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import { decorateFamilles } from '../risque.presenter.ts';
import {
  arrangeFamillesRows,
  countRisquesOfFamille,
  deleteFamilleRow,
  insertFamille,
  listFamilles,
  lockFamillesAmong,
  updateFamilleRow,
} from '../risque.repository.ts';

async function getFamille(tx: Tx, caller: Caller, id: number): Promise<RisqueFamille> {
  const [f] = decorateFamilles(caller, await listFamilles(tx, caller.entrepriseId, id));
  return foundOrThrow(f, 'Famille de risques introuvable.');
}

export async function createFamille(tx: Tx, caller: Caller, body: { libelle: string; couleur?: string | null }) {
  const id = await insertFamille(tx, { entrepriseId: caller.entrepriseId, libelle: body.libelle, couleur: body.couleur ?? null });
  return getFamille(tx, caller, id);
}

export async function updateFamille(tx: Tx, caller: Caller, body: { id: number; libelle?: string; couleur?: string | null }) {
  const { id, ...v } = body;
  const changed = await updateFamilleRow(
    tx,
    caller.entrepriseId,
    id,
    Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)),
  );
  if (!changed) throw notFound('Famille de risques introuvable.');
  return getFamille(tx, caller, id);
}

/** Deletes a family, refused (409) while risks of the catalogue belong to it. */
export async function deleteFamille(tx: Tx, caller: Caller, id: number) {
  if (!(await lockFamillesAmong(tx, caller.entrepriseId, [id])).length) throw notFound('Famille de risques introuvable.');
  const n = await countRisquesOfFamille(tx, id);
  if (n > 0) throw conflict(`Cette famille compte encore ${n} risque(s) : déplacez-les ou supprimez-les d’abord.`);
  await deleteFamilleRow(tx, id);
  return { message: 'Famille supprimée avec succès.', id };
}

export async function arrangeFamilles(tx: Tx, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  if ((await lockFamillesAmong(tx, caller.entrepriseId, unique)).length !== unique.length)
    throw notFound('Famille de risques introuvable.');
  await arrangeFamillesRows(tx, unique);
  return { message: 'Ordre enregistré avec succès.' };
}
