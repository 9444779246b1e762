import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { presentAffichage, presentEtatCounts, presentFiltre, presentTableau } from './tableau.presenter.ts';
import { countByEtat, listAffichages, listFiltres, listTableaux, listTableauxEe } from './tableau.repository.ts';
import { arrangeAffichages } from './use-cases/arrange-affichages.ts';
import { arrangeFiltres } from './use-cases/arrange-filtres.ts';
import { createAffichage } from './use-cases/create-affichage.ts';
import { createFiltre } from './use-cases/create-filtre.ts';
import { createTableau } from './use-cases/create-tableau.ts';
import { deleteAffichage } from './use-cases/delete-affichage.ts';
import { deleteFiltre } from './use-cases/delete-filtre.ts';
import { deleteTableau } from './use-cases/delete-tableau.ts';
import { listBoardProcesses } from './use-cases/list-board-processes.ts';
import { openTableau } from './use-cases/open-tableau.ts';
import { updateAffichage } from './use-cases/update-affichage.ts';
import { updateFiltre } from './use-cases/update-filtre.ts';
import { updateTableau } from './use-cases/update-tableau.ts';

const T = API.tableau;

export const tableauRoutes: RouteDef[] = [
  route(T.byLogiciel, async ({ tx, caller }, { query }) =>
    (await listTableaux(tx, caller.entrepriseId, query.logicielId ?? null)).map(presentTableau(caller)).filter((t) => t.abilities?.read),
  ),
  route(T.get, async (ctx, { params }) => presentTableau(ctx.caller)(await openTableau(ctx, params.id))),
  route(T.formulairesEe, async ({ tx, caller }) => (await listTableauxEe(tx, caller.entrepriseId)).map(presentTableau(caller))),
  route(T.create, async (ctx, { body }) => {
    const { tableau, caller } = await createTableau(ctx, body);
    return presentTableau(caller)(tableau);
  }),
  route(T.update, async (ctx, { body }) => presentTableau(ctx.caller)(await updateTableau(ctx, body))),
  route(T.delete, async (ctx, { params }) => ({ message: 'Tableau supprimé avec succès.', id: await deleteTableau(ctx, params.id) })),

  route(T.filtres, async (ctx, { query }) => {
    const board = await openTableau(ctx, query.tableauId);
    return (await listFiltres(ctx.tx, board.id)).map(presentFiltre);
  }),
  route(T.filtreCreate, async (ctx, { body }) => presentFiltre(await createFiltre(ctx, body))),
  route(T.filtreUpdate, async (ctx, { body }) => presentFiltre(await updateFiltre(ctx, body))),
  route(T.filtreDelete, async (ctx, { params }) => ({ message: 'Filtre supprimé avec succès.', id: await deleteFiltre(ctx, params.id) })),
  route(T.filtreArrange, async (ctx, { body }) => {
    await arrangeFiltres(ctx, body.ids);
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(T.affichages, async (ctx, { query }) => {
    if (query.tableauId) await openTableau(ctx, query.tableauId);
    return (await listAffichages(ctx.tx, ctx.caller.entrepriseId, ctx.caller.userId, query.tableauId ?? null)).map(presentAffichage);
  }),
  route(T.affichageCreate, async (ctx, { body }) => presentAffichage(await createAffichage(ctx, body))),
  route(T.affichageUpdate, async (ctx, { body }) => presentAffichage(await updateAffichage(ctx, body))),
  route(T.affichageDelete, async (ctx, { params }) => ({
    message: 'Affichage supprimé avec succès.',
    id: await deleteAffichage(ctx, params.id),
  })),
  route(T.affichageArrange, async (ctx, { body }) => {
    await arrangeAffichages(ctx, body.ids);
    return { message: 'Ordre enregistré avec succès.' };
  }),

  route(T.etatProcess, async (ctx, { query }) => {
    const board = query.tableauId ? await openTableau(ctx, query.tableauId) : null;
    return presentEtatCounts(await countByEtat(ctx.tx, ctx.caller.entrepriseId, board ? board.workflows : null));
  }),

  route(T.processes, async (ctx, { query }) => listBoardProcesses(ctx, query), { listStatement: true }),
];
