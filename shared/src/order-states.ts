import { ORDER_STATUS } from './codes.ts';

/**
 * The order state machine: an order's statuses, the changes between them and who may make each.
 * The server refuses any other change (its conditional updates start from `from`), and the web
 * shows a member only the buttons of changes the member may make, and the badges of each status.
 *
 *   pendingPayment --pay (gateway)------------> toShip --ship (operator)--> shipped
 *        |                                                                    |
 *        +--cancel (member) / expire (sweeper)--> cancelled     confirmReceipt (member)
 *                                                                              v
 *                                                                          completed
 *
 * Deleting an order (completed or cancelled) hides it from the member and is not a change of
 * status; a payment that succeeds after the order closed leaves it cancelled and due a refund.
 */

/** An order's status code (ORDER_STATUS), as the contract carries it. */
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** Who changes an order: the member, the payment gateway's callback, the sweeper of unpaid orders, an operator. */
export type OrderActor = 'member' | 'gateway' | 'sweeper' | 'operator';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: OrderActor;
}

export const ORDER_TRANSITIONS = {
  /** The gateway reports the payment succeeded: the order waits to be shipped. */
  pay: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.toShip, by: 'gateway' },
  /** The member cancels an order not paid yet; its goods go back on sale. */
  cancel: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.cancelled, by: 'member' },
  /** The sweeper closes an order not paid in time; its goods go back on sale. */
  expire: { from: ORDER_STATUS.pendingPayment, to: ORDER_STATUS.cancelled, by: 'sweeper' },
  /** An operator marks a paid order shipped. */
  ship: { from: ORDER_STATUS.toShip, to: ORDER_STATUS.shipped, by: 'operator' },
  /** The member confirms the goods arrived. */
  confirmReceipt: { from: ORDER_STATUS.shipped, to: ORDER_STATUS.completed, by: 'member' },
} as const satisfies Record<string, OrderTransition>;

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
const TRANSITIONS: readonly OrderTransition[] = Object.values(ORDER_TRANSITIONS);

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
