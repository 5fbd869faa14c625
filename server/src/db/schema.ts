/**
 * The whole database schema: each module owns its tables in its own `tables.ts`;
 * this file only gathers them for Drizzle and drizzle-kit.
 */

export * from '../modules/address/tables.ts';
export * from '../modules/admin/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/cart/tables.ts';
export * from '../modules/catalogue/tables.ts';
export * from '../modules/chat/tables.ts';
export * from '../modules/club/tables.ts';
export * from '../modules/content/tables.ts';
export * from '../modules/customer/tables.ts';
export * from '../modules/favourite/tables.ts';
export * from '../modules/mail/tables.ts';
export * from '../modules/order/tables.ts';
export * from '../modules/payment/tables.ts';
export * from '../modules/reference/tables.ts';
export * from '../modules/search/tables.ts';
export * from '../modules/shipping/tables.ts';
export * from '../modules/wallet/tables.ts';
export * from './meta-tables.ts';
