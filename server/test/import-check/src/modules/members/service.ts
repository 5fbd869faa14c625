import { orders } from '../orders/tables.ts';

// Refused: another module's tables (call its service), and a second way between members and orders.
export const memberOrders = () => orders;
