import { API } from '@app/contracts';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { etape, process } from '../../platform/db/schema.ts';
import { route, type RouteDef } from '../../platform/http/route.ts';
import { LIST_COLUMNS_SQL, listRowOf } from './list-row.ts';

const L = API.processList;

export const processListRoutes: RouteDef[] = [
  route(L.byPaging, async ({ tx, caller }, { query }) => {
    const like = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = and(
      eq(process.entrepriseId, caller.entrepriseId),
      query.processModeleId ? eq(process.processModeleId, query.processModeleId) : undefined,
      query.etat ? eq(process.etat, query.etat) : undefined,
      like ? or(ilike(process.nomProcess, like), sql`(${process.numero} / 100)::text = ${query.search}`) : undefined,
    );
    const rows = await tx
      .select({ p: LIST_COLUMNS_SQL, etapeNom: etape.nom })
      .from(process)
      .leftJoin(etape, and(eq(etape.processModeleId, process.processModeleId), eq(etape.ordre, process.currentOrdre)))
      .where(where)
      .orderBy(process.sequenced, desc(process.numero))
      .limit(query.perPage)
      .offset(query.offset);
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(process).where(where);
    return {
      items: rows.map(({ p, etapeNom }) => listRowOf(p, etapeNom)),
      total,
      offset: query.offset,
      perPage: query.perPage,
    };
  }),
];
