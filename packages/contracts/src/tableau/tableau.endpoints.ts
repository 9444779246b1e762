import { z } from 'zod';
import { accessOn, endpoint } from '../common/endpoint.ts';
import { ref, target } from '../common/references.ts';
import { IdParams, IdsBody, Ok } from '../common/schemas.ts';
import { MAX_OFFSET, ProcessSearchRow, TimeZoneQuery } from '../process/process-search.schema.ts';
import { TABLEAU_SORT_PATTERN } from './tableau.schema.ts';
import { Affichage, AffichageCreate, AffichageUpdate, EtatProcessCount, Filtre, FiltreCreate, FiltreUpdate, Tableau, TableauCreate, TableauUpdate } from './tableau.schema.ts';

const tag = 'Tableaux';
const { read, create, update, delete: del } = accessOn('Tableau');

export const tableauEndpoints = {
  byLogiciel: endpoint({ method: 'GET', path: '/api/v2/tableau/get_by_entreprise_logiciel', summary: "Tableaux de l'entreprise pour le logiciel courant (ou tous avec logicielId)", tag, query: z.object({ logicielId: ref('logiciel').optional() }), response: z.array(Tableau), access: read }),
  get: endpoint({ method: 'GET', path: '/api/v2/tableau/get/{id}', summary: 'Un tableau', tag, params: IdParams, response: Tableau, access: read }),
  formulairesEe: endpoint({ method: 'GET', path: '/api/v2/tableau/formualire/get/ees', summary: 'Tableaux ouverts aux entreprises extérieures', tag, response: z.array(Tableau), access: read }),
  create: endpoint({ method: 'POST', path: '/api/v2/tableau/create', summary: 'Créer un tableau (son créateur en devient administrateur)', tag, body: TableauCreate, response: Tableau, access: create }),
  update: endpoint({ method: 'PUT', path: '/api/v2/tableau/update', summary: 'Modifier un tableau', tag, body: TableauUpdate, response: Tableau, access: update }),
  delete: endpoint({ method: 'DELETE', path: '/api/v2/tableau/delete/{id}', summary: 'Supprimer un tableau, ses filtres et affichages', tag, params: IdParams, response: Ok, access: del }),
  filtres: endpoint({ method: 'GET', path: '/api/v2/filtre/get', summary: "Filtres enregistrés d'un tableau (ses onglets), dans l'ordre", tag, query: z.object({ tableauId: target('tableau') }), response: z.array(Filtre), access: read }),
  filtreCreate: endpoint({ method: 'POST', path: '/api/v2/filtre/create', summary: 'Enregistrer un filtre', tag, body: FiltreCreate, response: Filtre, access: update }),
  filtreUpdate: endpoint({ method: 'PUT', path: '/api/v2/filtre/update', summary: 'Modifier un filtre', tag, body: FiltreUpdate, response: Filtre, access: update }),
  filtreDelete: endpoint({ method: 'DELETE', path: '/api/v2/filtre/delete/{id}', summary: 'Supprimer un filtre', tag, params: IdParams, response: Ok, access: update }),
  filtreArrange: endpoint({ method: 'PUT', path: '/api/v2/filtre/arrange', summary: 'Ordonner les filtres', tag, body: IdsBody, response: Ok, access: update }),
  affichages: endpoint({ method: 'GET', path: '/api/v2/affichage/get', summary: "Affichages enregistrés (colonnes, ordre, tri) : ceux du tableau et les siens", tag, query: z.object({ tableauId: target('tableau').optional() }), response: z.array(Affichage), access: read }),
  affichageCreate: endpoint({ method: 'POST', path: '/api/v2/affichage/create', summary: 'Enregistrer un affichage', tag, body: AffichageCreate, response: Affichage, access: read }),
  affichageUpdate: endpoint({ method: 'PUT', path: '/api/v2/affichage/update', summary: 'Modifier un affichage', tag, body: AffichageUpdate, response: Affichage, access: read }),
  affichageDelete: endpoint({ method: 'DELETE', path: '/api/v2/affichage/delete/{id}', summary: 'Supprimer un affichage', tag, params: IdParams, response: Ok, access: read }),
  affichageArrange: endpoint({ method: 'PUT', path: '/api/v2/affichage/arrange', summary: 'Ordonner les affichages', tag, body: IdsBody, response: Ok, access: read }),
  etatProcess: endpoint({ method: 'GET', path: '/api/v2/etat_process/get', summary: 'États des processus et leur nombre (ceux des workflows du tableau)', tag, query: z.object({ tableauId: target('tableau').optional() }), response: z.array(EtatProcessCount), access: { kind: 'ability', action: 'read', subject: 'Process' } }),
  processes: endpoint({
    method: 'GET',
    path: '/api/v3/process/get_for_tableau',
    summary: "Processus d'un tableau, filtrés par un de ses filtres, avec les valeurs de ses champs en colonnes (tz : fuseau d'affichage)",
    tag,
    query: TimeZoneQuery.extend({
      tableauId: target('tableau'),
      filtreId: target('filtre').optional(),
      offset: z.coerce.number().int().min(0).max(MAX_OFFSET, 'Au-delà de 10 000 lignes, affinez le filtre ou changez le tri.').default(0),
      perPage: z.coerce.number().int().min(1).max(1000).default(100),
      /** A board column (TABLEAU_SORT_KEYS or metrique:<id>), the display's sort; newest number first without it. */
      sort: z.string().max(80).regex(TABLEAU_SORT_PATTERN, 'Tri inconnu').optional(),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    // As the lists: the total is exact up to EXACT_COUNT_LIMIT, a lower bound beyond (totalExact false).
    response: z.object({ items: z.array(ProcessSearchRow.extend({ valeurs: z.record(z.string(), z.unknown()) })), total: z.number().int(), totalExact: z.boolean(), offset: z.number().int(), perPage: z.number().int() }),
    access: { kind: 'ability', action: 'read', subject: 'Process' },
  }),
};
