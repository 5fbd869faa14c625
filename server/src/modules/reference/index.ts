/** The reference module's face: what other modules and the app use of it. */
export { referenceRoutes } from './routes.ts';
export { paymentMethodsSeed, referenceSeed } from './seed.ts';
export {
  findNzStockOrganisation,
  findOrganisation,
  findSupplierByCode,
  listAllSuppliers,
  listDisabledSupplierIds,
  listOnlineStores,
  listStockOrganisations,
  listSuppliers,
  resolveStockOrganisationId,
} from './service.ts';
export {
  joinSupplier,
  type SupplierShownRow,
  supplierEnabled,
  supplierNameOf,
  supplierShownColumns,
} from './supplier-sql.ts';
