import { API, EQUIPEMENT_INCLUDES } from '@app/contracts';
import { AppError } from '../../platform/http/errors.ts';
import { type RouteDef, route, Serialized } from '../../platform/http/route.ts';
import { treeCacheOf } from './equipement.tree-cache.ts';
import { changeActivite, changeInstance, createActivite, createInstance, listActivites, removeActivite } from './use-cases/activites.ts';
import { arrangeEquipements } from './use-cases/arrange-equipements.ts';
import { listChamps, saveChamp } from './use-cases/champs.ts';
import { createEquipement } from './use-cases/create-equipement.ts';
import { deleteEquipement } from './use-cases/delete-equipement.ts';
import { duplicateEquipement } from './use-cases/duplicate-equipement.ts';
import { getEquipement } from './use-cases/get-equipement.ts';
import { getTree } from './use-cases/get-tree.ts';
import { linkProcesses, processesOf } from './use-cases/link-processes.ts';
import { equipementOptions, equipementsOnLocation } from './use-cases/pickers.ts';
import { changePoint, createPoint, listPoints, orderPoints, removePoint } from './use-cases/points-isolement.ts';
import { updateEquipement } from './use-cases/update-equipement.ts';
import { valuesOf } from './use-cases/values.ts';

const E = API.equipement;

/** `include` of the detail: a comma-separated list of known parts (400 on an unknown one). */
function checkInclude(include: string | undefined) {
  const unknown = (include ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !(EQUIPEMENT_INCLUDES as readonly string[]).includes(s));
  if (unknown.length)
    throw new AppError('VALIDATION', `Partie inconnue : ${unknown.join(', ')} (attendu : ${EQUIPEMENT_INCLUDES.join(', ')}).`);
}

export const equipementRoutes: RouteDef[] = [
  // The tree and the detail only read: their answers do not wait for the COMMIT. Their answers are the presenter's
  // (or the cache's bytes): written as they are, checked against the contract under test (Serialized).
  route(
    E.tree,
    async ({ tx, caller, deps }, { query }) => {
      const tree = await getTree(tx, caller, query, treeCacheOf(deps.database));
      return tree instanceof Serialized ? tree : Serialized.of(tree);
    },
    { readOnly: true },
  ),
  route(E.duplicate, ({ tx, caller }, { params, body }) => duplicateEquipement(tx, caller, params.id, body)),
  route(
    E.get,
    async ({ tx, caller }, { params, query }) => {
      checkInclude(query.include);
      return Serialized.of(await getEquipement(tx, caller, params.id));
    },
    { readOnly: true },
  ),
  route(E.create, ({ tx, caller }, { body }) => createEquipement(tx, caller, body)),
  route(E.update, ({ tx, caller }, { body }) => updateEquipement(tx, caller, body.id, valuesOf(body), body.version)),
  route(E.arrange, ({ tx, caller }, { body }) => arrangeEquipements(tx, caller, body.parentId, body.ids)),
  route(E.updateGeneral, ({ tx, caller }, { body }) => updateEquipement(tx, caller, body.id, valuesOf(body.general), body.version)),
  route(E.statusUpdate, ({ tx, caller }, { body }) => updateEquipement(tx, caller, body.id, { status: body.status })),
  route(E.updateHideRisquesParent, ({ tx, caller }, { body }) =>
    updateEquipement(tx, caller, body.id, { hide_risques_parent: body.hideRisquesParent }),
  ),
  route(E.updateDisplayPrevious, ({ tx, caller }, { params, body }) =>
    updateEquipement(tx, caller, params.id, { display_previous: body.displayPrevious }),
  ),
  route(E.delete, ({ tx, caller }, { params }) => deleteEquipement(tx, caller, params.id)),
  route(E.linkProcess, ({ tx, caller }, { params, body }) => linkProcesses(tx, caller, params.id, body)),
  route(E.processus, ({ tx, caller }, { params }) => processesOf(tx, caller, params.id)),
  route(E.byLocation, ({ tx, caller }, { params }) => equipementsOnLocation(tx, caller, params.id)),
  route(E.options, ({ tx, caller }, { query }) => equipementOptions(tx, caller, query.search, query.limit)),
  route(E.pointsIsolement, ({ tx, caller }, { params }) => listPoints(tx, caller, params.id)),
  route(E.createPointIsolement, ({ tx, caller }, { params, body }) => createPoint(tx, caller, params.id, body)),
  route(E.updatePointIsolement, ({ tx, caller }, { body }) => changePoint(tx, caller, body.id, body)),
  route(E.arrangePointsIsolement, ({ tx, caller }, { params, body }) => orderPoints(tx, caller, params.id, body.ids)),
  route(E.deletePointIsolement, ({ tx, caller }, { params }) => removePoint(tx, caller, params.id)),
  route(E.champs, ({ tx, caller }) => listChamps(tx, caller.entrepriseId)),
  route(E.updateChamp, ({ tx, caller }, { body }) => saveChamp(tx, caller.entrepriseId, body)),
  route(E.activites, ({ tx, caller }, { params }) => listActivites(tx, caller, params.id)),
  route(E.createActivite, ({ tx, caller }, { params, body }) => createActivite(tx, caller, params.id, body)),
  route(E.updateActivite, ({ tx, caller }, { body }) => changeActivite(tx, caller, body)),
  route(E.deleteActivite, ({ tx, caller }, { params }) => removeActivite(tx, caller, params.id)),
  route(E.createInstance, ({ tx, caller }, { body }) => createInstance(tx, caller, body)),
  route(E.updateInstance, ({ tx, caller }, { body }) => changeInstance(tx, caller, body)),
];
