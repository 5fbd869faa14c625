import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { OrderDetail } from '@mall/shared/contract/order';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNKNOWN_ORDER } from '../src/features/payment/PaymentStates.tsx';
import {
  DECLINED_TITLE,
  GIVEN_BACK_TITLE,
  NOTICE_GIVE_UP_MS,
  NOTICE_POLL_MS,
  PAID_TITLE,
  STILL_WAITING_TITLE,
  WAITING_TITLE,
} from '../src/features/payment/PayNotice.tsx';
import PayNoticePage from '../src/pages/PayNoticePage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { type Reply, stubAccountApi } from './account-api-stub.ts';
import { retailMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';
import { orderDetail, paidOrder, payment } from './order-fixtures.ts';

beforeEach(() => {
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember(), orgId: null });
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const DETAIL = 'GET /api/sale/order/app/detail/77';
const openNotice = (search = '?orderId=77') =>
  renderWithProviders(<PayNoticePage />, { route: `/pages/order/pay/notice${search}` });
/** The order as the server has it, answer after answer (the last one repeats). */
const answers = (...orders: OrderDetail[]) => {
  let n = 0;
  return stubAccountApi({ [DETAIL]: (): Reply => ({ data: orders[Math.min(n++, orders.length - 1)] }) });
};
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const pending = () => orderDetail({ payments: [payment({ status: 'pending' })] });

describe('payment notice', () => {
  it('paid: Payment successful with the order number, the amount and the ways on', async () => {
    answers(paidOrder());
    openNotice();
    expect(await screen.findByText(PAID_TITLE)).toBeVisible();
    expect(document.querySelector('[data-order-no]')!.textContent).toBe('KM20261123000077');
    expect(document.querySelector('[data-pay-amount]')!.textContent).toBe('$68.47');
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=77',
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeVisible();
  });

  it('pending: waits for the bank, asks again every 2 s, and shows the success when it comes', async () => {
    const api = answers(pending(), pending(), paidOrder());
    openNotice();
    expect(await screen.findByText(WAITING_TITLE)).toBeVisible();
    expect(api.called(DETAIL)).toHaveLength(1);
    await wait(NOTICE_POLL_MS);
    expect(api.called(DETAIL)).toHaveLength(2);
    expect(screen.getByText(WAITING_TITLE)).toBeVisible();
    await wait(NOTICE_POLL_MS);
    expect(await screen.findByText(PAID_TITLE)).toBeVisible();
    // Settled: no more asking.
    await wait(NOTICE_POLL_MS * 3);
    expect(api.called(DETAIL)).toHaveLength(3);
  });

  it('declined: Payment declined with Try again to the pay page', async () => {
    const api = answers(
      orderDetail({
        payments: [
          payment({ status: 'declined', reference: 'pay_1', createdAt: '2026-11-23T10:00:00Z' }),
          payment({
            status: 'declined',
            reference: 'pay_2',
            createdAt: '2026-11-23T10:05:00Z',
            cardLast4: '0002',
          }),
        ],
      }),
    );
    openNotice();
    expect(await screen.findByText(DECLINED_TITLE)).toBeVisible();
    expect(screen.getByText(/card ending 0002/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/pages/order/pay/index?orderId=77',
    );
    await wait(NOTICE_POLL_MS * 2);
    expect(api.called(DETAIL)).toHaveLength(1);
  });

  it('given back: a payment that did not match the order, once the gateway says so, with Try again', async () => {
    const api = answers(
      pending(),
      orderDetail({ payments: [payment({ provider: 'stripe', status: 'refunded' })] }),
    );
    openNotice();
    expect(await screen.findByText(WAITING_TITLE)).toBeVisible();
    await wait(NOTICE_POLL_MS);
    expect(await screen.findByText(GIVEN_BACK_TITLE)).toBeVisible();
    expect(screen.getByText(/did not match the order, so it is being given back to your card/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/pages/order/pay/index?orderId=77',
    );
    await wait(NOTICE_POLL_MS * 2);
    expect(api.called(DETAIL)).toHaveLength(2);
  });

  it('an earlier decline does not count once a newer payment is under way', async () => {
    answers(
      orderDetail({
        payments: [
          payment({ status: 'declined', createdAt: '2026-11-23T10:00:00Z' }),
          payment({ status: 'pending', createdAt: '2026-11-23T10:05:00Z' }),
        ],
      }),
    );
    openNotice();
    expect(await screen.findByText(WAITING_TITLE)).toBeVisible();
  });

  it('stops asking after 2 minutes and says it has not heard yet', async () => {
    const api = answers(pending());
    openNotice();
    expect(await screen.findByText(WAITING_TITLE)).toBeVisible();
    await wait(NOTICE_GIVE_UP_MS);
    expect(await screen.findByText(STILL_WAITING_TITLE)).toBeVisible();
    const asked = api.called(DETAIL).length;
    expect(asked).toBeGreaterThanOrEqual(NOTICE_GIVE_UP_MS / NOTICE_POLL_MS - 1);
    expect(asked).toBeLessThanOrEqual(NOTICE_GIVE_UP_MS / NOTICE_POLL_MS + 1);
    await wait(NOTICE_POLL_MS * 5);
    expect(api.called(DETAIL)).toHaveLength(asked);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeVisible();
  });

  it('a closed order says so', async () => {
    answers(orderDetail({ status: ORDER_STATUS.cancelled, payStatus: PAY_STATUS.unpaid, payDeadline: null }));
    openNotice();
    expect(await screen.findByText('This order is closed')).toBeVisible();
  });

  it('an unknown order says so clearly', async () => {
    stubAccountApi({ 'GET /api/sale/order/app/detail/404': { status: 404, message: 'Order not found' } });
    openNotice('?orderId=404');
    expect(await screen.findByText(UNKNOWN_ORDER)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Order' }).getAttribute('href')).toBe(
      '/pages/order/index',
    );
  });

  it('a link without an order id says so too', async () => {
    const api = stubAccountApi({});
    openNotice('');
    expect(await screen.findByText(UNKNOWN_ORDER)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});
