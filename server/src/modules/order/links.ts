import type { OrderDetail } from '@mall/shared/contract/order';
import type { Db, Tx } from '../../db/client.ts';
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
