import { randomBytes } from 'node:crypto';
import type { OrderDetail, PaymentStart } from '@mall/shared/contract/order';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aliased, columns, notNull, type RowOf } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { memberEmail } from '../customer/index.ts';
import { addEvent, lockOrder, markPaid, orderNoOf, type PaidHooks, payableOrder } from '../order/index.ts';
import type { PaymentProvider } from './provider.ts';
import type { SignedResult } from './signature.ts';
import { payment, paymentRefund } from './tables.ts';

/**
 * Paying an order (docs/payment.md): a payment row per attempt, its result applied once. A callback for
 * a payment that already has its result changes nothing, so a replay (or the gateway retrying) is
 * harmless; a success for an order that closed meanwhile is kept and marked for refund.
 */

const paymentColumns = columns({
  id: payment.id,
  provider: payment.provider,
  status: payment.status,
  amount_cents: payment.amountCents,
  reference: payment.reference,
  created_at: payment.createdAt,
  card_last4: payment.cardLast4,
});
const r = aliased(paymentRefund, 'r');
const refundColumns = columns({
  payment_id: r.paymentId,
  amount_cents: r.amountCents,
  status: r.status,
  reason: r.reason,
  created_at: r.createdAt,
});

/** An order's payments, oldest first, as its detail lists them (order/links.ts). */
export const paymentsOfOrder = async (db: Db, orderId: number): Promise<OrderDetail['payments']> => {
  const [rows, refunds] = await Promise.all([
    rowsOf(
      db,
      paymentColumns.query`select ${paymentColumns}
          from payment where order_id = ${orderId} order by created_at, id`,
    ),
    rowsOf(
      db,
      refundColumns.query`select ${refundColumns}
          from payment_refund r join payment p on p.id = r.payment_id
          where p.order_id = ${orderId} order by r.created_at, r.id`,
    ),
  ]);
  return rows.map((p) => ({
    provider: p.provider,
    status: p.status,
    amount: fromCents(p.amount_cents),
    reference: p.reference,
    createdAt: new Date(p.created_at).toISOString(),
    cardLast4: p.card_last4,
    refunds: refunds
      .filter((r) => r.payment_id === p.id)
      .map((r) => ({
        amount: fromCents(r.amount_cents),
        status: r.status,
        reason: r.reason,
        createdAt: new Date(r.created_at).toISOString(),
      })),
  }));
};

export const PAYMENT_NOT_FOUND = { field: 'reference', message: 'No such payment.' };

/** Where the gateway sends the member back: the payment notice, which reads the order (docs/payment.md). */
export const noticePath = (orderId: number) => `/pages/order/pay/notice?orderId=${orderId}`;

/** An attempt is not handed out again this close to its end: the member needs the time to pay. */
const REUSE_MARGIN = sql`interval '2 minutes'`;
/** How long an attempt the provider has not made yet is asked for again with the same key. */
const RETRY_WINDOW = sql`interval '1 minute'`;
/** Stripe keeps a Checkout Session open at least 30 minutes and at most 24 hours. */
const MIN_OPEN_MS = 31 * 60_000;
const MAX_OPEN_MS = 23 * 3_600_000;

/** How long an attempt stays open at the provider: until the order's deadline, within what the provider allows. */
const attemptEnd = (deadline: Date | null, now = Date.now()) =>
  new Date(Math.min(now + MAX_OPEN_MS, Math.max(now + MIN_OPEN_MS, deadline?.getTime() ?? 0)));

const attemptColumns = columns({
  id: payment.id,
  reference: payment.reference,
  provider_ref: payment.providerRef,
  redirect_url: payment.redirectUrl,
  // Every attempt written here has an end, and an open one is picked by it.
  expires_at: notNull(payment.expiresAt),
});

/**
 * GET /api/sale/order/continue/payment/{id}: where the member pays their pending order. With the
 * sandbox each call is a new attempt. With a provider whose attempts stay open (Stripe Checkout),
 * an open attempt of the same amount is handed out again, one that expired is marked so and a new
 * one made; two calls at once (a double click) get the same attempt: the order is locked while it
 * is chosen, and the provider is asked with the attempt's reference as idempotency key.
 */
export const startPayment = async (
  db: Db,
  provider: PaymentProvider,
  memberId: number,
  orderId: number,
): Promise<PaymentStart> => {
  const order = await payableOrder(db, memberId, orderId);
  const email = await memberEmail(db, memberId);
  for (;;) {
    const attempt = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw notFound(PAYMENT_NOT_FOUND);
      if (provider.attemptState) {
        // An attempt the provider never made (its call failed) is tried again only at once: its
        // end was set when it was written, and the provider wants it far enough ahead.
        await tx.execute(
          sql`update payment set status = 'expired'
              where order_id = ${order.id} and provider = ${provider.name} and status = 'pending'
                and provider_ref is null and created_at <= now() - ${RETRY_WINDOW}`,
        );
        const [open] = await rowsOf(
          tx,
          attemptColumns.query`select ${attemptColumns} from payment
              where order_id = ${order.id} and provider = ${provider.name} and status = 'pending'
                and amount_cents = ${order.payCents} and expires_at > now() + ${REUSE_MARGIN}
              order by created_at desc, id desc limit 1`,
        );
        if (open) return open;
      }
      const [made] = await rowsOf(
        tx,
        attemptColumns.query`insert into payment (order_id, provider, reference, amount_cents, expires_at)
            values (${order.id}, ${provider.name}, ${`pay_${randomBytes(12).toString('hex')}`}, ${order.payCents},
              ${attemptEnd(locked.pay_deadline ? new Date(locked.pay_deadline) : null).toISOString()})
            returning ${attemptColumns}`,
      );
      await addEvent(
        tx,
        order.id,
        'payment_started',
        `${formatPrice(fromCents(order.payCents))} by card (${provider.name})`,
      );
      return made!;
    });
    if (attempt.provider_ref && attempt.redirect_url && provider.attemptState) {
      const state = await provider.attemptState(attempt.provider_ref);
      if (state === 'open') return { orderId: order.id, redirectUrl: attempt.redirect_url };
      // Paid: its result is on its way; the notice shows the order as it becomes.
      if (state === 'complete') return { orderId: order.id, redirectUrl: noticePath(order.id) };
      await db.execute(
        sql`update payment set status = 'expired' where id = ${attempt.id} and status = 'pending'`,
      );
      continue;
    }
    const started = await provider.start({
      reference: attempt.reference,
      orderId: order.id,
      orderNo: order.orderNo,
      amountCents: order.payCents,
      email,
      expiresAt: new Date(attempt.expires_at),
    });
    if (started.providerRef) {
      await db.execute(
        sql`update payment set provider_ref = ${started.providerRef}, redirect_url = ${started.redirectUrl}
            where id = ${attempt.id}`,
      );
    }
    return { orderId: order.id, redirectUrl: started.redirectUrl };
  }
};

const p = aliased(payment, 'p');
const viewColumns = columns({
  reference: p.reference,
  status: p.status,
  amountCents: p.amountCents,
  orderId: p.orderId,
  orderNo: sql<string>`${orderNoOf(sql`p.order_id`)}`,
});
export type PaymentView = RowOf<typeof viewColumns>;

/**
 * The sandbox gateway's provider name: the only provider whose results come by the signed callback
 * (routes.ts) and whose card page the shop serves. A payment of another provider (Stripe, by its
 * webhook) is no payment of the callback or the sandbox's page, so neither can pay it
 * (docs/payment.md).
 */
export const SANDBOX_PROVIDER = 'sandbox';

/** A sandbox payment as the gateway shows it, by our reference. */
export const paymentByReference = async (db: Db, reference: string): Promise<PaymentView | null> => {
  const [row] = await rowsOf(
    db,
    viewColumns.query`select ${viewColumns}
        from payment p where p.reference = ${reference} and p.provider = ${SANDBOX_PROVIDER}`,
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
export const applyPaymentResult = async (
  db: Db,
  paid: PaidHooks,
  result: SignedResult,
): Promise<'applied' | 'already'> =>
  db.transaction(async (tx) => {
    const settling = columns({
      id: payment.id,
      order_id: payment.orderId,
      status: payment.status,
      amount_cents: payment.amountCents,
    });
    const [paying] = await rowsOf(
      tx,
      settling.query`select ${settling} from payment
          where reference = ${result.reference} and provider = ${SANDBOX_PROVIDER} for update`,
    );
    if (!paying) throw notFound(PAYMENT_NOT_FOUND);
    if (result.currency !== PAYMENT_CURRENCY) {
      throw conflict({
        field: 'currency',
        message: `The payment was made in ${result.currency}, not in ${PAYMENT_CURRENCY}.`,
      });
    }
    if (result.amountCents !== paying.amount_cents) {
      throw conflict({
        field: 'amount',
        message: `The amount paid (${formatPrice(fromCents(result.amountCents))}) is not the amount asked (${formatPrice(fromCents(paying.amount_cents))}).`,
      });
    }
    if (paying.status !== 'pending') return 'already';
    const order = await lockOrder(tx, paying.order_id);
    if (!order) throw notFound(PAYMENT_NOT_FOUND);
    // The gateway is paid what the cash cards do not pay.
    if (result.status === 'succeeded' && paying.amount_cents !== order.total_cents - order.card_cents) {
      throw conflict({ field: 'amount', message: 'The payment does not match the order total.' });
    }
    await tx.execute(
      sql`update payment set status = ${result.status}, card_last4 = ${result.cardLast4}, settled_at = now()
          where id = ${paying.id}`,
    );
    const card = result.cardLast4 ? `Card ending ${result.cardLast4}` : '';
    if (result.status === 'succeeded') await markPaid(tx, paid, order.id, card);
    else await addEvent(tx, order.id, 'payment_declined', card);
    return 'applied';
  });
