import type { ShippingRule } from '@mall/shared/checkout-rules';
import { IDEMPOTENCY_KEY_HEADER, type OrderSubmit, type OrderSummary } from '@mall/shared/contract/order';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Checkout's calls (docs/orders.md: checkout). The page shows failures itself: no toasts. */
const quiet = { toast: false } as const;

export const SHIPPING_RULES_API = '/api/good/price/configured/shipping/fee';
export const ORDER_SUBMIT_API = '/api/sale/order/submit';

/** GET /api/good/price/configured/shipping/fee: the fee and free-from threshold per island and member kind. */
export const useShippingRules = () =>
  useQuery({
    queryKey: ['checkout', 'shipping-rules'] as const,
    queryFn: () => api.get<ShippingRule[]>(SHIPPING_RULES_API, quiet),
    staleTime: 5 * 60_000,
  });

/**
 * POST /api/sale/order/submit with the attempt's Idempotency-Key: sent again with the same key
 * (a retry after a lost answer), the server answers with the order it already placed.
 */
export const submitOrder = (body: OrderSubmit, idempotencyKey: string) =>
  api.post<OrderSummary>(ORDER_SUBMIT_API, body, {
    ...quiet,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
