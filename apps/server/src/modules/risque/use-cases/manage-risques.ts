import type { Risque, RisqueAxe } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, conflict, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import { decorateRisques } from '../risque.presenter.ts';
import {
  arrangeRisquesRows,
  equipementsOfRisque,
  getEchelle,
  insertCopyAfter,
  insertRisque,
  listRisques,
  lockCatalogue,
  lockRisque,
  lockRisquesAmong,
  softDeleteRisque,
  updateRisqueRow,
} from '../risque.repository.ts';

export async function getRisque(tx: Tx, caller: Caller, id: number): Promise<Risque> {
  const [r] = decorateRisques(caller, await listRisques(tx, caller.entrepriseId, { id }));
  return foundOrThrow(r, 'Risque introuvable.');
}

const AXE_LABEL: Record<RisqueAxe, string> = { gravite: 'La gravité', frequence: 'La fréquence' };

/** Gravité and fréquence must be levels of the company's scales. */
async function assertLevels(tx: Tx, entrepriseId: number, v: { gravite?: number | null; frequence?: number | null }) {
  const echelle = await getEchelle(tx, entrepriseId);
  for (const axe of ['gravite', 'frequence'] as const) {
    const n = v[axe];
    if (n !== undefined && n !== null && !echelle[axe].some((l) => l.niveau === n))
      throw new AppError('VALIDATION', `${AXE_LABEL[axe]} doit être un niveau de l’échelle de l’entreprise (1 à ${echelle[axe].length}).`);
  }
}

type Body = {
  libelle?: string;
  familleId?: number | null;
  description?: string | null;
  mesures?: string | null;
  gravite?: number | null;
  frequence?: number | null;
};
const defined = (b: Body) => Object.fromEntries(Object.entries(b).filter(([, x]) => x !== undefined));

export async function createRisque(tx: Tx, caller: Caller, body: Body & { libelle: string }) {
  await assertLevels(tx, caller.entrepriseId, body);
  const id = await insertRisque(tx, { ...defined(body), libelle: body.libelle, entrepriseId: caller.entrepriseId });
  return getRisque(tx, caller, id);
}

export async function updateRisque(tx: Tx, caller: Caller, body: Body & { id: number }) {
  const { id, ...v } = body;
  if (!(await lockRisque(tx, caller.entrepriseId, id))) throw notFound('Risque introuvable.');
  await assertLevels(tx, caller.entrepriseId, v);
  await updateRisqueRow(tx, id, defined(v));
  return getRisque(tx, caller, id);
}

/** Soft-deletes a risk, refused (409, naming them) while equipment carries it. */
export async function deleteRisque(tx: Tx, caller: Caller, id: number) {
  if (!(await lockRisque(tx, caller.entrepriseId, id))) throw notFound('Risque introuvable.');
  const eqs = await equipementsOfRisque(tx, id);
  if (eqs.length) {
    const names = eqs
      .slice(0, 3)
      .map((e) => `« ${e.name} »`)
      .join(', ');
    throw conflict(`Ce risque est attaché à ${eqs.length} équipement(s) (${names}${eqs.length > 3 ? '…' : ''}) : retirez-le d’abord.`, {
      equipementIds: eqs.map((e) => e.id),
    });
  }
  await softDeleteRisque(tx, id);
  return { message: 'Risque supprimé avec succès.', id };
}

/** Copies a risk (« (copie) ») right after it in the catalogue. */
export async function duplicateRisque(tx: Tx, caller: Caller, id: number) {
  await lockCatalogue(tx, caller.entrepriseId);
  const src = await lockRisque(tx, caller.entrepriseId, id);
  if (!src) throw notFound('Risque introuvable.');
  const copy = await insertCopyAfter(tx, src, `${src.libelle} (copie)`.slice(0, 255));
  return getRisque(tx, caller, copy);
}

/** Orders the listed risks among the slots they held (a family's risks can be ordered alone). */
export async function arrangeRisques(tx: Tx, caller: Caller, ids: number[]) {
  await lockCatalogue(tx, caller.entrepriseId);
  const unique = [...new Set(ids)];
  if ((await lockRisquesAmong(tx, caller.entrepriseId, unique)).length !== unique.length) throw notFound('Risque introuvable.');
  await arrangeRisquesRows(tx, unique);
  return { message: 'Ordre enregistré avec succès.' };
}
