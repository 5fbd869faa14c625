export { shipments } from './service.ts';
