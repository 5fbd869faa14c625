/** The order-import module's face: what other modules and the app use of it. */
export { orderImportRoutes } from './routes.ts';
