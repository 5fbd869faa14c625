import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { member } from '../members/tables.ts';

// Allowed: a foreign key names another module's table.
export const saleOrder = pgTable('sale_order', {
  id: serial('id').primaryKey(),
  memberId: integer('member_id').references(() => member.id),
});
