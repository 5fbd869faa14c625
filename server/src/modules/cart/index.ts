/** The cart module's face: what other modules and the app use of it. */
export { cartRoutes } from './routes.ts';
export { cartLinesRemoval, holdCartLines } from './service.ts';
