// Public surface of the module: the app shell and other modules import only this file.
/** Screens loaded on first visit (react-router `lazy`). */
export const permissionPages = {
  permissions: async () => ({ Component: (await import('./pages/permissions-page.tsx')).PermissionsPage }),
  menu: async () => ({ Component: (await import('./pages/menu-page.tsx')).MenuPage }),
};
