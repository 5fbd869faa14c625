export { orderList } from './service.ts';
