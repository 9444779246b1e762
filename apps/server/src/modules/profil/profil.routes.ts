import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { listProfilLogiciels, listProfils } from './profil.repository.ts';

const P = API.profil;

export const profilRoutes: RouteDef[] = [
  // The super admin profile is never offered to a company.
  route(P.getAll, async ({ tx, caller }) =>
    (await listProfils(tx, 'client')).filter((r) => caller.isSuperAdmin || r.code !== 'super_admin'),
  ),
  route(P.getAllEe, async ({ tx }) => listProfils(tx, 'supplier')),
  route(P.getAllLogiciel, async ({ tx }) => listProfilLogiciels(tx)),
];
