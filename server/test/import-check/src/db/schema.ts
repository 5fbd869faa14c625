export * from '../modules/members/tables.ts';
export * from '../modules/orders/tables.ts';
