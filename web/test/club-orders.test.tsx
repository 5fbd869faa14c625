import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderDetailPage from '../src/pages/OrderDetailPage.tsx';
import OrderListPage from '../src/pages/OrderListPage.tsx';
import PayNoticePage from '../src/pages/PayNoticePage.tsx';
import { renderWithProviders } from './helpers.tsx';
import { orderDetail, orderServer, orderSummary, signInMember, signOut } from './orders-fixtures.ts';

beforeEach(signInMember);
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

/** A paid club order: a plan, no goods lines, nothing to ship. */
const club = orderSummary({
  id: 40,
  kind: 'club',
  title: 'Kauri Club, 12 months',
  status: '3',
  payStatus: '1',
  goodsAmount: 59,
  shippingFee: 0,
  payAmount: 59,
  gstAmount: 7.7,
  itemCount: 0,
  lines: [],
});

describe('club orders in My Order', () => {
  it('lists a club order as one membership line, beside goods orders', async () => {
    orderServer([club, orderSummary({ id: 41, status: '1' })]);
    renderWithProviders(<OrderListPage />, { route: '/pages/order/index' });
    const card = await screen.findByRole('article', { name: `Order ${club.orderNo}` });
    const line = card.querySelector<HTMLElement>('[data-club-order-line]')!;
    expect(within(line).getByRole('link', { name: 'Kauri Club, 12 months' }).getAttribute('href')).toBe(
      '/pages/user/vip/index',
    );
    expect(within(line).getByText('Club membership · nothing to deliver')).toBeVisible();
    expect(card.querySelector('footer')!.textContent).toContain('Club membership, total paid $59.00');
    // The goods order beside it is unchanged.
    const goods = screen.getByRole('article', { name: 'Order NZ202611230041' });
    expect(goods.querySelector('[data-order-line]')).not.toBeNull();
  });

  it('shows a club order in detail: the membership line, who it is billed to, and that it is in force', async () => {
    orderServer([club], {
      'GET /api/sale/order/app/detail/40': {
        data: orderDetail({
          ...club,
          timeline: [
            { kind: 'placed', at: '2026-11-24T01:00:00.000Z', note: '' },
            { kind: 'paid', at: '2026-11-24T01:01:00.000Z', note: 'Card ending 4242' },
            {
              kind: 'completed',
              at: '2026-11-24T01:01:00.000Z',
              note: 'Kauri Club membership from 24 November 2026 to 24 November 2027',
            },
          ],
        }),
      },
    });
    renderWithProviders(<OrderDetailPage />, { route: '/pages/order/detail?id=40' });
    const section = await screen.findByRole('region', { name: 'Club membership' });
    expect(within(section).getByText('Kauri Club, 12 months')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Bill to (nothing to deliver)' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Goods' })).toBeNull();
    // Its tax invoice, but no supplier sheet: no supplier sold anything.
    expect(screen.getByRole('button', { name: 'Download tax invoice' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download supplier sheet' })).toBeNull();
    const timeline = document.querySelector('[data-order-timeline]')!;
    expect(timeline.textContent).toContain('Membership in force');
    expect(timeline.textContent).toContain('Kauri Club membership from 24 November 2026 to 24 November 2027');
  });

  it('the payment notice of a club order says the membership is in force, not that something ships', async () => {
    orderServer([club], {
      'GET /api/sale/order/app/detail/40': {
        data: orderDetail({
          ...club,
          payments: [
            {
              provider: 'sandbox',
              status: 'succeeded',
              amount: 59,
              reference: 'pay_1',
              createdAt: '2026-11-24T01:01:00.000Z',
              cardLast4: '4242',
              refunds: [],
            },
          ],
        }),
      },
    });
    renderWithProviders(<PayNoticePage />, { route: '/pages/order/pay/notice?orderId=40' });
    expect(await screen.findByText('Payment successful')).toBeVisible();
    const text = document.querySelector('[data-pay-amount]')!.closest('p')!;
    expect(text.textContent).toContain('Your Kauri Club membership is in force: club prices show at once.');
    expect(text.textContent).not.toContain('ships');
    expect(within(text).getByRole('link', { name: 'Club membership' }).getAttribute('href')).toBe(
      '/pages/user/vip/index',
    );
  });
});
