import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { decorateFamilles, decorateRisques } from './risque.presenter.ts';
import { getEchelle, listFamilles, listRisques } from './risque.repository.ts';
import { addEquipementRisque, listEquipementRisques, removeEquipementRisque } from './use-cases/equipement-risques.ts';
import { arrangeFamilles, createFamille, deleteFamille, updateFamille } from './use-cases/manage-familles.ts';
import { arrangeRisques, createRisque, deleteRisque, duplicateRisque, updateRisque } from './use-cases/manage-risques.ts';
import { updateEchelle } from './use-cases/update-echelle.ts';

const R = API.risque;

export const risqueRoutes: RouteDef[] = [
  route(R.list, async ({ tx, caller }, { query }) =>
    decorateRisques(caller, await listRisques(tx, caller.entrepriseId, { familleId: query.familleId })),
  ),
  route(R.create, async ({ tx, caller }, { body }) => createRisque(tx, caller, body)),
  route(R.update, async ({ tx, caller }, { body }) => updateRisque(tx, caller, body)),
  route(R.delete, async ({ tx, caller }, { params }) => deleteRisque(tx, caller, params.id)),
  route(R.arrange, async ({ tx, caller }, { body }) => arrangeRisques(tx, caller, body.ids)),
  route(R.duplicate, async ({ tx, caller }, { params }) => duplicateRisque(tx, caller, params.id)),
  route(R.familles, async ({ tx, caller }) => decorateFamilles(caller, await listFamilles(tx, caller.entrepriseId))),
  route(R.createFamille, async ({ tx, caller }, { body }) => createFamille(tx, caller, body)),
  route(R.updateFamille, async ({ tx, caller }, { body }) => updateFamille(tx, caller, body)),
  route(R.deleteFamille, async ({ tx, caller }, { params }) => deleteFamille(tx, caller, params.id)),
  route(R.arrangeFamilles, async ({ tx, caller }, { body }) => arrangeFamilles(tx, caller, body.ids)),
  route(R.echelle, async ({ tx, caller }) => getEchelle(tx, caller.entrepriseId)),
  route(R.updateEchelle, async ({ tx, caller }, { body }) => updateEchelle(tx, caller, body)),
  route(R.equipementRisques, async ({ tx, caller }, { params }) => listEquipementRisques(tx, caller, params.id)),
  route(R.addEquipementRisque, async ({ tx, caller }, { params, body }) => addEquipementRisque(tx, caller, params.id, body)),
  route(R.removeEquipementRisque, async ({ tx, caller }, { params }) => removeEquipementRisque(tx, caller, params.id)),
];
