export { memberOrders } from './service.ts';
