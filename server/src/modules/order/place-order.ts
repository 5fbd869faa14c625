import { type CartRuleItem, mergeAdd, refuseAdd } from '@mall/shared/cart-rules';
import { minimumOrderMessage, orderTotals } from '@mall/shared/checkout-rules';
import type { MemberKind } from '@mall/shared/contract/account';
import type { CartItem } from '@mall/shared/contract/cart';
import type { OrderSubmit, OrderSummary } from '@mall/shared/contract/order';
import { toCents } from '@mall/shared/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { millis, rowsOf, uniqueViolation } from '../../lib/sql.ts';
import { addressSnapshot } from '../address/service.ts';
import { cartLinesRemoval, holdCartLines } from '../cart/service.ts';
import type { Shopper } from '../catalogue/shopper.ts';
import { stockOf, takeStock } from '../catalogue/stock.ts';
import { shippingRules } from '../shipping/service.ts';
import { orderSummary } from './service.ts';

/**
 * POST /api/sale/order/submit (docs/orders.md: checkout): one transaction that holds the member's cart, prices the
 * chosen lines on the server, applies every cart rule again (limit, stock, mixing), checks the
 * address and the wholesale minimum, takes the units from stock with a conditional update, writes
 * the order with a snapshot of each line and the address, and removes the lines from the cart.
 * Anything refused rolls all of it back. The same Idempotency-Key gives the same order, however
 * often and however concurrently it is sent.
 */

export interface Buyer {
  memberId: number;
  kind: MemberKind;
  shopper: Shopper;
}

const existingOrder = async (db: Db, memberId: number, key: string) => {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from sale_order where member_id = ${memberId} and idempotency_key = ${key}`,
  );
  return row?.id ?? null;
};

/** The cart rules over what is bought, as if each line were added in turn to an empty cart. */
const refuseLines = (items: readonly CartItem[]): string | null => {
  let cart: CartRuleItem[] = [];
  for (const item of items) {
    if (item.stock <= 0) return `${item.name}: This item is sold out or no longer available.`;
    const refusal = refuseAdd(cart, item, item.count);
    if (refusal) return refusal.rule === 'mix' ? refusal.message : `${item.name}: ${refusal.message}`;
    cart = mergeAdd(cart, item);
  }
  return null;
};

export const placeOrder = async (
  db: Db,
  buyer: Buyer,
  body: OrderSubmit,
  key: string,
  payTimeoutMs: number,
): Promise<OrderSummary> => {
  const { memberId } = buyer;
  if (buyer.shopper.orgId === null)
    throw conflict('No stock organisation is configured: nothing can be sold.');
  const orgId = buyer.shopper.orgId;

  let orderId: number;
  try {
    orderId = await db.transaction(async (tx) => {
      const { items, missing } = await holdCartLines(tx, memberId, buyer.shopper, body.cartItemIds);
      // Holding the cart, a request with the same key that came first has committed or failed.
      const again = await existingOrder(tx, memberId, key);
      if (again !== null) return again;
      if (missing.length > 0) {
        throw notFound({
          field: 'cartItemIds',
          message: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in your shopping cart.`,
        });
      }
      const refusal = refuseLines(items);
      if (refusal) throw conflict(refusal);

      const address = await addressSnapshot(tx, memberId, body.addressId);
      if (!address) throw notFound({ field: 'addressId', message: 'This address was not found.' });
      const totals = orderTotals(items, await shippingRules(tx), address.island, buyer.kind);
      if (totals.missing > 0 && totals.minimum !== null) {
        throw conflict(minimumOrderMessage(address.island, totals.minimum, totals.missing));
      }

      // The order, its lines, the first event of its timeline, and the bought lines out of the cart.
      const [order] = await rowsOf<{ id: number }>(
        tx,
        sql`with o as (
              insert into sale_order (order_no, member_id, org_id, idempotency_key, goods_cents, shipping_cents,
                total_cents, gst_cents, address, remark, pay_deadline)
              values (
                'KM' || to_char(now() at time zone 'Pacific/Auckland', 'YYMMDD') || nextval('sale_order_no_seq'),
                ${memberId}, ${orgId}, ${key}, ${toCents(totals.goods)}, ${toCents(totals.shipping)},
                ${toCents(totals.total)}, ${toCents(totals.gst)}, ${JSON.stringify(address)}::jsonb,
                ${body.remark ?? ''}, now() + ${millis(payTimeoutMs)}::interval)
              returning id),
            lines as (
              insert into sale_order_line (order_id, sku_id, goods_id, name, sku_label, thumb_url, unit_cents,
                count, amount_cents, supplier_id, supplier_code, supplier_name, self)
              select o.id, v.* from o, (values ${sql.join(
                items.map((i) => {
                  const unit = toCents(i.price);
                  return sql`(${i.skuId}::int, ${i.goodsId}::int, ${i.name}::text, ${i.skuLabel}::text, ${i.thumbUrl}::text,
                    ${unit}::int, ${i.count}::int, ${unit * i.count}::int, ${i.supplierId}::int, ${i.supplierCode}::text,
                    ${i.supplierName}::text, ${i.self}::boolean)`;
                }),
                sql`, `,
              )}) v
              returning 1),
            placed as (insert into order_event (order_id, kind) select id, 'placed' from o returning 1),
            bought as (${cartLinesRemoval(
              memberId,
              items.map((i) => i.id),
            )})
          select id from o`,
      );
      // Stock last: its rows are the ones every buyer of a popular SKU waits for, so they are
      // locked only from here to the commit.
      const short = await takeStock(
        tx,
        orgId,
        items.map((i) => ({ skuId: i.skuId, count: i.count })),
      );
      if (short.length > 0) {
        const item = items.find((i) => i.skuId === short[0])!;
        // The update found too few units: roll back what was taken, say how many are left.
        throw conflict(
          `${item.name}: Only ${await stockOf(tx, orgId, item.skuId)} left in stock. Please change the quantity.`,
        );
      }

      return order!.id;
    });
  } catch (err) {
    // Two submits with one key from two processes: the loser's insert meets the winner's row.
    if (uniqueViolation(err) === 'sale_order_member_key_unique') {
      const winner = await existingOrder(db, memberId, key);
      if (winner !== null) return orderSummary(db, memberId, winner);
    }
    throw err;
  }
  return orderSummary(db, memberId, orderId);
};

/** The Idempotency-Key header: required, 8 to 128 visible characters. */
export const idempotencyKeyOf = (value: string | string[] | undefined): string => {
  const key = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  if (!/^[\x21-\x7e]{8,128}$/.test(key)) {
    throw badRequest({
      field: 'Idempotency-Key',
      message: 'Send a unique key of 8 to 128 characters with each new order.',
    });
  }
  return key;
};
