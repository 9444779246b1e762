export { utilisateurReferences } from './utilisateur.references.ts';
export {
  activateAccount,
  findAccountByMail,
  findInvitation,
  getUserContact,
  setUserPhone,
  updateUserSettings,
} from './utilisateur.repository.ts';
export { utilisateurRoutes } from './utilisateur.routes.ts';
