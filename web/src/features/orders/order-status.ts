import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { OrderBadge } from '@mall/shared/contract/account';
import type { ORDER_EVENT_LABEL, OrderSummary } from '@mall/shared/contract/order';
import {
  awaitsPayment,
  isFinalStatus,
  isPaidStatus,
  isRateableStatus,
  mayTransition,
  type OrderStatus,
} from '@mall/shared/order-states';
import { COMMENT_LIST_PATH, rateLineUrl } from '../../lib/routes.ts';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  [ORDER_STATUS.pendingPayment]: 'Pending payment',
  [ORDER_STATUS.toShip]: 'To ship',
  [ORDER_STATUS.shipped]: 'Shipped',
  [ORDER_STATUS.completed]: 'Completed',
  [ORDER_STATUS.cancelled]: 'Cancelled',
};

type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];
export const PAY_STATUS_LABEL: Record<PayStatus, string> = {
  [PAY_STATUS.unpaid]: 'Unpaid',
  [PAY_STATUS.paid]: 'Paid',
  [PAY_STATUS.refunding]: 'Refunding',
  [PAY_STATUS.refunded]: 'Refunded',
  [PAY_STATUS.failed]: 'Payment failed',
};

/** Tailwind classes of the status pill. */
export const ORDER_STATUS_TONE: Record<OrderStatus, string> = {
  [ORDER_STATUS.pendingPayment]: 'bg-amber-50 text-amber-700 ring-amber-300/60',
  [ORDER_STATUS.toShip]: 'bg-sky-50 text-sky-700 ring-sky-300/60',
  [ORDER_STATUS.shipped]: 'bg-indigo-50 text-indigo-700 ring-indigo-300/60',
  [ORDER_STATUS.completed]: 'bg-brand-soft text-brand ring-brand/20',
  [ORDER_STATUS.cancelled]: 'bg-gray-100 text-muted ring-gray-300/60',
};

/**
 * The timeline's words: a copy of the contract's ORDER_EVENT_LABEL, checked against it, so the
 * contract's zod schemas stay out of the page's bundle.
 */
export const ORDER_EVENT_WORDS = {
  placed: 'Order placed',
  payment_started: 'Payment started',
  paid: 'Paid',
  payment_declined: 'Payment declined',
  cancelled: 'Cancelled by you',
  expired: 'Closed: not paid in time',
  shipped: 'Shipped',
  completed: 'Received',
} as const satisfies typeof ORDER_EVENT_LABEL;

export const isOrderStatus = (raw: string | null): raw is OrderStatus =>
  raw !== null && (Object.values(ORDER_STATUS) as string[]).includes(raw);

/** The tabs of My Order: All, then each status, with the badge count that belongs to it. */
export const ORDER_TABS: { status: OrderStatus | null; label: string; badge: (b: OrderBadge) => number }[] = [
  {
    status: null,
    label: 'All',
    badge: (b) => b.pendingPayment + b.toShip + b.shipped + b.completed + b.cancelled,
  },
  { status: ORDER_STATUS.pendingPayment, label: 'Pending payment', badge: (b) => b.pendingPayment },
  { status: ORDER_STATUS.toShip, label: 'To ship', badge: (b) => b.toShip },
  { status: ORDER_STATUS.shipped, label: 'Shipped', badge: (b) => b.shipped },
  { status: ORDER_STATUS.completed, label: 'Completed', badge: (b) => b.completed },
  { status: ORDER_STATUS.cancelled, label: 'Cancelled', badge: (b) => b.cancelled },
];

export type OrderAction = 'pay' | 'cancel' | 'confirmReceipt' | 'rate' | 'delete' | 'invoice';

/** Lines of a completed order that the member has not rated yet. */
export const unratedLines = (o: Pick<OrderSummary, 'status' | 'lines'>) =>
  isRateableStatus(o.status) ? o.lines.filter((l) => !l.commented) : [];

/**
 * What the member may do with an order, as the order state machine (shared/order-states) lets
 * them: pay or cancel while it waits for payment, confirm receipt once shipped, rate the goods of
 * a completed order, delete a finished one, and download the tax invoice of a paid one.
 */
export const orderActions = (o: Pick<OrderSummary, 'status' | 'lines'>): OrderAction[] => {
  const actions: OrderAction[] = [];
  if (awaitsPayment(o.status)) actions.push('pay');
  if (mayTransition('cancel', o.status, 'member')) actions.push('cancel');
  if (mayTransition('confirmReceipt', o.status, 'member')) actions.push('confirmReceipt');
  if (unratedLines(o).length > 0) actions.push('rate');
  if (isPaidStatus(o.status)) actions.push('invoice');
  if (isFinalStatus(o.status)) actions.push('delete');
  return actions;
};

/** Where 'Rate goods' leads: the form of the only unrated line, or the comment page for several. */
export const rateUrl = (o: Pick<OrderSummary, 'id' | 'status' | 'lines'>) => {
  const lines = unratedLines(o);
  return lines.length === 1 ? rateLineUrl(o.id, lines[0]!.id) : COMMENT_LIST_PATH;
};
