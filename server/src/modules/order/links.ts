import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { saleOrder } from './tables.ts';

/**
 * What else happens when an order of a kind becomes paid, in the same transaction as the payment
 * (docs/payment.md). The order module knows nothing of the club: the club module registers its
 * hook at startup, and `markPaid` (service.ts), the one place an order becomes paid, runs it.
 * One hook per kind; registering again replaces it (each app built in one test process registers
 * its own; the last one runs for all, so a hook must be right for any app on the same database).
 */

export type OrderKind = (typeof saleOrder.$inferSelect)['kind'];

export interface PaidOrder {
  id: number;
  orderNo: string;
  memberId: number;
  kind: OrderKind;
}

export type PaidHook = (tx: Tx, order: PaidOrder) => Promise<void>;

const hooks = new Map<OrderKind, PaidHook>();

export const onOrderPaid = (kind: OrderKind, hook: PaidHook): void => {
  hooks.set(kind, hook);
};

/** Runs the hook of the order's kind, if any; called by `markPaid` when the order has just become paid. */
export const runPaidHooks = async (tx: Tx, orderId: number): Promise<void> => {
  const [order] = await rowsOf<{ id: number; order_no: string; member_id: number; kind: OrderKind }>(
    tx,
    sql`select id, order_no, member_id, kind from sale_order where id = ${orderId}`,
  );
  const hook = order && hooks.get(order.kind);
  if (hook)
    await hook(tx, { id: order.id, orderNo: order.order_no, memberId: order.member_id, kind: order.kind });
};
