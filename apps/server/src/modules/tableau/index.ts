export { tableauRoutes } from './tableau.routes.ts';
