// Public surface of the module (a super admin's support mode, issue 12): the app shell and the companies screen
// import only this file.
export { SupportBanner } from './components/support-banner.tsx';
export { SupportEnterAction } from './components/support-enter-action.tsx';
