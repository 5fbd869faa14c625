import { pgTable, serial, text } from 'drizzle-orm/pg-core';

export const member = pgTable('member', { id: serial('id').primaryKey(), name: text('name').notNull() });
