import type { OrderAddress } from '@mall/shared/contract/order';
import { gstOfCents } from '@mall/shared/order-money';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { millis, rowsOf } from '../../lib/sql.ts';
import { addEvent, nextOrderNoSql, STATUS } from './service.ts';

/**
 * A club order (docs/wallet.md: club membership): an order of its own kind for a plan of the club.
 * It has a title instead of lines, takes no stock and ships nothing (shipping 0); its price is
 * GST-inclusive like any order's, so it gets an order number, a tax invoice and a place in My
 * Order, and is paid through the same payment calls. The club module decides what is bought;
 * this module writes the order.
 */

export interface ClubOrderInput {
  memberId: number;
  /** The organisation that sells (the shop's online store). */
  orgId: number;
  /** e.g. "Kauri Club, 12 months". */
  title: string;
  priceCents: number;
  /** The buyer as the invoice names them (a club order delivers nothing). */
  billTo: OrderAddress;
  payTimeoutMs: number;
}

/** Places an unpaid club order in `tx`; the caller writes what it buys in the same transaction. */
export const placeClubOrder = async (
  tx: Tx,
  input: ClubOrderInput,
): Promise<{ id: number; orderNo: string }> => {
  const [order] = await rowsOf<{ id: number; order_no: string }>(
    tx,
    sql`insert into sale_order (order_no, member_id, org_id, idempotency_key, kind, title, goods_cents,
          shipping_cents, total_cents, gst_cents, address, pay_deadline)
        values (
          ${nextOrderNoSql},
          ${input.memberId}, ${input.orgId}, 'club:' || gen_random_uuid(), 'club', ${input.title},
          ${input.priceCents}, 0, ${input.priceCents}, ${gstOfCents(input.priceCents)},
          ${JSON.stringify(input.billTo)}::jsonb, now() + ${millis(input.payTimeoutMs)}::interval)
        returning id, order_no`,
  );
  await addEvent(tx, order!.id, 'placed');
  return { id: order!.id, orderNo: order!.order_no };
};

/**
 * Of `orderIds`, the member's club orders still waiting for payment and not past their deadline
 * (one to pay again instead of placing another).
 */
export const unpaidClubOrders = async (
  tx: Tx,
  memberId: number,
  orderIds: readonly number[],
): Promise<number[]> => {
  if (orderIds.length === 0) return [];
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select id from sale_order
        where id = any(${`{${orderIds.join(',')}}`}::int[]) and member_id = ${memberId} and kind = 'club'
          and status = ${STATUS.pendingPayment} and pay_deadline > now() and deleted_at is null
        order by created_at desc, id desc`,
  );
  return rows.map((r) => r.id);
};

/** A paid club order has nothing to ship: it is complete at once, its note saying what it bought. */
export const completeClubOrder = async (tx: Tx, orderId: number, note: string): Promise<void> => {
  const [done] = await rowsOf<{ id: number }>(
    tx,
    sql`update sale_order set status = ${STATUS.completed}, completed_at = now()
        where id = ${orderId} and kind = 'club' and status = ${STATUS.toShip} returning id`,
  );
  if (done) await addEvent(tx, orderId, 'completed', note);
};

/** The order numbers of the member's orders `orderIds`, by id. */
export const orderNumbersOf = async (
  db: Db,
  memberId: number,
  orderIds: readonly number[],
): Promise<Map<number, string>> => {
  if (orderIds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; order_no: string }>(
    db,
    sql`select id, order_no from sale_order
        where id = any(${`{${orderIds.join(',')}}`}::int[]) and member_id = ${memberId}`,
  );
  return new Map(rows.map((r) => [r.id, r.order_no]));
};
