import type { OrderDetail } from '@mall/shared/contract/order';
import type { OrderMoneyView, RefundLine } from '@mall/shared/contract/wallet';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderDetailPage from '../src/pages/OrderDetailPage.tsx';
import { renderWithProviders } from './helpers.tsx';
import { orderDetail, orderServer, orderSummary, signInMember, signOut } from './orders-fixtures.ts';

beforeEach(signInMember);
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

type WalletOrder = OrderDetail & Partial<OrderMoneyView> & { refunds?: RefundLine[] };

/** $60 of goods, $6 discount, $8 shipping, 300 points ($3): $59, of which $20 from cash cards. */
const WALLET_ORDER: WalletOrder = {
  ...orderDetail({ id: 9, status: '1', payStatus: '1', goodsAmount: 60, shippingFee: 8, gstAmount: 7.7 }),
  discountAmount: 6,
  pointsUsed: 300,
  pointsAmount: 3,
  totalAmount: 59,
  cardAmount: 20,
  payAmount: 39,
  pointsEarned: 51,
};

const serve = (detail: WalletOrder) =>
  orderServer([orderSummary(detail)], { [`GET /api/sale/order/app/detail/${detail.id}`]: { data: detail } });

const rows = () =>
  [...document.querySelectorAll('[data-order-amounts] > div')].map((d) => [
    d.querySelector('dt')!.textContent,
    d.querySelector('dd')!.textContent,
  ]);

describe('order detail: the wallet', () => {
  it('shows the money in its order: discount, points, total with GST, card money and what the bank card paid', async () => {
    serve(WALLET_ORDER);
    renderWithProviders(<OrderDetailPage />, { route: '/pages/order/detail?id=9' });
    await screen.findByRole('heading', { name: 'Order No. NZ20261123009' });
    expect(rows()).toEqual([
      ['Goods', '$60.00'],
      ['Discount', '−$6.00'],
      ['Shipping', '$8.00'],
      ['Points (300)', '−$3.00'],
      ['Total', '$59.00'],
      ['Paid from cash cards', '$20.00'],
      ['Paid by card', '$39.00'],
    ]);
    expect(document.querySelector('[data-order-gst]')!.textContent).toBe('Includes GST of $7.70');
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
  });

  it('lists each refund line: where it went, the card, the points, the date', async () => {
    serve({
      ...WALLET_ORDER,
      status: '4',
      payStatus: '3',
      refunds: [
        { to: 'gateway', amount: 39, points: 0, cardNoLast4: null, at: '2026-11-22T01:00:00.000Z' },
        { to: 'cashCard', amount: 20, points: 0, cardNoLast4: '4321', at: '2026-11-22T01:00:00.000Z' },
        { to: 'points', amount: 0, points: 300, cardNoLast4: null, at: '2026-11-22T01:00:00.000Z' },
        { to: 'pointsTakenBack', amount: 0, points: 51, cardNoLast4: null, at: '2026-11-22T01:00:00.000Z' },
      ],
    });
    renderWithProviders(<OrderDetailPage />, { route: '/pages/order/detail?id=9' });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    const lines = within(refunds)
      .getAllByRole('row')
      .slice(1)
      .map((r) => {
        const cells = within(r).getAllByRole('cell');
        return [cells[0]!.textContent, cells[2]!.textContent];
      });
    expect(lines).toEqual([
      ['Back to your bank card', '$39.00'],
      ['Back to cash card •••• 4321', '$20.00'],
      ['Points given back', '+300 points'],
      ['Points earned, taken back', '−51 points'],
    ]);
  });

  it('an order without wallet money keeps the plain rows', async () => {
    serve(
      orderDetail({ id: 9, status: '0', payStatus: '0', goodsAmount: 25, shippingFee: 8, payAmount: 33 }),
    );
    renderWithProviders(<OrderDetailPage />, { route: '/pages/order/detail?id=9' });
    await screen.findByRole('heading', { name: 'Order No. NZ20261123009' });
    expect(rows()).toEqual([
      ['Goods', '$25.00'],
      ['Shipping', '$8.00'],
      ['Total to pay', '$33.00'],
    ]);
  });
});
