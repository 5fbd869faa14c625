import { formatPrice } from '@mall/shared/money-format';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountKeys } from '../../api/account-queries.ts';
import { AlertIcon, ClockIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { orderWalletMoney } from '../../lib/order-wallet-money.ts';
import { ALL_KEYWORD, keywordSearchUrl, payUrl, VIP_PATH } from '../../lib/routes.ts';
import { ClosedOrder, orderNotReady, PaidResult, ResultCard, ViewOrderLink } from './PaymentStates.tsx';
import { latestPayment, payOutcome, useOrderDetail } from './payment-api.ts';

/** The order is asked for every 2 s, for at most 2 minutes. */
export const NOTICE_POLL_MS = 2000;
export const NOTICE_GIVE_UP_MS = 120_000;

export const PAID_TITLE = 'Payment successful';
export const DECLINED_TITLE = 'Payment declined';
export const WAITING_TITLE = 'Waiting for the bank to confirm…';
export const STILL_WAITING_TITLE = 'We have not heard from the bank yet';
export const GIVEN_BACK_TITLE = 'Payment given back';

/**
 * Payment notice (/pages/order/pay/notice?orderId=): where the gateway sends the member back.
 * What the browser was told on the way means nothing; the order is the truth. It is asked for
 * every 2 s until it is paid or its latest payment was declined, for at most 2 minutes.
 */
export function PayNotice({ orderId }: { orderId: number | null }) {
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  const [round, setRound] = useState(0);
  const detail = useOrderDetail(orderId, (d) =>
    gaveUp || (d !== undefined && payOutcome(d) !== 'pending') ? false : NOTICE_POLL_MS,
  );
  const order = detail.data;
  const outcome = order ? payOutcome(order) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (Check again) restarts the clock.
  useEffect(() => {
    setGaveUp(false);
    const timer = setTimeout(() => setGaveUp(true), NOTICE_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [round]);

  // Paid: the order badges of the personal centre change.
  const told = useRef(false);
  useEffect(() => {
    if (outcome === 'paid' && !told.current) {
      told.current = true;
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    }
  }, [outcome, queryClient]);

  const notReady = orderNotReady(orderId, detail);
  if (notReady || !order) return notReady;

  const viewOrder = <ViewOrderLink orderId={order.id} secondary />;

  if (outcome === 'paid')
    return (
      <PaidResult
        orderId={order.id}
        title={PAID_TITLE}
        moreActions={
          <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-secondary h-11 px-6">
            Continue shopping
          </Link>
        }
      >
        <p>
          Order{' '}
          <strong className="text-ink" data-order-no="">
            {order.orderNo}
          </strong>{' '}
          is paid:{' '}
          <strong className="text-ink tabular-nums" data-pay-amount="">
            {formatPrice(orderWalletMoney(order).totalAmount)}
          </strong>
          .{' '}
          {order.kind === 'club' ? (
            <>
              Your Kauri Club membership is in force: club prices show at once. See it on the{' '}
              <Link to={VIP_PATH} className="link">
                Club membership
              </Link>{' '}
              page.
            </>
          ) : (
            'We will let you know when it ships.'
          )}
        </p>
      </PaidResult>
    );

  if (outcome === 'closed') return <ClosedOrder order={order} />;

  const tryAgain = (
    <>
      <Link to={payUrl(order.id)} className="btn-primary h-11 px-6">
        Try again
      </Link>
      {viewOrder}
    </>
  );

  if (outcome === 'declined') {
    const last = latestPayment(order);
    return (
      <ResultCard
        state="declined"
        tone="error"
        icon={<AlertIcon size={30} />}
        title={DECLINED_TITLE}
        actions={tryAgain}
      >
        The bank declined the payment of {formatPrice(order.payAmount)} for order {order.orderNo}
        {last?.cardLast4 ? ` (card ending ${last.cardLast4})` : ''}. Nothing was charged. You can try again
        with the same or another card before the order closes.
      </ResultCard>
    );
  }

  if (outcome === 'givenBack')
    return (
      <ResultCard
        state="given-back"
        tone="error"
        icon={<AlertIcon size={30} />}
        title={GIVEN_BACK_TITLE}
        actions={tryAgain}
      >
        Your last payment for order {order.orderNo} did not match the order, so it is being given back to your
        card. The order is not paid yet: you can pay {formatPrice(order.payAmount)} again before it closes.
      </ResultCard>
    );

  if (gaveUp)
    return (
      <ResultCard
        state="timeout"
        tone="info"
        icon={<ClockIcon size={30} />}
        title={STILL_WAITING_TITLE}
        actions={
          <>
            <button
              type="button"
              className="btn-primary h-11 px-6"
              onClick={() => {
                setRound((r) => r + 1);
                void detail.refetch();
              }}
            >
              Check again
            </button>
            {viewOrder}
          </>
        }
      >
        Order {order.orderNo} is not confirmed as paid yet. If you completed the payment, the order will show
        it as soon as the bank confirms. Please do not pay twice.
      </ResultCard>
    );

  return (
    <ResultCard state="pending" tone="info" icon={<Spinner size={30} />} title={WAITING_TITLE}>
      Order {order.orderNo}, {formatPrice(order.payAmount)}. This usually takes a few seconds; please keep
      this page open.
    </ResultCard>
  );
}
