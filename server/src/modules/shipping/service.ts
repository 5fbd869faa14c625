import type { ShippingRule } from '@mall/shared/checkout-rules';
import { fromCents } from '@mall/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columns, type RowOf } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { shippingRule } from './tables.ts';

/**
 * The shipping rules (docs/orders.md: checkout): a fee per member kind and island, waived from a goods total.
 * Stored in cents; answered in NZD as `@mall/shared/checkout-rules` applies them, in the browser
 * at checkout and again in the order module when an order is placed.
 */

const ruleColumns = columns({
  island: shippingRule.island,
  member_kind: shippingRule.memberKind,
  fee_cents: shippingRule.feeCents,
  free_from_cents: shippingRule.freeFromCents,
});
type RuleRow = RowOf<typeof ruleColumns>;

const ruleOf = (r: RuleRow): ShippingRule => ({
  island: r.island,
  memberKind: r.member_kind,
  fee: fromCents(r.fee_cents),
  freeFrom: r.free_from_cents === null ? null : fromCents(r.free_from_cents),
});

const ruleOrder = sql`island = 'north' desc, island, member_kind = 'retail' desc, member_kind`;

/** Every rule, North Island first, retail before wholesale. `db` may be a transaction. */
export const shippingRules = async (db: Db): Promise<ShippingRule[]> => {
  const rows = await rowsOf(
    db,
    ruleColumns.query`select ${ruleColumns} from shipping_rule order by ${ruleOrder}`,
  );
  return rows.map(ruleOf);
};

/**
 * Every rule as one JSON value, for the order module's statement that reads them beside other
 * things in its transaction; `shippingRulesOf` reads the value.
 */
export const shippingRulesSql: SQL = sql`(select coalesce(json_agg(r order by ${ruleOrder}), '[]'::json)
  from (select ${ruleColumns} from shipping_rule) r)`;

/** The rules of `shippingRulesSql`'s value. */
export const shippingRulesOf = (rows: readonly RuleRow[]): ShippingRule[] => rows.map(ruleOf);

/** The value of `shippingRulesSql`. */
export type ShippingRulesValue = RuleRow[];
