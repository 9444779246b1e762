/**
 * Method and path of the calls the sign-in page makes, apart from their schemas: that page is a bundle of its own,
 * which loads no zod (issue 16). auth.endpoints.ts declares these endpoints from them, so each path is written once.
 */
export const signInRoutes = {
  login: { method: 'POST', path: '/login' },
  sendCode: { method: 'GET', path: '/api/auth/send_code' },
  validateCode: { method: 'POST', path: '/api/auth/validate_code' },
} as const;
