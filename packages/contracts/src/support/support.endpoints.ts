import { endpoint } from '../common/endpoint.ts';
import { SupportEnter, SupportLeft, SupportMode } from './support.schema.ts';

const tag = 'Support';
// Super admins only: the same rule as the other platform-wide actions on companies (lock, order, master code).
const superAdmin = { kind: 'ability', action: 'manage', subject: 'Entreprise' } as const;

/** Not in the spec (issue 12, item 9): named and shaped as its v2 endpoints. */
export const supportEndpoints = {
  enter: endpoint({
    method: 'POST',
    path: '/api/v2/support/enter',
    summary: "Mode support : agir dans une entreprise cliente (journalisé), jusqu'à en sortir ou se déconnecter",
    tag,
    body: SupportEnter,
    response: SupportMode,
    access: superAdmin,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/v2/support/leave',
    summary: 'Mode support : revenir à sa propre entreprise (sans effet hors du mode support)',
    tag,
    response: SupportLeft,
    access: superAdmin,
  }),
};
