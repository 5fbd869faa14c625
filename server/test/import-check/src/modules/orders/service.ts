import { memberOrders } from '../members/service.ts';
import { orders } from './tables.ts';

export const orderList = () => [orders, memberOrders()];
