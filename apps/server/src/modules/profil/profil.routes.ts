import { API, type LogicielCodeValue, type ProfilModele } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { logiciel } from '../entreprise/entreprise.tables.ts';
import { profilModele, profilModeleLogiciel } from './profil.tables.ts';

const P = API.profil;
type Row = typeof profilModele.$inferSelect;
const present = (r: Row) => ({ ...r, code: r.code as ProfilModele['code'], type: r.type as ProfilModele['type'] });

export const profilRoutes: RouteDef[] = [
  // The super admin profile is never offered to a company.
  route(P.getAll, async ({ tx, caller }) => {
    const rows = await tx.select().from(profilModele).where(eq(profilModele.type, 'client')).orderBy(asc(profilModele.idx));
    return rows.filter((r) => caller.isSuperAdmin || r.code !== 'super_admin').map(present);
  }),
  route(P.getAllEe, async ({ tx }) =>
    (await tx.select().from(profilModele).where(eq(profilModele.type, 'supplier')).orderBy(asc(profilModele.idx))).map(present),
  ),
  route(P.getAllLogiciel, async ({ tx }) => {
    const rows = await tx
      .select({
        id: profilModeleLogiciel.id,
        profilModeleId: profilModeleLogiciel.profilModeleId,
        logicielId: logiciel.id,
        code: logiciel.code,
        libelle: logiciel.libelle,
      })
      .from(profilModeleLogiciel)
      .innerJoin(logiciel, eq(logiciel.id, profilModeleLogiciel.logicielId))
      .orderBy(asc(profilModeleLogiciel.profilModeleId), asc(logiciel.idx));
    return rows.map((r) => ({ ...r, code: r.code as LogicielCodeValue }));
  }),
];
