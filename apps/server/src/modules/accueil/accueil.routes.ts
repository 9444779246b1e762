import { ACCUEIL_DEFAULT_SINCE_DAYS, type Accueil, API } from '@app/contracts';
import { type RouteDef, route, Serialized } from '../../platform/http/route.ts';
import { readAccueil } from './accueil.repository.ts';
import { markSeen } from './use-cases/mark-seen.ts';

const A = API.accueil;
const empty = { items: [], total: 0, totalExact: true };

/** The home of a person who may not read processes: nothing to list. */
function emptyAccueil(): Accueil {
  const now = new Date();
  return {
    at: now.toISOString(),
    since: new Date(now.getTime() - ACCUEIL_DEFAULT_SINCE_DAYS * 86_400_000).toISOString(),
    lastVisit: null,
    readsProcesses: false,
    aSigner: empty,
    mesProcessus: { ...empty, parEtat: { en_cours: 0, termine: 0, inactif: 0 } },
    aujourdhui: empty,
    nouveautes: empty,
  };
}

export const accueilRoutes: RouteDef[] = [
  route(
    A.get,
    async ({ tx, caller }, { query }) =>
      caller.ability.can('read', 'Process') ? new Serialized(await readAccueil(tx, caller, query.tz)) : emptyAccueil(),
    { listStatement: true },
  ),
  route(A.seen, ({ tx, caller }, { body }) => markSeen(tx, caller.userId, body.at)),
];
