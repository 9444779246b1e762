import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { formationPage, listFormations } from './formation.repository.ts';
import { cancelFormationOf, saveFormation } from './use-cases/save-formation.ts';

const F = API.formation;

export const formationRoutes: RouteDef[] = [
  route(F.page, async ({ tx, caller }, { query }) => ({
    ...(await formationPage(tx, caller.entrepriseId, query)),
    offset: query.offset,
    perPage: query.perPage,
  })),
  route(F.gets, async ({ tx, caller }, { query }) => listFormations(tx, caller.entrepriseId, query.utilisateurId)),
  route(F.save, async (ctx, { body }) => saveFormation(ctx, body)),
  route(F.cancel, async (ctx, { body }) => cancelFormationOf(ctx, body.id, body.motif)),
];
