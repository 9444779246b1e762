import type { ServerModule } from '../../platform/module.ts';
import { utilisateurReferences } from './utilisateur.references.ts';
import { utilisateurRoutes } from './utilisateur.routes.ts';

export {
  activateAccount,
  findAccountByMail,
  findInvitation,
  fullNamesByIds,
  getUserContact,
  isPersonOfCompany,
  setUserPhone,
  updateUserSettings,
} from './utilisateur.repository.ts';

export const utilisateurModule: ServerModule = {
  name: 'utilisateur',
  routes: utilisateurRoutes,
  references: utilisateurReferences,
};
