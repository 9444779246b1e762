import { estPermisDeFeu, finDeValiditeParDefaut, type PermisUpdate, refusValidite, type TypePermis } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, assertCan } from '../../../platform/http/errors.ts';
import { journal, lockedProcessOrThrow } from '../../process/index.ts';
import {
  consignationsOf,
  dbNow,
  insertPermis,
  lockPermis,
  type PermisRow,
  processesForShare,
  setConsignations,
  signaturesOf,
  updatePermis,
} from '../permis.repository.ts';
import { assertPermisVersion, type PermisCtx, permisView } from './permis-context.ts';
import { permisSettingOf } from './permis-settings.ts';

const invalid = (champ: string, message: string) => new AppError('VALIDATION', message, [{ champ, message }]);

/**
 * Records the permit of a process of the `permis` package (first call: type and start required; without an end, the
 * company's default validity gives it) or changes it while it is requested and not signed yet: what the issuer and
 * the receiver sign is what they read. Once issued, the window moves by extension only (extend-permis.ts).
 */
export async function savePermis(ctx: PermisCtx, body: z.output<typeof PermisUpdate>) {
  const { tx, caller } = ctx;
  const process = await lockedProcessOrThrow(tx, caller, body.processId);
  assertCan(caller.ability, 'update', 'Process', { id: process.id, entrepriseId: process.entrepriseId });
  if (process.package !== 'permis') throw new AppError('CONFLICT', 'Ce processus n’est pas un permis (workflow du module Permis).');
  if (process.etat === 'termine' || process.etat === 'inactif') {
    throw new AppError('CONFLICT', 'Ce processus est terminé ou inactif : son permis ne change plus.');
  }
  const existing = await lockPermis(tx, process.id);
  if (existing) assertPermisVersion(existing, body.version);
  if (existing && existing.etat !== 'demande') {
    throw new AppError('CONFLICT', 'Ce permis est délivré : sa validité ne change plus que par prolongation, le reste ne change plus.');
  }
  if (existing && (await signaturesOf(tx, existing.id)).length) {
    throw new AppError(
      'CONFLICT',
      'La délivrance de ce permis est en cours de signature : il ne change plus (annulez-le pour en établir un autre).',
    );
  }
  const type = body.type ?? (existing?.type as TypePermis | undefined);
  const dateDebut = body.dateDebut ?? existing?.dateDebut;
  if (!type) throw invalid('type', 'Le type de permis est obligatoire.');
  if (!dateDebut) throw invalid('dateDebut', 'Le début de validité est obligatoire.');
  const complements = [...new Set(body.complements ?? existing?.complements ?? [])].filter((c) => !(type === 'feu' && c === 'feu'));
  const feu = estPermisDeFeu({ type, complements });
  // A hot-work permit lasts the day unless it says one operation; other permits have no such mode.
  const modeValidite = feu ? ((body.modeValidite !== undefined ? body.modeValidite : existing?.modeValidite) ?? 'jour') : null;
  // Recorded without an end: the company's default validity (a hot-work permit within its day or its operation).
  const mode = modeValidite as 'jour' | 'operation' | null;
  const given = body.dateFin ?? existing?.dateFin;
  const heuresParDefaut = given === undefined ? (await permisSettingOf(tx, process.entrepriseId)).validiteHeures : null;
  const dateFin = given ?? finDeValiditeParDefaut({ dateDebut, heures: heuresParDefaut ?? 0, feu, modeValidite: mode });
  const refus = refusValidite({ feu, modeValidite: mode, dateDebut, dateFin });
  if (refus) throw invalid('dateFin', refus);
  const consignationIds = body.consignationIds ? [...new Set(body.consignationIds)] : null;
  if (consignationIds) await assertLockouts(tx, process.entrepriseId, consignationIds);
  const values = {
    type,
    complements,
    modeValidite,
    dateDebut: new Date(dateDebut),
    dateFin: new Date(dateFin),
    dateFinInitiale: new Date(dateFin),
    travaux: body.travaux !== undefined ? body.travaux || null : (existing?.travaux ?? null),
    mesures: body.mesures !== undefined ? body.mesures || null : (existing?.mesures ?? null),
  };
  let row: PermisRow;
  if (existing) {
    await updatePermis(tx, existing.id, values);
    row = (await lockPermis(tx, process.id)) as PermisRow;
  } else {
    row = await insertPermis(tx, { ...values, entrepriseId: process.entrepriseId, processId: process.id, createdById: caller.userId });
  }
  const before = existing
    ? { ...summary(existing), consignationIds: (await consignationsOf(tx, existing.id)).map((c) => c.processId) }
    : null;
  if (consignationIds) await setConsignations(tx, row, consignationIds);
  const after = {
    ...summary(row),
    ...(heuresParDefaut !== null ? { validiteParDefautHeures: heuresParDefaut } : {}),
    consignationIds: (await consignationsOf(tx, row.id)).map((c) => c.processId),
    at: (await dbNow(tx)).toISOString(),
  };
  await journal(tx, process, caller.userId, existing ? 'permis-modification' : 'permis-enregistrement', null, before, after);
  return permisView(tx, caller, process, row);
}

function summary(r: PermisRow) {
  return {
    type: r.type,
    complements: r.complements,
    modeValidite: r.modeValidite,
    dateDebut: new Date(r.dateDebut).toISOString(),
    dateFin: new Date(r.dateFin).toISOString(),
    travaux: r.travaux,
    mesures: r.mesures,
  };
}

/**
 * The lockouts a permit relies on: processes of the `mc` package of the company, not finished. They are locked for
 * share: a déconsignation running at the same time waits, then sees the permit.
 */
async function assertLockouts(tx: Tx, entrepriseId: number, ids: number[]) {
  const rows = await processesForShare(tx, entrepriseId, ids);
  for (const id of ids) {
    const p = rows.find((r) => r.id === id);
    if (p?.package !== 'mc') {
      throw new AppError('VALIDATION', 'Référence invalide : consignationIds.', [
        {
          champ: 'consignationIds',
          message: p ? `Le processus N° ${p.numero / 100} n’est pas une consignation.` : 'Consignation introuvable.',
        },
      ]);
    }
    if (p.etat === 'termine' || p.etat === 'inactif') {
      throw new AppError('CONFLICT', `La consignation N° ${p.numero / 100} est terminée : un permis ne peut plus s’appuyer dessus.`);
    }
  }
}
