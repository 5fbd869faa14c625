/**
 * The events of an order's timeline and the words a member reads for each. Free of zod, so the
 * web's orders pages can show the words without the contract's schemas in their bundle.
 */
export const ORDER_EVENTS = [
  'placed',
  'payment_started',
  'paid',
  'payment_declined',
  'cancelled',
  'expired',
  'shipped',
  'completed',
  'refunded',
  'payment_refunded',
  'refund_updated',
] as const;
export type OrderEventKind = (typeof ORDER_EVENTS)[number];
export const ORDER_EVENT_LABEL: Record<OrderEventKind, string> = {
  placed: 'Order placed',
  payment_started: 'Payment started',
  paid: 'Paid',
  payment_declined: 'Payment declined',
  cancelled: 'Cancelled by you',
  expired: 'Closed: not paid in time',
  shipped: 'Shipped',
  completed: 'Received',
  refunded: 'Cancelled and refunded',
  payment_refunded: 'Payment given back',
  refund_updated: 'Refund update',
};
