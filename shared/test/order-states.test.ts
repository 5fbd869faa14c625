import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../src/codes.ts';
import {
  awaitsPayment,
  FINAL_ORDER_STATUSES,
  isFinalStatus,
  isPaidStatus,
  isRateableStatus,
  mayTransition,
  ORDER_TRANSITIONS,
  type OrderActor,
  transitionFor,
  transitionsFrom,
} from '../src/order-states.ts';

const { pendingPayment, toShip, shipped, completed, cancelled } = ORDER_STATUS;
const ACTORS: OrderActor[] = ['member', 'gateway', 'wallet', 'sweeper', 'operator'];

describe('the order state machine', () => {
  it('lets each actor make exactly its own changes, from the one status each starts at', () => {
    const allowed = (status: string) =>
      Object.fromEntries(ACTORS.map((a) => [a, transitionsFrom(status, a)]));
    expect(allowed(pendingPayment)).toEqual({
      member: ['cancel'],
      gateway: ['pay'],
      wallet: ['payByWallet'],
      sweeper: ['expire'],
      operator: [],
    });
    expect(allowed(toShip)).toEqual({
      member: [],
      gateway: [],
      wallet: [],
      sweeper: [],
      operator: ['ship', 'refundToShip'],
    });
    expect(allowed(shipped)).toEqual({
      member: ['confirmReceipt'],
      gateway: [],
      wallet: [],
      sweeper: ['autoComplete'],
      operator: ['refundShipped'],
    });
    expect(allowed(completed)).toEqual({
      member: [],
      gateway: [],
      wallet: [],
      sweeper: [],
      operator: ['refundCompleted'],
    });
    expect(allowed(cancelled)).toEqual({ member: [], gateway: [], wallet: [], sweeper: [], operator: [] });
  });

  it('leads each change to its status', () => {
    expect(
      Object.fromEntries(Object.entries(ORDER_TRANSITIONS).map(([name, t]) => [name, [t.from, t.to]])),
    ).toEqual({
      pay: [pendingPayment, toShip],
      payByWallet: [pendingPayment, toShip],
      cancel: [pendingPayment, cancelled],
      expire: [pendingPayment, cancelled],
      ship: [toShip, shipped],
      confirmReceipt: [shipped, completed],
      autoComplete: [shipped, completed],
      refundToShip: [toShip, cancelled],
      refundShipped: [shipped, cancelled],
      refundCompleted: [completed, cancelled],
    });
  });

  it('refuses a change from any other status, or by anyone else', () => {
    expect(mayTransition('cancel', toShip, 'member')).toBe(false);
    expect(mayTransition('cancel', cancelled, 'member')).toBe(false);
    expect(mayTransition('confirmReceipt', toShip, 'member')).toBe(false);
    expect(mayTransition('ship', shipped, 'operator')).toBe(false);
    expect(mayTransition('pay', cancelled, 'gateway')).toBe(false);
    expect(mayTransition('ship', toShip, 'member')).toBe(false);
    expect(mayTransition('pay', pendingPayment, 'member')).toBe(false);
    expect(mayTransition('cancel', pendingPayment, 'sweeper')).toBe(false);
    expect(mayTransition('cancel', 'not a status', 'member')).toBe(false);
  });

  it('gives a service only the changes of its actor', () => {
    expect(transitionFor('ship', 'operator')).toEqual({ from: toShip, to: shipped, by: 'operator' });
    expect(() => transitionFor('ship', 'member')).toThrow(
      'The member may not make the order change "ship" (only the operator).',
    );
    expect(() => transitionFor('expire', 'member')).toThrow(/only the sweeper/);
  });

  it('knows which statuses are paid, final (deletable), waiting for payment and rateable', () => {
    const all = Object.values(ORDER_STATUS);
    expect(all.filter(isPaidStatus)).toEqual([toShip, shipped, completed]);
    expect(FINAL_ORDER_STATUSES).toEqual([completed, cancelled]);
    expect(all.filter(isFinalStatus)).toEqual([completed, cancelled]);
    expect(all.filter(awaitsPayment)).toEqual([pendingPayment]);
    expect(all.filter(isRateableStatus)).toEqual([completed]);
  });
});
