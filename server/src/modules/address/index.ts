/** The address module's face: what other modules and the app use of it. */
export { addressRoutes } from './routes.ts';
export { type AddressSnapshotRow, addressSnapshotOf, addressSnapshotSql, listAddresses } from './service.ts';
