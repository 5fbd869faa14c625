import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePage } from '../src/features/payment/leave-page.ts';
import { ORDER_CLOSED, UNKNOWN_ORDER } from '../src/features/payment/PaymentStates.tsx';
import { ALREADY_PAID } from '../src/features/payment/PayView.tsx';
import PayPage from '../src/pages/PayPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { stubAccountApi } from './account-api-stub.ts';
import { retailMember } from './account-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';
import { orderDetail, paidOrder, payment } from './order-fixtures.ts';

vi.mock('../src/features/payment/leave-page.ts', () => ({ leavePage: vi.fn() }));

beforeEach(() => {
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember(), orgId: null });
  vi.mocked(leavePage).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const openPay = (search = '?orderId=77') =>
  renderWithProviders(<PayPage />, { route: `/pages/order/pay/index${search}` });
const text = (attr: string) => document.querySelector(`[${attr}]`)?.textContent;

describe('pay page', () => {
  it('shows the order number, the amount, what is bought and the address', async () => {
    stubAccountApi({ 'GET /api/sale/order/app/detail/77': { data: orderDetail() } });
    openPay();
    expect(await screen.findByRole('button', { name: 'Pay now' })).toBeVisible();
    expect(text('data-order-no')).toBe('KM20261123000077');
    expect(text('data-pay-amount')).toBe('$68.47');
    expect(document.querySelector('[data-order-line="1"]')!.textContent).toContain('Manuka Honey 500g');
    expect(document.querySelector('[data-order-line="1"]')!.textContent).toContain('$19.99 x 3');
    expect(text('data-order-address')).toContain('Aroha Ngata');
    expect(text('data-order-address')).toContain('12 Queen Street, Ponsonby, Auckland 1011');
    expect(text('data-order-address')).toContain('Auckland, North Island');
    // The sandbox (the default gateway) takes no money, and the page says so beside Pay now.
    expect(screen.getByRole('note')).toHaveTextContent('Payments on this shop are simulated');
  });

  it('counts down the time left each second; at the deadline the order is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const order = orderDetail({ payDeadline: '2026-11-23T10:01:02Z' });
    stubAccountApi({ 'GET /api/sale/order/app/detail/77': { data: order } });
    openPay();
    await screen.findByRole('timer');
    expect(text('data-time-left')).toBe('01:02');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(text('data-time-left')).toBe('01:01');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(await screen.findByText(ORDER_CLOSED)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('an hour or more shows hours', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    stubAccountApi({
      'GET /api/sale/order/app/detail/77': { data: orderDetail({ payDeadline: '2026-11-24T10:00:00Z' }) },
    });
    openPay();
    await screen.findByRole('timer');
    expect(text('data-time-left')).toBe('24:00:00');
  });

  it('Pay now asks where to pay and sends the browser there', async () => {
    const api = stubAccountApi({
      'GET /api/sale/order/app/detail/77': { data: orderDetail() },
      'GET /api/sale/order/continue/payment/77': {
        data: { orderId: 77, redirectUrl: 'http://localhost/api/pay/sandbox/checkout/abc' },
      },
    });
    openPay();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() =>
      expect(leavePage).toHaveBeenCalledWith('http://localhost/api/pay/sandbox/checkout/abc'),
    );
    expect(api.called('GET /api/sale/order/continue/payment/77')).toHaveLength(1);
    // While the browser leaves, the button stays busy.
    expect(screen.getByRole('button', { name: /Processing\.\.\.\.\.\./ })).toBeVisible();
  });

  it('a refusal to start the payment is shown, and Pay now comes back', async () => {
    stubAccountApi({
      'GET /api/sale/order/app/detail/77': { data: orderDetail() },
      'GET /api/sale/order/continue/payment/77': { status: 409, message: 'This order can no longer be paid' },
    });
    openPay();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('This order can no longer be paid')).toBeVisible();
    expect(leavePage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeVisible();
  });

  it('after a declined payment it says so above Pay now', async () => {
    stubAccountApi({
      'GET /api/sale/order/app/detail/77': {
        data: orderDetail({ payments: [payment({ status: 'declined', cardLast4: '0002' })] }),
      },
    });
    openPay();
    expect(await screen.findByText(/last payment with the card ending 0002 was declined/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeVisible();
  });

  it('an order already paid says so and links to its detail', async () => {
    stubAccountApi({ 'GET /api/sale/order/app/detail/77': { data: paidOrder() } });
    openPay();
    expect(await screen.findByText(ALREADY_PAID)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=77',
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('a closed order says so and links to its detail', async () => {
    stubAccountApi({
      'GET /api/sale/order/app/detail/77': {
        data: orderDetail({
          status: ORDER_STATUS.cancelled,
          payStatus: PAY_STATUS.unpaid,
          payDeadline: null,
        }),
      },
    });
    openPay();
    expect(await screen.findByText(ORDER_CLOSED)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=77',
    );
  });

  it('an unknown order, or no order in the link, says so', async () => {
    stubAccountApi({ 'GET /api/sale/order/app/detail/5': { status: 404, message: 'Order not found' } });
    openPay('?orderId=5');
    expect(await screen.findByText(UNKNOWN_ORDER)).toBeVisible();
  });

  it('no order id in the link: the same message, nothing asked', async () => {
    const api = stubAccountApi({});
    openPay('?orderId=abc');
    expect(await screen.findByText(UNKNOWN_ORDER)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});
