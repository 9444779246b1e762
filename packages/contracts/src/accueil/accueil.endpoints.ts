import { endpoint } from '../common/endpoint.ts';
import { Accueil, AccueilQuery, AccueilSeen, AccueilSeenResponse } from './accueil.schema.ts';

const tag = 'Accueil';
// The home is everyone's (the « Accueil » menu entry has no subject): any signed-in person reads their own. The
// processes it lists are those the caller may read (row-level security); without the right to read processes, the
// sections are empty (`readsProcesses` false).
const own = { kind: 'session' } as const;

/** Not in the specification: the home page's data (« Accueil »), in the spec's path conventions. */
export const accueilEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/v2/accueil/get',
    summary: 'Accueil : étapes à signer, mes processus en cours, consignations et permis du jour, nouveautés depuis la dernière visite',
    tag,
    query: AccueilQuery,
    response: Accueil,
    access: own,
  }),
  seen: endpoint({
    method: 'PUT',
    path: '/api/v2/accueil/seen',
    summary: 'Accueil : marquer les nouveautés comme vues (dernière visite)',
    tag,
    body: AccueilSeen,
    response: AccueilSeenResponse,
    access: own,
  }),
};
