import { ORDER_STATUS } from '@mall/shared/codes';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { awaitsPayment } from '@mall/shared/order-states';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '../../db/client.ts';
import { aliased, columns } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { addEvent, lockOrder, markPaid, type PaidHooks } from '../order/index.ts';
import type { PaymentProvider, RefundReason, RefundStatus } from './provider.ts';
import { refundStatusOf, STRIPE_CURRENCY } from './stripe-provider.ts';
import { payment, paymentEvent, paymentRefund } from './tables.ts';

/**
 * Stripe's webhook events, verified by the route (stripe-routes.ts), applied here
 * (docs/payment.md: Stripe). Each event is taken once: its id is stored in the same transaction
 * as what it changes, so a replay, Stripe's retry or a second process receiving it at the same
 * moment changes nothing (the second waits on the first's row, then finds it).
 *
 * - checkout.session.completed (paid) and checkout.session.async_payment_succeeded pay the
 *   order, when the amount and currency are what the attempt asked and the order still waits;
 *   otherwise the money goes back through Stripe by itself and the order says why.
 * - checkout.session.async_payment_failed: the attempt is declined; the order stays payable.
 * - checkout.session.expired: the attempt is expired; the order stays payable.
 * - refund.created / refund.updated / refund.failed / charge.refund.updated: a refund's state.
 * A payment of no attempt of ours is logged and answered 2xx, so Stripe does not retry it forever.
 */

export type WebhookOutcome = 'applied' | 'refunded' | 'already' | 'ignored' | 'unknown';

export interface StripeWebhookDeps {
  db: Db;
  /** What else happens when an order of a kind becomes paid (order/links.ts). */
  paid: PaidHooks;
  /** Stripe, for the refunds it gives by itself. */
  provider: PaymentProvider;
  /** Something the shop cannot place (a payment of no order of ours), for the log. */
  warn: (data: Record<string, unknown>, message: string) => void;
}

const REFUND_WORDS: Record<RefundStatus, string> = {
  pending: 'on its way',
  succeeded: 'given back',
  failed: 'failed: the money was not given back',
};

const REASON_WORDS: Record<Exclude<RefundReason, 'operator'>, string> = {
  amount_mismatch: 'it did not match what the order asked',
  order_closed: 'the order had already closed',
  already_paid: 'the order was already paid',
};

const REFUND_REASONS: readonly string[] = ['operator', 'amount_mismatch', 'order_closed', 'already_paid'];

const money = (cents: number, currency: string | null) =>
  currency === null || currency === STRIPE_CURRENCY
    ? formatPrice(fromCents(cents))
    : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

const attemptColumns = columns({
  id: payment.id,
  order_id: payment.orderId,
  status: payment.status,
  amount_cents: payment.amountCents,
  reference: payment.reference,
});

/** Our attempt of a Checkout Session: by the session's id, or the reference it carries. */
const attemptOf = async (tx: Tx, session: Stripe.Checkout.Session) => {
  const [row] = await rowsOf(
    tx,
    attemptColumns.query`select ${attemptColumns} from payment
        where provider = 'stripe'
          and (provider_ref = ${session.id} or reference = ${session.metadata?.payment_reference ?? ''})
        order by id limit 1 for update`,
  );
  return row ?? null;
};

const unknownPayment = (deps: StripeWebhookDeps, session: Stripe.Checkout.Session, type: string) => {
  deps.warn(
    {
      event: type,
      session: session.id,
      orderNo: session.client_reference_id,
      amount: session.amount_total,
      currency: session.currency,
    },
    'Stripe payment for no order of this shop: nothing changed',
  );
  return 'unknown' as const;
};

/** A Checkout Session paid: the order is paid, or the money goes back and the order says why. */
const sessionPaid = async (
  tx: Tx,
  deps: StripeWebhookDeps,
  session: Stripe.Checkout.Session,
  type: string,
): Promise<WebhookOutcome> => {
  const attempt = await attemptOf(tx, session);
  if (!attempt) return unknownPayment(deps, session, type);
  if (attempt.status === 'succeeded' || attempt.status === 'refunded') return 'already';
  const order = await lockOrder(tx, attempt.order_id);
  if (!order) return unknownPayment(deps, session, type);
  const intent = idOf(session.payment_intent);
  const amount = session.amount_total ?? 0;
  const currency = session.currency ?? null;
  const owed = order.total_cents - order.card_cents;
  const why: Exclude<RefundReason, 'operator'> | null =
    amount !== attempt.amount_cents || amount !== owed || currency !== STRIPE_CURRENCY
      ? 'amount_mismatch'
      : awaitsPayment(String(order.status))
        ? null
        : String(order.status) === ORDER_STATUS.cancelled
          ? 'order_closed'
          : 'already_paid';
  await tx.execute(
    sql`update payment set status = ${why ? 'refunded' : 'succeeded'}, provider_payment_ref = ${intent},
          provider_ref = coalesce(provider_ref, ${session.id}), settled_at = now()
        where id = ${attempt.id}`,
  );
  if (!why) {
    await markPaid(tx, deps.paid, order.id, 'Stripe Checkout');
    return 'applied';
  }
  // Stripe is asked inside this transaction: when it fails, nothing is kept and Stripe sends the
  // event again; its idempotency key makes the retry the same refund.
  const refund = await deps.provider.refund({
    paymentReference: attempt.reference,
    providerPaymentRef: intent,
    amountCents: amount,
    reason: why,
  });
  await tx.execute(
    sql`insert into payment_refund (payment_id, amount_cents, reference, status, reason)
        values (${attempt.id}, ${amount}, ${refund.reference}, ${refund.status}, ${why})
        on conflict (reference) do nothing`,
  );
  await addEvent(
    tx,
    order.id,
    'payment_refunded',
    `A payment of ${money(amount, currency)} is being given back by itself: ${REASON_WORDS[why]}` +
      (why === 'amount_mismatch' ? ` (${formatPrice(fromCents(attempt.amount_cents))} NZD).` : '.'),
  );
  return 'refunded';
};

/** An attempt that ended unpaid: declined (its delayed payment failed) or expired; the order stays payable. */
const sessionEnded = async (
  tx: Tx,
  deps: StripeWebhookDeps,
  session: Stripe.Checkout.Session,
  type: string,
  status: 'declined' | 'expired',
): Promise<WebhookOutcome> => {
  const attempt = await attemptOf(tx, session);
  if (!attempt) return unknownPayment(deps, session, type);
  if (attempt.status !== 'pending' && !(status === 'declined' && attempt.status === 'expired'))
    return 'already';
  await tx.execute(
    sql`update payment set status = ${status}, settled_at = now(), provider_ref = coalesce(provider_ref, ${session.id})
        where id = ${attempt.id}`,
  );
  if (status === 'declined') await addEvent(tx, attempt.order_id, 'payment_declined', 'Stripe Checkout');
  return 'applied';
};

/** A refund's state as Stripe tells it; never back to pending once it has its end. */
const refundChanged = async (
  tx: Tx,
  deps: StripeWebhookDeps,
  refund: Stripe.Refund,
): Promise<WebhookOutcome> => {
  const status = refundStatusOf(refund.status);
  const paymentRef = refund.metadata?.payment_reference ?? '';
  const p = aliased(payment, 'p');
  const ownerColumns = columns({ payment_id: p.id, order_id: p.orderId });
  const [owner] = await rowsOf(
    tx,
    ownerColumns.query`select ${ownerColumns} from payment p
        where p.id = (select payment_id from payment_refund where reference = ${refund.id})
           or (p.provider = 'stripe' and p.reference = ${paymentRef})
        limit 1`,
  );
  if (!owner) {
    deps.warn(
      { refund: refund.id, paymentIntent: idOf(refund.payment_intent) },
      'Stripe refund of no payment of this shop',
    );
    return 'ignored';
  }
  // The order first, as the refund's own transaction does: a refund row it is still writing is
  // waited for, not raced.
  await lockOrder(tx, owner.order_id);
  const refundColumns = columns({
    id: paymentRefund.id,
    status: paymentRefund.status,
    amount_cents: paymentRefund.amountCents,
  });
  const [row] = await rowsOf(
    tx,
    refundColumns.query`select ${refundColumns} from payment_refund where reference = ${refund.id} for update`,
  );
  if (!row) {
    const reason = REFUND_REASONS.includes(refund.metadata?.reason ?? '')
      ? refund.metadata!.reason!
      : 'operator';
    await tx.execute(
      sql`insert into payment_refund (payment_id, amount_cents, reference, status, reason)
          values (${owner.payment_id}, ${refund.amount}, ${refund.id}, ${status}, ${reason})`,
    );
  } else {
    if (row.status === status || status === 'pending') return 'already';
    await tx.execute(
      sql`update payment_refund set status = ${status}, updated_at = now() where id = ${row.id}`,
    );
  }
  await addEvent(
    tx,
    owner.order_id,
    'refund_updated',
    `Refund of ${money(refund.amount, refund.currency)}: ${REFUND_WORDS[status]}`,
  );
  return 'applied';
};

/** Applies a verified event once: 'already' when this event id was handled before. */
export const handleStripeEvent = (deps: StripeWebhookDeps, event: Stripe.Event): Promise<WebhookOutcome> =>
  deps.db.transaction(async (tx) => {
    const eventColumn = columns({ event_id: paymentEvent.eventId });
    const [fresh] = await rowsOf(
      tx,
      eventColumn.query`insert into payment_event (provider, event_id, type) values ('stripe', ${event.id}, ${event.type})
          on conflict do nothing returning ${eventColumn}`,
    );
    if (!fresh) return 'already';
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        // A delayed payment method (a bank debit): its own event follows.
        if (session.payment_status === 'unpaid') return 'ignored';
        return sessionPaid(tx, deps, session, event.type);
      }
      case 'checkout.session.async_payment_succeeded':
        return sessionPaid(tx, deps, event.data.object, event.type);
      case 'checkout.session.async_payment_failed':
        return sessionEnded(tx, deps, event.data.object, event.type, 'declined');
      case 'checkout.session.expired':
        return sessionEnded(tx, deps, event.data.object, event.type, 'expired');
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
      case 'charge.refund.updated':
        return refundChanged(tx, deps, event.data.object);
      default:
        return 'ignored';
    }
  });
