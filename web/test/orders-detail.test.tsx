import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import OrderDetailPage from '../src/pages/OrderDetailPage.tsx';
import { renderWithProviders } from './helpers.tsx';
import {
  orderDetail,
  orderLine,
  orderServer,
  orderSummary,
  signInMember,
  signOut,
} from './orders-fixtures.ts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

beforeEach(() => {
  signInMember();
  toast.success.mockReset();
  toast.error.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut();
});

const nzDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-NZ', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

const PAID = orderDetail({
  id: 9,
  status: '2',
  payStatus: '1',
  goodsAmount: 1234.5,
  shippingFee: 0,
  payAmount: 1234.5,
  gstAmount: 161.02,
  lines: [orderLine({ id: 91, name: 'Merino Crew Top', price: 123.45, count: 10, amount: 1234.5 })],
  trackingNo: 'NZP123',
  payments: [
    {
      provider: 'sandbox',
      status: 'succeeded',
      amount: 1234.5,
      reference: 'pay_1',
      createdAt: '2026-11-20T01:35:00.000Z',
      cardLast4: '4242',
      refunds: [],
    },
  ],
  // Sent out of order: shown oldest first.
  timeline: [
    { kind: 'shipped', at: '2026-11-21T03:00:00.000Z', note: 'NZ Post' },
    { kind: 'placed', at: '2026-11-20T01:30:00.000Z', note: '' },
    { kind: 'paid', at: '2026-11-20T01:36:00.000Z', note: '' },
  ],
});

/** The detail call answers `detail`; the rest of the order calls work on the same order. */
const serve = (detail = PAID) =>
  orderServer([orderSummary(detail)], {
    [`GET /api/sale/order/app/detail/${detail.id}`]: { data: detail },
  });

const openDetail = (id = 9) =>
  renderWithProviders(<OrderDetailPage />, { route: `/pages/order/detail?id=${id}` });

describe('order detail', () => {
  it("shows a Stripe payment's refund as the gateway last told it, and a payment given back by itself", async () => {
    const refunded = orderDetail({
      ...PAID,
      status: '4',
      payStatus: '3',
      payments: [
        {
          provider: 'stripe',
          status: 'refunded',
          amount: 12,
          reference: 'pay_0',
          createdAt: '2026-11-20T01:33:00.000Z',
          cardLast4: null,
          refunds: [
            {
              amount: 12,
              status: 'succeeded',
              reason: 'amount_mismatch',
              createdAt: '2026-11-20T01:34:00.000Z',
            },
          ],
        },
        {
          provider: 'stripe',
          status: 'succeeded',
          amount: 1234.5,
          reference: 'pay_1',
          createdAt: '2026-11-20T01:35:00.000Z',
          cardLast4: null,
          refunds: [
            { amount: 1234.5, status: 'pending', reason: 'operator', createdAt: '2026-11-22T01:00:00.000Z' },
          ],
        },
      ],
    });
    serve(refunded);
    openDetail();
    await screen.findByRole('heading', { name: 'Order No. NZ20261123009' });
    const rows = within(document.querySelector<HTMLElement>('[data-order-payments]')!).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ProviderStatusCardAmount',
      expect.stringMatching(
        /^Stripe.*Given backRefund \$12\.00: refunded \(did not match the order\)–\$12\.00$/,
      ),
      expect.stringMatching(
        /^Stripe.*SucceededRefund \$1,234\.50: on its way \(order refunded\)–\$1,234\.50$/,
      ),
    ]);
  });

  it('shows the order, address, amounts with GST, payments and the timeline oldest first', async () => {
    serve();
    openDetail();
    expect(await screen.findByRole('heading', { name: 'Order No. NZ20261123009' })).toBeVisible();
    expect(document.querySelector('[data-order-status]')!.textContent).toBe('Shipped');
    expect(document.querySelector('[data-order-address]')!.textContent).toContain('1 Queen Street');
    expect(document.querySelector('[data-order-total]')!.textContent).toBe('$1,234.50');
    expect(document.querySelector('[data-order-gst]')!.textContent).toBe('Includes GST of $161.02');
    expect(document.querySelector('[data-order-amounts]')!.textContent).toContain('Free');
    expect(document.querySelector('[data-line-price]')!.textContent).toBe('$123.45 x 10');
    const payments = document.querySelector<HTMLElement>('[data-order-payments]')!;
    expect(payments.textContent).toContain('Succeeded');
    expect(payments.textContent).toContain('•••• 4242');
    const events = within(document.querySelector<HTMLElement>('[data-order-timeline]')!).getAllByRole(
      'listitem',
    );
    expect(events.map((e) => e.querySelector('p')!.textContent)).toEqual(['Order placed', 'Paid', 'Shipped']);
    expect(events[0]!.querySelector('time')!.textContent).toBe(nzDateTime('2026-11-20T01:30:00.000Z'));
    expect(events[2]!.textContent).toContain('NZ Post');
    expect(screen.getByRole('button', { name: 'Download tax invoice' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download supplier sheet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirm receipt' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('a pending order shows the time left to pay, Pay now and Cancel, and no invoice', async () => {
    const deadline = new Date(Date.now() + 25 * 60_000 + 30_000).toISOString();
    serve(orderDetail({ id: 3, status: '0', payStatus: '0', payDeadline: deadline }));
    openDetail(3);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^(25m 30s|25m 29s) left to pay/);
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      '/pages/order/pay/index?orderId=3',
    );
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download tax invoice' })).toBeNull();
    expect(screen.getByText('Total to pay')).toBeVisible();
  });

  it('downloads the tax invoice with the bearer token and saves it as invoice-{orderNo}.pdf', async () => {
    const server = serve();
    const stubbed = server.fetchMock;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/api/sale/order/app/invoice/9')
        ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
            status: 200,
            headers: { 'Content-Type': 'application/pdf' },
          })
        : stubbed(input, init),
    );
    vi.stubGlobal('fetch', fetchMock);
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = vi.fn(() => 'blob:invoice');
    urls.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      delete urls.createObjectURL;
      delete urls.revokeObjectURL;
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    openDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Download tax invoice' }));
    await waitFor(() => expect(saved).toEqual(['invoice-NZ20261123009.pdf blob:invoice']));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/invoice/9'))!;
    expect(new Headers(call[1]?.headers).get('Authorization')).toBe('Bearer access');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a failed download shows a toast', async () => {
    const server = serve();
    server.fetchMock.mockClear();
    openDetail();
    // No stub for the export: it answers 404.
    await userEvent.click(await screen.findByRole('button', { name: 'Download supplier sheet' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error.mock.calls[0]![0]).toMatch(/^The supplier sheet could not be downloaded/);
    expect(server.called('GET /api/sale/order/detail/supplier/export/9')).toHaveLength(1);
  });

  it('cancelling from the detail asks, PATCHes and shows the cancelled order', async () => {
    const server = orderServer([orderSummary({ id: 3, status: '0', payStatus: '0' })]);
    openDetail(3);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Cancel this order？');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(server.called('PATCH /api/sale/order/cancel/3')).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('[data-order-status]')!.textContent).toBe('Cancelled'));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Order cancelled');
  });

  it('deleting from the detail goes back to My Order', async () => {
    const server = orderServer([orderSummary({ id: 4, status: '4', payStatus: '0' })]);
    const { router } = openDetail(4);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.called('DELETE /api/sale/order/del/4')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/index'));
  });

  it('an unknown order says so', async () => {
    orderServer([]);
    openDetail(77);
    expect(await screen.findByText("We couldn't find that order")).toBeVisible();
  });
});
