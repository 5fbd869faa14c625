/** The dashboard module's face: the back office's figures of the day (docs/back-office.md: dashboard). */
export { dashboardRoutes } from './routes.ts';
