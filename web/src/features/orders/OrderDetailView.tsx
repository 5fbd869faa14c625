import { PAY_STATUS } from '@mall/shared/codes';
import type { OrderDetail } from '@mall/shared/contract/order';
import type { RefundLine } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';
import { ORDER_EVENT_LABEL } from '@mall/shared/order-events';
import { awaitsPayment, isPaidStatus, type OrderStatus } from '@mall/shared/order-states';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ClockIcon } from '../../components/icons.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDateTime, formatTimeLeftInWords } from '../../lib/format-date.ts';
import { orderWalletMoney } from '../../lib/order-wallet-money.ts';
import { ORDER_LIST_PATH } from '../../lib/routes.ts';
import { useTimeLeft } from '../../lib/use-time-left.ts';
import { ClubOrderLine } from './ClubOrderLine.tsx';
import { OrderActions } from './OrderActions.tsx';
import { OrderLines, StatusPill } from './OrderLines.tsx';
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE, PAY_STATUS_LABEL } from './order-status.ts';

const PAYMENT_STATUS: Record<OrderDetail['payments'][number]['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  declined: 'Declined',
  expired: 'Expired unpaid',
  refunded: 'Given back',
};

type PaymentRefund = OrderDetail['payments'][number]['refunds'][number];

/** A refund of a payment as the gateway last told it (docs/payment.md: refunds). */
const REFUND_STATUS: Record<PaymentRefund['status'], string> = {
  pending: 'on its way',
  succeeded: 'refunded',
  failed: 'failed',
};

const REFUND_REASON: Record<PaymentRefund['reason'], string> = {
  operator: 'order refunded',
  amount_mismatch: 'did not match the order',
  order_closed: 'the order had closed',
  already_paid: 'the order was already paid',
};

const providerName = (provider: string) =>
  provider === 'sandbox' ? 'Card (sandbox)' : provider.charAt(0).toUpperCase() + provider.slice(1);

/** "23m 10s left to pay", ticking each second; "Payment time is up" once the deadline passed. */
export function PayCountdown({ deadline }: { deadline: string }) {
  const ms = useTimeLeft(deadline);
  const left = ms ? formatTimeLeftInWords(ms) : null;
  return (
    <p
      className="flex items-center gap-1.5 text-sm font-medium text-amber-700"
      data-pay-countdown
      role="timer"
    >
      <ClockIcon size={16} />
      {left ? (
        <span>
          <span className="tabular-nums">{left}</span> left to pay, or the order closes by itself
        </span>
      ) : (
        <span>Payment time is up: the order is closing</span>
      )}
    </p>
  );
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="card px-8 py-6">
      <h2 id={id} className="mb-4 text-base font-semibold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AmountRow({
  label,
  value,
  off = false,
  data,
}: {
  label: string;
  value: string;
  off?: boolean;
  data: string;
}) {
  return (
    <div className="flex justify-between" {...{ [`data-order-${data}`]: '' }}>
      <dt className="text-muted">{label}</dt>
      <dd className={`tabular-nums ${off ? 'text-brand' : ''}`}>{off ? `−${value}` : value}</dd>
    </div>
  );
}

/** The order of money (docs/wallet.md): goods, discount, shipping, points, the total with its GST, then who paid it. */
function Amounts({ order }: { order: OrderDetail }) {
  const paid = isPaidStatus(order.status);
  const money = orderWalletMoney(order);
  const split = money.cardAmount > 0;
  return (
    <dl className="ml-auto flex w-80 flex-col gap-2 text-sm" data-order-amounts>
      <AmountRow label="Goods" value={formatPrice(order.goodsAmount)} data="goods" />
      {money.discountAmount > 0 ? (
        <AmountRow label="Discount" value={formatPrice(money.discountAmount)} off data="discount" />
      ) : null}
      <AmountRow
        label="Shipping"
        value={order.shippingFee === 0 ? 'Free' : formatPrice(order.shippingFee)}
        data="shipping"
      />
      {money.pointsUsed > 0 ? (
        <AmountRow
          label={`Points (${money.pointsUsed})`}
          value={formatPrice(money.pointsAmount)}
          off
          data="points"
        />
      ) : null}
      <div className="mt-1 flex items-baseline justify-between border-t border-line pt-3">
        <dt className="font-medium text-ink">{split ? 'Total' : paid ? 'Total paid' : 'Total to pay'}</dt>
        <dd className="text-xl font-semibold text-accent tabular-nums" data-order-total>
          {formatPrice(money.totalAmount)}
        </dd>
      </div>
      <p className="text-right text-xs text-muted" data-order-gst>
        Includes GST of {formatPrice(order.gstAmount)}
      </p>
      {split ? (
        <>
          <AmountRow label="Paid from cash cards" value={formatPrice(money.cardAmount)} data="card" />
          {paid || order.payStatus !== PAY_STATUS.unpaid || awaitsPayment(order.status) ? (
            <AmountRow
              label={paid || order.payStatus !== PAY_STATUS.unpaid ? 'Paid by card' : 'To pay by card'}
              value={formatPrice(money.payAmount)}
              data="pay"
            />
          ) : null}
        </>
      ) : null}
    </dl>
  );
}

const REFUND_TO: Record<RefundLine['to'], (line: RefundLine) => string> = {
  gateway: () => 'Back to your bank card',
  cashCard: (l) => (l.cardNoLast4 ? `Back to cash card •••• ${l.cardNoLast4}` : 'Back to your cash card'),
  points: () => 'Points given back',
  pointsTakenBack: () => 'Points earned, taken back',
};

const refundWhat = (line: RefundLine) =>
  line.to === 'points'
    ? `+${line.points} points`
    : line.to === 'pointsTakenBack'
      ? `−${line.points} points`
      : formatPrice(line.amount);

/** Where the money and points of a cancelled or refunded order went back (docs/wallet.md: cancels and refunds). */
function Refunds({ lines }: { lines: readonly RefundLine[] }) {
  return (
    <Section title="Refunds" id="order-refunds">
      <table className="w-full text-sm" data-order-refunds>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Where to
            </th>
            <th scope="col" className="pb-2 font-medium">
              Date
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.to}-${l.cardNoLast4 ?? ''}-${l.at}`} className="border-t border-line">
              <td className="py-2">{REFUND_TO[l.to](l)}</td>
              <td className="py-2 text-muted">
                <time dateTime={l.at}>{formatDateTime(l.at)}</time>
              </td>
              <td className="py-2 text-right tabular-nums">{refundWhat(l)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/**
 * Order Detail (docs/orders.md: what the member sees): number, status and date; the goods; where they go; the amounts
 * with the GST included; the payments; what happened when (oldest first); and the actions of
 * its status plus the supplier sheet and the tax invoice. A pending order counts down to its
 * payment deadline.
 */
export function OrderDetailView({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const status = order.status as OrderStatus;
  const a = order.address;
  const timeline = [...order.timeline].sort((x, y) => Date.parse(x.at) - Date.parse(y.at));
  const club = order.kind === 'club';
  const refunds = orderWalletMoney(order).refunds;
  return (
    <div className="flex flex-col gap-5" data-order-detail={order.id}>
      <section aria-label="Order" className="card flex items-start gap-6 px-8 py-6">
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-3">
            <h2 className="text-lg font-semibold text-navy">
              Order No. <span className="tabular-nums">{order.orderNo}</span>
            </h2>
            <StatusPill label={ORDER_STATUS_LABEL[status]} tone={ORDER_STATUS_TONE[status]} />
          </div>
          <p className="mt-1 text-sm text-muted">
            Placed {formatDateTime(order.createdAt)}
            {' · '}
            {PAY_STATUS_LABEL[order.payStatus as keyof typeof PAY_STATUS_LABEL] ?? order.payStatus}
            {order.carrier ? (
              <>
                {' · '}Carrier <span className="font-medium text-ink">{order.carrier}</span>
              </>
            ) : null}
            {order.trackingNo ? (
              <>
                {' · '}Tracking No. <span className="font-medium text-ink">{order.trackingNo}</span>
              </>
            ) : null}
          </p>
          {awaitsPayment(status) && order.payDeadline ? (
            <div className="mt-3">
              <PayCountdown deadline={order.payDeadline} />
            </div>
          ) : null}
        </div>
        <OrderActions order={order} detail onDeleted={() => navigate(ORDER_LIST_PATH, { replace: true })} />
      </section>

      <Section title={club ? 'Club membership' : 'Goods'} id="order-goods">
        {club ? <ClubOrderLine order={order} showAmount /> : <OrderLines lines={order.lines} showAmount />}
        <div className="mt-4 flex border-t border-line pt-4">
          <Amounts order={order} />
        </div>
      </Section>

      <div className="grid grid-cols-2 gap-5">
        <Section title={club ? 'Bill to (nothing to deliver)' : 'Delivery address'} id="order-address">
          <address className="text-sm leading-6 not-italic" data-order-address>
            <span className="font-medium text-ink">{a.recipient}</span>
            <span className="ml-3 text-muted">{a.phone}</span>
            <br />
            {a.street}
            <br />
            {[a.suburb, a.city].filter(Boolean).join(', ')}
            <br />
            {a.regionName} {a.postcode}
          </address>
          {order.remark ? (
            <p className="mt-3 text-sm text-muted">
              Note: <span className="text-ink">{order.remark}</span>
            </p>
          ) : null}
        </Section>

        <Section title="Payments" id="order-payments">
          {order.payments.length === 0 ? (
            <p className="text-sm text-muted">No payment yet.</p>
          ) : (
            <table className="w-full text-sm" data-order-payments>
              <thead className="text-left text-xs text-muted">
                <tr>
                  <th className="pb-2 font-medium">Provider</th>
                  <th className="pb-2 font-medium">Status</th>
                  <th className="pb-2 font-medium">Card</th>
                  <th className="pb-2 text-right font-medium">Amount</th>
                </tr>
              </thead>
              <tbody>
                {order.payments.map((p) => (
                  <tr key={p.reference} className="border-t border-line">
                    <td className="py-2">
                      {providerName(p.provider)}
                      <span className="block text-xs text-muted">{formatDateTime(p.createdAt)}</span>
                    </td>
                    <td className="py-2">
                      {PAYMENT_STATUS[p.status]}
                      {p.refunds.map((r) => (
                        <span
                          key={r.createdAt}
                          className="block text-xs text-muted"
                          data-payment-refund={r.status}
                        >
                          Refund {formatPrice(r.amount)}: {REFUND_STATUS[r.status]} ({REFUND_REASON[r.reason]}
                          )
                        </span>
                      ))}
                    </td>
                    <td className="py-2 tabular-nums">{p.cardLast4 ? `•••• ${p.cardLast4}` : '–'}</td>
                    <td className="py-2 text-right tabular-nums">{formatPrice(p.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
      </div>

      {refunds.length > 0 ? <Refunds lines={refunds} /> : null}

      <Section title="Order history" id="order-timeline">
        <ol className="relative ml-2 border-l border-line" data-order-timeline>
          {timeline.map((event, i) => (
            <li key={`${event.kind}-${event.at}`} className="relative pb-4 pl-6 last:pb-0">
              <span
                aria-hidden="true"
                className={`absolute top-1 -left-[5px] size-2.5 rounded-full ${i === timeline.length - 1 ? 'bg-brand' : 'bg-gray-300'}`}
              />
              <p className="text-sm font-medium text-ink">
                {club && event.kind === 'completed' ? 'Membership in force' : ORDER_EVENT_LABEL[event.kind]}
              </p>
              <p className="text-xs text-muted">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.note ? ` · ${event.note}` : null}
              </p>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

export function OrderDetailSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      <span className="sr-only">Loading the order…</span>
      <div className="card flex flex-col gap-3 px-8 py-6">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-1/4" />
      </div>
      <div className="card flex flex-col gap-4 px-8 py-6">
        {[0, 1].map((i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="size-16 rounded-lg" />
            <Skeleton className="h-4 flex-1" />
          </div>
        ))}
      </div>
    </div>
  );
}
