import { memberOrders } from '../members/index.ts';
import { orders } from './tables.ts';

export const orderList = () => [orders, memberOrders()];
