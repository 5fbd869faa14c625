/** The system module's face: what other modules and the app use of it. */
export { systemRoutes } from './routes.ts';
