import { randomBytes } from 'node:crypto';
import type { OrderDetail, PaymentStart } from '@mall/shared/contract/order';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/rows.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { addEvent, lockOrder, markPaid, orderNoOf, payableOrder } from '../order/service.ts';
import type { PaymentProvider } from './provider.ts';
import type { SignedResult } from './signature.ts';
import type { payment } from './tables.ts';

/**
 * Paying an order (docs/payment.md): a payment row per attempt, its result applied once. A callback for
 * a payment that already has its result changes nothing, so a replay (or the gateway retrying) is
 * harmless; a success for an order that closed meanwhile is kept and marked for refund.
 */

/** An order's payments, oldest first, as its detail lists them (order/order-payments.ts). */
export const paymentsOfOrder = async (db: Db, orderId: number): Promise<OrderDetail['payments']> => {
  const rows = await rowsOf<
    Pick<RawRow<typeof payment>, 'provider' | 'reference' | 'amount_cents' | 'card_last4'> & {
      status: OrderDetail['payments'][number]['status'];
      created_at: string | Date;
    }
  >(
    db,
    sql`select provider, status, amount_cents, reference, created_at, card_last4
        from payment where order_id = ${orderId} order by created_at, id`,
  );
  return rows.map((p) => ({
    provider: p.provider,
    status: p.status,
    amount: fromCents(p.amount_cents),
    reference: p.reference,
    createdAt: new Date(p.created_at).toISOString(),
    cardLast4: p.card_last4,
  }));
};

export const PAYMENT_NOT_FOUND = { field: 'reference', message: 'No such payment.' };

/** GET /api/sale/order/continue/payment/{id}: a new payment of the member's pending order, and where to pay it. */
export const startPayment = async (
  db: Db,
  provider: PaymentProvider,
  memberId: number,
  orderId: number,
): Promise<PaymentStart> => {
  const order = await payableOrder(db, memberId, orderId);
  const reference = `pay_${randomBytes(12).toString('hex')}`;
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into payment (order_id, provider, reference, amount_cents)
          values (${order.id}, ${provider.name}, ${reference}, ${order.payCents})`,
    );
    await addEvent(
      tx,
      order.id,
      'payment_started',
      `${formatPrice(fromCents(order.payCents))} by card (${provider.name})`,
    );
  });
  const { redirectUrl } = await provider.start({
    reference,
    orderId: order.id,
    orderNo: order.orderNo,
    amountCents: order.payCents,
  });
  return { orderId: order.id, redirectUrl };
};

export type PaymentView = {
  reference: string;
  status: 'pending' | 'succeeded' | 'declined';
  amountCents: number;
  orderId: number;
  orderNo: string;
};

/** A payment as the gateway shows it, by our reference. */
export const paymentByReference = async (db: Db, reference: string): Promise<PaymentView | null> => {
  const [row] = await rowsOf<PaymentView>(
    db,
    sql`select p.reference, p.status, p.amount_cents as "amountCents", p.order_id as "orderId",
          ${orderNoOf(sql`p.order_id`)} as "orderNo"
        from payment p where p.reference = ${reference}`,
  );
  return row ?? null;
};

/** The currency the shop charges in: every price and payment is in New Zealand dollars. */
export const PAYMENT_CURRENCY = 'NZD';

/**
 * Applies a verified result: 'applied' the first time, 'already' when the payment had its result
 * (a replay). The money the gateway reports must be the payment's, in the shop's currency, and a
 * success must pay what the order still owes (otherwise 409 naming `amount` or `currency`, and
 * nothing changes). A success pays the order (or marks it for refund when it had closed); a
 * decline leaves the order waiting for another attempt.
 */
export const applyPaymentResult = async (db: Db, result: SignedResult): Promise<'applied' | 'already'> =>
  db.transaction(async (tx) => {
    const [payment] = await rowsOf<{ id: number; order_id: number; status: string; amount_cents: number }>(
      tx,
      sql`select id, order_id, status, amount_cents from payment where reference = ${result.reference} for update`,
    );
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    if (result.currency !== PAYMENT_CURRENCY) {
      throw conflict({
        field: 'currency',
        message: `The payment was made in ${result.currency}, not in ${PAYMENT_CURRENCY}.`,
      });
    }
    if (result.amountCents !== payment.amount_cents) {
      throw conflict({
        field: 'amount',
        message: `The amount paid (${formatPrice(fromCents(result.amountCents))}) is not the amount asked (${formatPrice(fromCents(payment.amount_cents))}).`,
      });
    }
    if (payment.status !== 'pending') return 'already';
    const order = await lockOrder(tx, payment.order_id);
    if (!order) throw notFound(PAYMENT_NOT_FOUND);
    // The gateway is paid what the cash cards do not pay.
    if (result.status === 'succeeded' && payment.amount_cents !== order.total_cents - order.card_cents) {
      throw conflict({ field: 'amount', message: 'The payment does not match the order total.' });
    }
    await tx.execute(
      sql`update payment set status = ${result.status}, card_last4 = ${result.cardLast4}, settled_at = now()
          where id = ${payment.id}`,
    );
    const card = result.cardLast4 ? `Card ending ${result.cardLast4}` : '';
    if (result.status === 'succeeded') await markPaid(tx, order.id, card);
    else await addEvent(tx, order.id, 'payment_declined', card);
    return 'applied';
  });
