/** The club module's face: what other modules and the app use of it. */
export { clubRoutes } from './routes.ts';
export { clubSeed } from './seed.ts';
export { clubOrderPaid } from './service.ts';
