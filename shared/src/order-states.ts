import { ORDER_STATUS } from './codes.ts';

/**
 * The order state machine: an order's statuses, the changes between them and who may make each.
 * The server refuses any other change (its conditional updates start from `from`), and the web
 * shows a member only the buttons of changes the member may make, and the badges of each status.
 *
 *   pendingPayment --pay (gateway)------------> toShip --ship (operator)--> shipped
 *        |         --payByWallet (wallet)------->                               |
 *        |                                                 confirmReceipt (member) /
 *        +--cancel (member) / expire (sweeper)--> cancelled   autoComplete (sweeper)
 *                                                    ^                          v
 *                 refund (operator) from toShip, shipped or completed ----- completed
 *
 * Deleting an order (completed or cancelled) hides it from the member and is not a change of
 * status; a payment that succeeds after the order closed leaves it cancelled and due a refund.
 * The operator's refunds (docs/orders.md: refunds) take a paid order back to cancelled; they are
 * the only changes out of a completed order, and do not make it any less final for the member.
 */

/** An order's status code (ORDER_STATUS), as the contract carries it. */
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/**
 * Who changes an order: the member, the payment gateway's callback, the member's cash cards (an
 * order they pay wholly is paid when placed), the sweeper of unpaid and long-shipped orders, an operator.
 */
export type OrderActor = 'member' | 'gateway' | 'wallet' | 'sweeper' | 'operator';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: OrderActor;
}

export const ORDER_TRANSITIONS = {
  /** The gateway reports the payment succeeded: the order waits to be shipped. */
  pay: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.toShip, by: 'gateway' },
  /** Cash cards pay the whole order when it is placed: nothing goes to the gateway. */
  payByWallet: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.toShip, by: 'wallet' },
  /** The member cancels an order not paid yet; its goods go back on sale. */
  cancel: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.cancelled, by: 'member' },
  /** The sweeper closes an order not paid in time; its goods go back on sale. */
  expire: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.cancelled, by: 'sweeper' },
  /** An operator marks a paid order shipped. */
  ship: { from: ORDER_STATUS.toShip, to: ORDER_STATUS.shipped, by: 'operator' },
  /** The member confirms the goods arrived. */
  confirmReceipt: { from: ORDER_STATUS.shipped, to: ORDER_STATUS.completed, by: 'member' },
  /** A shipped order the member has not confirmed completes itself (ORDER_AUTO_COMPLETE_DAYS after shipping). */
  autoComplete: { from: ORDER_STATUS.shipped, to: ORDER_STATUS.completed, by: 'sweeper' },
  /** An operator cancels a paid order and refunds it, before it ships, after, or once completed. */
  refundToShip: { from: ORDER_STATUS.toShip, to: ORDER_STATUS.cancelled, by: 'operator' },
  refundShipped: { from: ORDER_STATUS.shipped, to: ORDER_STATUS.cancelled, by: 'operator' },
  refundCompleted: { from: ORDER_STATUS.completed, to: ORDER_STATUS.cancelled, by: 'operator' },
} as const satisfies Record<string, OrderTransition>;

/** The operator's refunds, one per status a paid order can be in. */
export const REFUND_TRANSITIONS = ['refundToShip', 'refundShipped', 'refundCompleted'] as const;

export type OrderTransitionName = keyof typeof ORDER_TRANSITIONS;

/** Whether `transition` may be made now by `actor` from an order in `status`. */
export const mayTransition = (
  transition: OrderTransitionName,
  status: string,
  actor: OrderActor,
): boolean => {
  const t: OrderTransition = ORDER_TRANSITIONS[transition];
  return t.by === actor && t.from === status;
};

/** The changes `actor` may make to an order in `status`. */
export const transitionsFrom = (status: string, actor: OrderActor): OrderTransitionName[] =>
  (Object.keys(ORDER_TRANSITIONS) as OrderTransitionName[]).filter((name) =>
    mayTransition(name, status, actor),
  );

/**
 * The transition `name` for `actor`, who must be the one the machine lets make it: a service
 * takes its change's start and end statuses from here, so it cannot make another's change.
 */
export const transitionFor = (name: OrderTransitionName, actor: OrderActor): OrderTransition => {
  const t: OrderTransition = ORDER_TRANSITIONS[name];
  if (t.by !== actor)
    throw new Error(`The ${actor} may not make the order change "${name}" (only the ${t.by}).`);
  return t;
};

const ALL_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];
/** The order's life without the operator's refunds (which undo it): what "paid" and "final" are measured on. */
const TRANSITIONS: readonly OrderTransition[] = (
  Object.entries(ORDER_TRANSITIONS) as [OrderTransitionName, OrderTransition][]
)
  .filter(([name]) => !(REFUND_TRANSITIONS as readonly string[]).includes(name))
  .map(([, t]) => t);

/** The operator's refund of an order in `status`, or null when an order in it cannot be refunded. */
export const refundTransitionFrom = (status: string): (typeof REFUND_TRANSITIONS)[number] | null =>
  REFUND_TRANSITIONS.find((name) => mayTransition(name, status, 'operator')) ?? null;

/** The statuses an order can reach from `status`, itself included. */
const reachableFrom = (status: OrderStatus): Set<OrderStatus> => {
  const seen = new Set<OrderStatus>([status]);
  for (const s of seen) for (const t of TRANSITIONS) if (t.from === s) seen.add(t.to);
  return seen;
};

/** The order waits for its payment: the member may pay it (a new attempt at the gateway) or cancel it. */
export const awaitsPayment = (status: string) => status === ORDER_TRANSITIONS.pay.from;

/** Statuses after payment (the payment's status and all that follow it): the order has a tax invoice. */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = [...reachableFrom(ORDER_TRANSITIONS.pay.to)];
export const isPaidStatus = (status: string) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);

/** Statuses no change leaves (the ends of the machine): the member may delete such an order. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ALL_STATUSES.filter((s) =>
  TRANSITIONS.every((t) => t.from !== s),
);
export const isFinalStatus = (status: string) => (FINAL_ORDER_STATUSES as readonly string[]).includes(status);

/** The goods of a received order may be rated: the end of the member's confirmation. */
export const isRateableStatus = (status: string) => status === ORDER_TRANSITIONS.confirmReceipt.to;
