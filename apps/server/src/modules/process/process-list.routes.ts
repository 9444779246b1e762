import { API } from '@app/contracts';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { etape, process, processModele, utilisateur } from '../../platform/db/schema.ts';
import { route, type RouteDef } from '../../platform/http/route.ts';

const L = API.processList;
/** A process is sequenced while it waits for a process that is not finished. */
const sequenced = sql<boolean>`exists (select 1 from process_sequencing s join process w on w.id = s.locked_by_process_id where s.process_id = "process"."id" and w.etat <> 'termine')`;
const yyyymmdd = (col: typeof process.dateDebut | typeof process.dateFin) => sql<number | null>`to_char(${col} at time zone 'Europe/Paris', 'YYYYMMDD')::int`;

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
      .select({
        id: process.id,
        numero: process.numero,
        nomProcess: process.nomProcess,
        processModeleId: process.processModeleId,
        processModeleLibelle: processModele.libelle,
        equipement: process.equipement,
        preparateurNom: utilisateur.nom,
        preparateurPrenom: utilisateur.prenom,
        dateDebutInteger: yyyymmdd(process.dateDebut),
        dateFinInteger: yyyymmdd(process.dateFin),
        etat: process.etat,
        etapeNom: etape.nom,
        currentEtapeOrdre: process.currentOrdre,
        niveau: process.niveau,
        typeConsignation: process.typeConsignation,
        lastModifyAt: process.lastModifyAt,
        lockedProcess: sequenced,
      })
      .from(process)
      .innerJoin(processModele, eq(processModele.id, process.processModeleId))
      .leftJoin(utilisateur, eq(utilisateur.id, process.createdById))
      .leftJoin(etape, and(eq(etape.processModeleId, process.processModeleId), eq(etape.ordre, process.currentOrdre)))
      .where(where)
      .orderBy(sequenced, desc(process.numero))
      .limit(query.perPage)
      .offset(query.offset);
    const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(process).where(where);
    return {
      items: rows.map((r) => ({
        id: r.id,
        numero: r.numero,
        nomProcess: r.nomProcess,
        description: null,
        equipementLastItemString: (r.equipement as { libelle?: string } | null)?.libelle ?? null,
        firstPrestataireLibelle: null,
        processModeleId: r.processModeleId,
        processModeleLibelle: r.processModeleLibelle,
        preparateur: r.preparateurNom ? `${r.preparateurPrenom} ${r.preparateurNom}` : null,
        dateDebutInteger: r.dateDebutInteger,
        dateFinInteger: r.dateFinInteger,
        latestStatus: r.etat === 'termine' ? 'Terminé' : r.etat === 'inactif' ? 'Inactif' : r.etapeNom,
        origin: null,
        nameConsignation: null,
        niveaux: r.niveau,
        etat: r.etat as 'en_cours',
        articles: null,
        quantity: null,
        fournisseur: null,
        dateSouhaitee: null,
        currentEtapeOrdre: r.currentEtapeOrdre,
        lockedProcess: Boolean(r.lockedProcess),
        lastModifyAt: new Date(r.lastModifyAt).toISOString(),
      })),
      total,
      offset: query.offset,
      perPage: query.perPage,
    };
  }),
];
