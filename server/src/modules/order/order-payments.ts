import type { OrderDetail } from '@mall/shared/contract/order';
import type { Db } from '../../db/client.ts';

/**
 * The payments an order's detail lists. They are the payment module's rows, and the payment
 * module calls the orders (to lock and mark them paid), so the orders cannot call it back: the
 * payment module gives its reader here when the app starts (`paymentRoutes`), and the detail asks
 * through it.
 */
export type OrderPaymentsReader = (db: Db, orderId: number) => Promise<OrderDetail['payments']>;

let reader: OrderPaymentsReader | null = null;

export const setOrderPaymentsReader = (read: OrderPaymentsReader) => {
  reader = read;
};

export const orderPayments: OrderPaymentsReader = (db, orderId) => {
  if (!reader) throw new Error('No payments reader: the payment module is not registered.');
  return reader(db, orderId);
};
