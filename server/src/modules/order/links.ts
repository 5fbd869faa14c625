import type { OrderDetail } from '@mall/shared/contract/order';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { saleOrder } from './tables.ts';

/**
 * What the order module uses of the modules built on it, which it cannot import (they import it):
 * app.ts gives them to the order calls, the payment calls and the back office when it builds the
 * app, so each app has its own and the wiring shows there.
 * - `paymentsOf`: the payments an order's detail lists, the payment module's rows.
 * - `paid`: what else happens when an order of a kind becomes paid, in the same transaction as
 *   the payment (docs/payment.md): a club order makes its member a club member. `markPaid`
 *   (service.ts), the one place an order becomes paid, runs it.
 */

export type OrderKind = (typeof saleOrder.$inferSelect)['kind'];

export interface PaidOrder {
  id: number;
  orderNo: string;
  memberId: number;
  kind: OrderKind;
}

export type PaidHook = (tx: Tx, order: PaidOrder) => Promise<void>;

/** The hook of each kind of order that has one. */
export type PaidHooks = Partial<Record<OrderKind, PaidHook>>;

export type OrderPaymentsReader = (db: Db, orderId: number) => Promise<OrderDetail['payments']>;

export interface OrderLinks {
  paymentsOf: OrderPaymentsReader;
  paid: PaidHooks;
}

/** Runs the hook of the order's kind, if any; called by `markPaid` when the order has just become paid. */
export const runPaidHooks = async (tx: Tx, hooks: PaidHooks, orderId: number): Promise<void> => {
  const [order] = await rowsOf<{ id: number; order_no: string; member_id: number; kind: OrderKind }>(
    tx,
    sql`select id, order_no, member_id, kind from sale_order where id = ${orderId}`,
  );
  const hook = order && hooks[order.kind];
  if (hook)
    await hook(tx, { id: order.id, orderNo: order.order_no, memberId: order.member_id, kind: order.kind });
};
