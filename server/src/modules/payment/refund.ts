import { POINT_SOURCE } from '@mall/shared/codes';
import { refundPlan } from '@mall/shared/order-money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columns } from '../../db/columns.ts';
import { conflict } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { addRefundLines, markRefunded } from '../order/index.ts';
import {
  cardsBack,
  earnedCredited,
  lockedPointsBalance,
  movePoints,
  orderCardSpends,
  releaseDiscount,
} from '../wallet/index.ts';
import type { PaymentProvider } from './provider.ts';
import { payment } from './tables.ts';

/**
 * The operator cancels a paid order and refunds it (docs/orders.md: refunds), in one transaction:
 * the order is cancelled by the state machine's refund; its discount is usable again; the points
 * it took come back and the points it earned are taken back, those already spent charged at
 * their value against the money (`refundPlan`, shared/order-money.ts); the card money goes back
 * to each card; the rest goes back through the gateway the member paid with. Each destination is
 * an order refund line.
 */
export const refundOrder = async (
  db: Db,
  /** The provider a payment was made with, by name: the refund goes back the same way. */
  providerFor: (name: string) => PaymentProvider,
  orderNo: string,
  pointValueCents: number,
): Promise<{
  id: number;
  orderNo: string;
  gatewayCents: number;
  cardCents: number;
  shortfallCents: number;
}> =>
  db.transaction(async (tx) => {
    const order = await markRefunded(tx, orderNo);
    const gatewayCents = order.total_cents - order.card_cents;
    const cardSpends = await orderCardSpends(tx, order.id);
    await releaseDiscount(tx, order.id);
    const plan = refundPlan({
      gatewayCents,
      cardSpends,
      pointsUsed: order.points_used,
      pointsEarnedCredited: await earnedCredited(tx, order.id),
      pointsBalance: await lockedPointsBalance(tx, order.member_id),
      pointValueCents,
    });
    const points = (n: number) =>
      movePoints(tx, {
        memberId: order.member_id,
        points: n,
        reason: POINT_SOURCE.refund,
        orderId: order.id,
      });
    if (plan.pointsBack > 0) await points(plan.pointsBack);
    if (plan.pointsTakenBack > 0) await points(-plan.pointsTakenBack);
    await cardsBack(tx, order.id, plan.cardBack, 'refund');

    if (plan.gatewayBack > 0) {
      const paidColumns = columns({
        id: payment.id,
        reference: payment.reference,
        provider: payment.provider,
        provider_payment_ref: payment.providerPaymentRef,
      });
      const [paid] = await rowsOf(
        tx,
        paidColumns.query`select ${paidColumns} from payment
            where order_id = ${order.id} and status = 'succeeded'
            order by settled_at, id limit 1`,
      );
      if (!paid) throw conflict(`Order ${orderNo} has no successful payment to refund.`);
      // Asked inside the transaction: when the gateway refuses, nothing of the refund is kept. A
      // real gateway answers `pending` and tells the end by webhook, which may come before this
      // row is written (stripe-webhook.ts writes it then; this keeps that one).
      const done = await providerFor(paid.provider).refund({
        paymentReference: paid.reference,
        providerPaymentRef: paid.provider_payment_ref,
        amountCents: plan.gatewayBack,
        reason: 'operator',
      });
      await tx.execute(
        sql`insert into payment_refund (payment_id, amount_cents, reference, status, reason)
            values (${paid.id}, ${plan.gatewayBack}, ${done.reference}, ${done.status}, 'operator')
            on conflict (reference) do nothing`,
      );
    }
    const last4 = new Map(cardSpends.map((c) => [c.cardId, c.cardNoLast4]));
    await addRefundLines(tx, order.id, [
      ...(plan.gatewayBack > 0 ? [{ to: 'gateway' as const, amountCents: plan.gatewayBack }] : []),
      ...plan.cardBack.map((c) => ({
        to: 'cashCard' as const,
        amountCents: c.cents,
        cardNoLast4: last4.get(c.cardId) ?? null,
      })),
      ...(plan.pointsBack > 0 ? [{ to: 'points' as const, points: plan.pointsBack }] : []),
      ...(plan.pointsTakenBack > 0 || plan.shortfallCents > 0
        ? [{ to: 'pointsTakenBack' as const, points: plan.pointsTakenBack, amountCents: plan.shortfallCents }]
        : []),
    ]);
    return {
      id: order.id,
      orderNo,
      gatewayCents: plan.gatewayBack,
      cardCents: plan.cardBack.reduce((s, c) => s + c.cents, 0),
      shortfallCents: plan.shortfallCents,
    };
  });
