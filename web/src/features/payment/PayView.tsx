import { formatPrice } from '@mall/shared/money-format';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/server-errors.ts';
import { FormAlert } from '../../components/FormField.tsx';
import { ClockIcon } from '../../components/icons.tsx';
import { SimulatedPaymentsNote } from '../../components/SimulatedPaymentsNote.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { formatTimeLeft } from '../../lib/format-date.ts';
import { useTimeLeft } from '../../lib/use-time-left.ts';
import { leavePage } from './leave-page.ts';
import { OrderBrief } from './OrderBrief.tsx';
import { ClosedOrder, orderNotReady, PaidResult } from './PaymentStates.tsx';
import { latestPayment, payOutcome, startPayment, useOrderDetail } from './payment-api.ts';

export const ALREADY_PAID = 'This order is already paid';

/**
 * Payment (/pages/order/pay/index?orderId=): the order's number and amount, what it buys and
 * where it goes, the time left before an unpaid order closes (each second), and Pay now, which
 * sends the browser to the gateway's card page. A paid or closed order says so.
 */
export function PayView({ orderId }: { orderId: number | null }) {
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  const timeLeft = useTimeLeft(order?.payDeadline ?? null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const expired = timeLeft === 0;
  const { refetch } = detail;

  // At the deadline the server closes the order: ask for it as it stands now.
  useEffect(() => {
    if (expired) void refetch();
  }, [expired, refetch]);

  const notReady = orderNotReady(orderId, detail);
  if (notReady || !order) return notReady;

  const outcome = payOutcome(order);
  if (outcome === 'paid')
    return (
      <PaidResult orderId={order.id} title={ALREADY_PAID}>
        Order {order.orderNo} was paid: {formatPrice(order.payAmount)}. There is nothing more to pay.
      </PaidResult>
    );
  if (outcome === 'closed' || expired) return <ClosedOrder order={order} />;

  const last = latestPayment(order);
  const pay = async () => {
    if (starting) return;
    setStarting(true);
    setError(null);
    try {
      const start = await startPayment(order.id);
      leavePage(start.redirectUrl);
    } catch (err) {
      setError(errorMessage(err));
      setStarting(false);
      void refetch();
    }
  };

  return (
    <div className="space-y-5">
      <section className="card flex items-center gap-8 px-8 py-6" aria-label="Payment">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted">
            Order number{' '}
            <strong className="font-semibold text-ink" data-order-no="">
              {order.orderNo}
            </strong>
          </p>
          <p className="mt-2 text-sm text-muted">
            Amount to pay{' '}
            <strong className="ml-1 text-3xl font-semibold text-accent tabular-nums" data-pay-amount="">
              {formatPrice(order.payAmount)}
            </strong>
          </p>
          {timeLeft !== null ? (
            <p className="mt-3 flex items-center gap-1.5 text-sm text-muted">
              <ClockIcon size={16} className="text-accent" />
              <span>
                Please pay within{' '}
                <span className="font-semibold text-accent tabular-nums" data-time-left="" role="timer">
                  {formatTimeLeft(timeLeft)}
                </span>
                , or the order closes by itself.
              </span>
            </p>
          ) : null}
        </div>
        <div className="flex w-64 shrink-0 flex-col items-stretch gap-2">
          <button
            type="button"
            className="btn-primary h-12 gap-2 text-[15px] disabled:cursor-not-allowed"
            disabled={starting}
            aria-busy={starting || undefined}
            onClick={() => void pay()}
          >
            {starting ? (
              <>
                <Spinner size={18} />
                Processing......
              </>
            ) : (
              'Pay now'
            )}
          </button>
          <p className="text-center text-xs text-muted">Card payment on our secure payment page.</p>
          <SimulatedPaymentsNote className="rounded bg-amber-50 px-2 py-1.5 text-center text-xs text-amber-900" />
        </div>
      </section>
      {outcome === 'declined' ? (
        <FormAlert>
          Your last payment{last?.cardLast4 ? ` with the card ending ${last.cardLast4}` : ''} was declined.
          You can try again with the same or another card.
        </FormAlert>
      ) : null}
      {error ? (
        <FormAlert>
          <span data-pay-error="">{error}</span>
        </FormAlert>
      ) : null}
      <OrderBrief order={order} />
    </div>
  );
}
