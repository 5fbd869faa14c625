import type { ShippingRule } from '@mall/shared/checkout-rules';
import { fromCents } from '@mall/shared/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/rows.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { shippingRule } from './tables.ts';

/**
 * The shipping rules (docs/orders.md: checkout): a fee per member kind and island, waived from a goods total.
 * Stored in cents; answered in NZD as `@mall/shared/checkout-rules` applies them, in the browser
 * at checkout and again in the order module when an order is placed.
 */

type RuleRow = Pick<RawRow<typeof shippingRule>, 'island' | 'member_kind' | 'fee_cents' | 'free_from_cents'>;

/** Every rule, North Island first, retail before wholesale. `db` may be a transaction. */
export const shippingRules = async (db: Db): Promise<ShippingRule[]> => {
  const rows = await rowsOf<RuleRow>(
    db,
    sql`select island, member_kind, fee_cents, free_from_cents from shipping_rule
        order by island = 'north' desc, island, member_kind = 'retail' desc, member_kind`,
  );
  return rows.map((r) => ({
    island: r.island,
    memberKind: r.member_kind,
    fee: fromCents(r.fee_cents),
    freeFrom: r.free_from_cents === null ? null : fromCents(r.free_from_cents),
  }));
};
