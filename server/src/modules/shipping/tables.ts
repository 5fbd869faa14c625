import type { MemberKind } from '@mall/shared/contract/account';
import type { Island } from '@mall/shared/nz-regions';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Shipping fee per member kind and island, waived from a goods total (docs/orders.md: checkout). */
export const shippingRule = pgTable(
  'shipping_rule',
  {
    island: text('island').$type<Island>().notNull(),
    memberKind: text('member_kind').$type<MemberKind>().notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** Goods total (cents) from which shipping is free; null: never. */
    freeFromCents: integer('free_from_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.island, t.memberKind] }),
    check('shipping_rule_island_check', sql`${t.island} in ('north', 'south')`),
    check('shipping_rule_kind_check', sql`${t.memberKind} in ('retail', 'wholesale')`),
    check('shipping_rule_fee_check', sql`${t.feeCents} >= 0`),
  ],
);
