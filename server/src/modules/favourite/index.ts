/** The favourite module's face: what other modules and the app use of it. */
export { favouriteRoutes } from './routes.ts';
export { favouriteCount } from './service.ts';
