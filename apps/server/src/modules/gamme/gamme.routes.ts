import { API, abilitiesOn, type Gamme, instance, totalPages } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import { AppError, foundOrThrow } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { assertReadableEquipement } from './gamme.access.ts';
import { findGamme, linesPage, listGammes, pointsOf, releveHistory } from './gamme.repository.ts';
import { cancelReleve } from './use-cases/cancel-releve.ts';
import { captureReleve, captureReleves } from './use-cases/capture-releves.ts';
import { deleteGamme } from './use-cases/delete-gamme.ts';
import { arrangeEtats, createEtat, etatsOfGamme, removeEtat, updateEtatOf } from './use-cases/edit-etats.ts';
import { createLine, deleteLineOf, lineOf, manoeuvreModeleOf, updateLineOf, updateManoeuvreModele } from './use-cases/edit-manoeuvres.ts';
import { createPoint, deletePoint, movePoint, updatePointOf } from './use-cases/edit-points.ts';
import { saveGamme } from './use-cases/save-gamme.ts';

const G = API.gamme;

/**
 * Who reads a gamme: its editors (« Édition des gammes », per gamme) and whoever performs readings (reads equipment;
 * each reading is then checked against the caller's rights on the equipment).
 */
const readsGamme = (caller: Caller, g: Pick<Gamme, 'id' | 'entrepriseId'>) =>
  caller.ability.can('read', instance('GammeModele', { id: g.id, entrepriseId: g.entrepriseId })) ||
  caller.ability.can('read', instance('Equipement', { entrepriseId: g.entrepriseId }));

const decorate = (caller: Caller, g: Gamme): Gamme => ({ ...g, abilities: abilitiesOn(caller.ability, 'GammeModele', g) });

async function readableGamme({ tx, caller }: Ctx, id: number) {
  const g = foundOrThrow(await findGamme(tx, caller.entrepriseId, id), 'Gamme introuvable.');
  if (!readsGamme(caller, g)) throw new AppError('FORBIDDEN');
  return g;
}

export const gammeRoutes: RouteDef[] = [
  route(G.list, async ({ tx, caller }, { query }) =>
    (await listGammes(tx, caller.entrepriseId, query.logiciel_id)).filter((g) => readsGamme(caller, g)).map((g) => decorate(caller, g)),
  ),
  route(G.save, async (ctx, { body }) => decorate(ctx.caller, await saveGamme(ctx, body))),
  route(G.delete, async (ctx, { params }) => deleteGamme(ctx, params.id)),

  route(G.points, async (ctx, { params }) => {
    const g = await readableGamme(ctx, params.id);
    return pointsOf(ctx.tx, ctx.caller.entrepriseId, g.id);
  }),
  route(G.pointCreate, async (ctx, { body }) => createPoint(ctx, body)),
  route(G.pointUpdate, async (ctx, { body }) => updatePointOf(ctx, body)),
  route(G.pointMove, async (ctx, { params, body }) => movePoint(ctx, params.id, body.idx)),
  route(G.pointDelete, async (ctx, { params }) => deletePoint(ctx, params.id)),

  route(G.setCapturedValue, async (ctx, { body }) => captureReleve(ctx, body)),
  route(G.setCapturedValues, async (ctx, { body }) => captureReleves(ctx, body.values)),
  route(G.history, async (ctx, { query }) => {
    await assertReadableEquipement(ctx, query.equipementId);
    const { items, total } = await releveHistory(ctx.tx, ctx.caller.entrepriseId, query);
    return { items, total, page: query.page, perPage: query.perPage, totalPage: totalPages(total, query.perPage) };
  }),
  route(G.historyDelete, async (ctx, { params, query }) => cancelReleve(ctx, params.id, query.motif, query['activite-instance-id'])),

  route(G.etats, async (ctx, { params }) => etatsOfGamme(ctx, params.id)),
  route(G.etatCreate, async (ctx, { body }) => createEtat(ctx, body)),
  route(G.etatRemove, async (ctx, { body }) => removeEtat(ctx, body.id)),
  route(G.etatUpdate, async (ctx, { body }) => updateEtatOf(ctx, body)),
  route(G.etatArrange, async (ctx, { body }) => arrangeEtats(ctx, body.ids)),

  route(G.manoeuvreModele, async (ctx, { params }) => manoeuvreModeleOf(ctx, params.id)),
  route(G.manoeuvreModeleUpdate, async (ctx, { body }) => updateManoeuvreModele(ctx, body)),
  route(G.manoeuvre, async (ctx, { params }) => lineOf(ctx, params.id)),
  route(G.manoeuvrePage, async (ctx, { query }) => {
    await manoeuvreModeleOf(ctx, query.gammeId);
    const { items, total, maxNumero } = await linesPage(ctx.tx, query.gammeId, query.page, query.perPage);
    return { items, maxNumero, total, totalPage: totalPages(total, query.perPage), page: query.page, perPage: query.perPage };
  }),
  route(G.manoeuvreUpdate, async (ctx, { body }) => updateLineOf(ctx, body)),
  route(G.manoeuvreCreate, async (ctx, { params, body }) => createLine(ctx, params.gammeId, body)),
  route(G.manoeuvreDelete, async (ctx, { params }) => deleteLineOf(ctx, params.id)),
];
