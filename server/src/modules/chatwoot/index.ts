/** The chatwoot module's face: what other modules and the app use of it. */
export { chatwootRoutes } from './routes.ts';
