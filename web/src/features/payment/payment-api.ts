import { PAY_STATUS } from '@mall/shared/codes';
import type { OrderDetail, PaymentStart } from '@mall/shared/contract/order';
import { awaitsPayment, isPaidStatus } from '@mall/shared/order-states';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { isNotFoundOrNotYours } from '../../api/not-found.ts';

/** The payment pages' calls (docs/payment.md: the flow). The pages show failures themselves. */
const quiet = { toast: false } as const;

export const orderDetailApi = (id: number) => `/api/sale/order/app/detail/${id}`;
export const paymentStartApi = (id: number) => `/api/sale/order/continue/payment/${id}`;

export const paymentKeys = {
  order: (id: number) => ['payment', 'order', id] as const,
};

/** GET /api/sale/order/app/detail/{id}; `poll` asks again every so many ms while it returns a number. */
export const useOrderDetail = (
  id: number | null,
  poll?: (detail: OrderDetail | undefined) => number | false,
) =>
  useQuery({
    queryKey: paymentKeys.order(id ?? 0),
    queryFn: () => api.get<OrderDetail>(orderDetailApi(id ?? 0), quiet),
    enabled: id !== null,
    staleTime: 0,
    retry: (count, err) => !isNotFoundOrNotYours(err) && count < 1,
    ...(poll
      ? { refetchInterval: (q: { state: { data: OrderDetail | undefined } }) => poll(q.state.data) }
      : {}),
  });

/** GET /api/sale/order/continue/payment/{id}: where the browser goes to pay (the gateway's card page). */
export const startPayment = (id: number) => api.get<PaymentStart>(paymentStartApi(id), quiet);

export type Payment = OrderDetail['payments'][number];

/** The member's latest payment attempt (the newest by time; the later in the list on a tie). */
export const latestPayment = (d: OrderDetail): Payment | null =>
  d.payments.reduce<Payment | null>(
    (latest, p) => (latest === null || Date.parse(p.createdAt) >= Date.parse(latest.createdAt) ? p : latest),
    null,
  );

const PAID_STATUSES: readonly string[] = [PAY_STATUS.paid, PAY_STATUS.refunding, PAY_STATUS.refunded];

/**
 * Where an order's payment stands: paid (whatever came after), closed (cancelled or expired
 * unpaid), declined (the latest attempt was refused), given back (the latest attempt's money
 * did not match the order and the gateway gives it back; docs/payment.md), or still pending.
 */
export type PayOutcome = 'paid' | 'closed' | 'declined' | 'givenBack' | 'pending';
export const payOutcome = (d: OrderDetail): PayOutcome => {
  if (PAID_STATUSES.includes(d.payStatus)) return 'paid';
  if (!awaitsPayment(d.status)) return isPaidStatus(d.status) ? 'paid' : 'closed';
  const latest = latestPayment(d)?.status;
  if (latest === 'declined' || d.payStatus === PAY_STATUS.failed) return 'declined';
  if (latest === 'refunded') return 'givenBack';
  return 'pending';
};
