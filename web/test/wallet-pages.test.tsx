import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CashTicketPage from '../src/pages/CashTicketPage.tsx';
import CouponsPage from '../src/pages/CouponsPage.tsx';
import PointsPage from '../src/pages/PointsPage.tsx';
import { fieldRefusal, type Handler, stubAccountApi } from './account-api-stub.ts';
import { renderWithProviders } from './helpers.tsx';
import { page, signInMember, signOut } from './orders-fixtures.ts';
import { cashCard, coupon, discount, pointRecord } from './wallet-fixtures.ts';

beforeEach(signInMember);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  signOut();
});

const POINT_SOURCES = {
  code: 'point_source',
  name: 'Point source',
  children: [
    { code: '0', name: 'Purchase' },
    { code: '1', name: 'Order review' },
    { code: '2', name: 'Welcome bonus' },
    { code: '3', name: 'Redeemed at checkout' },
    { code: '4', name: 'Order refund' },
    { code: '5', name: 'Adjustment' },
  ],
};

const walletServer = (handlers: Record<string, Handler>) =>
  stubAccountApi({ 'GET /api/sys/enum/list': { data: [POINT_SOURCES] }, ...handlers });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Points', () => {
  const records = [
    pointRecord({ id: 3, points: -35, balanceAfter: 115, reason: '3', order: { id: 9, orderNo: 'NZ9' } }),
    pointRecord({ id: 2, points: 100, balanceAfter: 150, reason: '0', order: { id: 8, orderNo: 'NZ8' } }),
    pointRecord({ id: 1, points: 50, balanceAfter: 50, reason: '2', order: null }),
  ];

  it('shows the balance and every movement: reason label, order link, signed points, balance after', async () => {
    const server = walletServer({
      'GET /api/customer/point/record': { data: { ...page(records), balance: 115 } },
    });
    renderWithProviders(<PointsPage />, { route: '/pages/user/point/index' });
    expect(screen.getByRole('heading', { level: 1, name: 'Points' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Every change of your points, newest first' });
    expect(document.querySelector('[data-points-balance]')!.textContent).toBe('115');
    await waitFor(() => expect(rowsOf(table)[0]![1]).toBe('Redeemed at checkout'));
    expect(rowsOf(table).map((r) => r.slice(1))).toEqual([
      ['Redeemed at checkout', 'NZ9', '−35', '115'],
      ['Purchase', 'NZ8', '+100', '150'],
      ['Welcome bonus', '–', '+50', '50'],
    ]);
    expect(within(table).getByRole('link', { name: 'NZ9' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=9',
    );
    const query = server.called('GET /api/customer/point/record')[0]!.url.searchParams;
    expect([query.get('pageNum'), query.get('pageSize')]).toEqual(['1', '10']);
  });

  it('pages with the shared pager, the page in the address', async () => {
    const server = walletServer({
      'GET /api/customer/point/record': (c) => {
        const pageNum = Number(c.url.searchParams.get('pageNum'));
        const all = Array.from({ length: 12 }, (_, i) => pointRecord({ id: 12 - i }));
        return {
          data: {
            ...page(all.slice((pageNum - 1) * 10, pageNum * 10), { total: 12, pageNum }),
            balance: 600,
          },
        };
      },
    });
    const { router } = renderWithProviders(<PointsPage />, { route: '/pages/user/point/index' });
    await waitFor(() => expect(document.querySelectorAll('[data-point-record]')).toHaveLength(10));
    await userEvent.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(document.querySelectorAll('[data-point-record]')).toHaveLength(2));
    expect(router.state.location.search).toBe('?pageNum=2');
    expect(server.called('GET /api/customer/point/record').at(-1)!.url.searchParams.get('pageNum')).toBe('2');
  });

  it('no movements: the empty state with the balance 0', async () => {
    walletServer({ 'GET /api/customer/point/record': { data: { ...page([]), balance: 0 } } });
    renderWithProviders(<PointsPage />, { route: '/pages/user/point/index' });
    expect(await screen.findByText('No points yet')).toBeVisible();
    expect(document.querySelector('[data-points-balance]')!.textContent).toBe('0');
  });

  it('loading shows a busy placeholder; a failure says so and tries again', async () => {
    let fail = true;
    const server = walletServer({
      'GET /api/customer/point/record': () =>
        fail ? { status: 500, message: 'Boom' } : { data: { ...page(records), balance: 115 } },
    });
    renderWithProviders(<PointsPage />, { route: '/pages/user/point/index' });
    expect(screen.getByText('Loading your points…')).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Your points could not be loaded')).toBeVisible();
    fail = false;
    await userEvent.click(retry);
    await screen.findByRole('table');
    expect(server.called('GET /api/customer/point/record')).toHaveLength(2);
  });
});

describe('Cash Ticket', () => {
  const cards = [
    cashCard({
      id: 1,
      cardNoLast4: '4321',
      faceValue: 50,
      balance: 12.5,
      movements: [
        { amount: 50, balanceAfter: 50, reason: 'issued', order: null, at: '2026-11-01T00:00:00.000Z' },
        {
          amount: -37.5,
          balanceAfter: 12.5,
          reason: 'spent',
          order: { id: 8, orderNo: 'NZ8' },
          at: '2026-11-02T00:00:00.000Z',
        },
      ],
    }),
    cashCard({
      id: 2,
      cardNoLast4: '8888',
      faceValue: 20,
      balance: 20,
      soldAt: '2025-01-10T00:00:00.000Z',
      expiresAt: '2026-01-10T00:00:00.000Z',
      expired: true,
    }),
  ];
  const cardsAnswer = (list = cards, balance = 12.5) => ({ data: { ...page(list), balance } });

  it('lists each card: last 4, face value, balance, expiry with the three-year note, expired badge, total', async () => {
    walletServer({ 'GET /api/cash/card/app': cardsAnswer() });
    renderWithProviders(<CashTicketPage />, { route: '/pages/user/cash/index' });
    const first = await screen.findByRole('article', { name: 'Cash card ending 4321' });
    expect(document.querySelector('[data-cash-balance]')!.textContent).toBe('$12.50');
    expect(first.querySelector('[data-card-balance]')!.textContent).toBe('$12.50');
    expect(first.textContent).toContain('$50.00');
    expect(first.querySelector('[data-card-expiry]')!.textContent).toBe(
      '1 Apr 2029(sold 1 Apr 2026: valid at least 3 years)',
    );
    expect(within(first).queryByText('Expired')).toBeNull();
    const old = screen.getByRole('article', { name: 'Cash card ending 8888' });
    expect(within(old).getByText('Expired')).toBeVisible();
    expect(old.querySelector('[data-card-expiry]')!.textContent).toBe('10 Jan 2026');
    expect(screen.getByText(/Cards sold from 16 March 2026 are valid for at least 3 years/)).toBeVisible();
  });

  it("a card's movements open and close, announced as expanded", async () => {
    walletServer({ 'GET /api/cash/card/app': cardsAnswer() });
    renderWithProviders(<CashTicketPage />, { route: '/pages/user/cash/index' });
    const first = await screen.findByRole('article', { name: 'Cash card ending 4321' });
    const toggle = within(first).getByRole('button', { name: 'Show movements (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(first).queryByRole('table')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(first).getByRole('table', { name: 'Movements of the card ending 4321' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(table);
    expect(rowsOf(table).map((r) => r.slice(1))).toEqual([
      ['Money on the card', '–', '+$50.00', '$50.00'],
      ['Spent on an order', 'NZ8', '−$37.50', '$12.50'],
    ]);
    await userEvent.click(within(first).getByRole('button', { name: 'Hide movements' }));
    expect(within(first).queryByRole('table')).toBeNull();
  });

  it('adding a card: checks the digits first, sends number and secret, shows it and refreshes the list', async () => {
    let list = [cards[1]!];
    const server = walletServer({
      'GET /api/cash/card/app': () => cardsAnswer(list, 0),
      'POST /api/cash/card': () => {
        list = [...cards];
        return { data: cards[0] };
      },
    });
    renderWithProviders(<CashTicketPage />, { route: '/pages/user/cash/index' });
    await screen.findByRole('article', { name: 'Cash card ending 8888' });
    const number = screen.getByLabelText('Card number');
    const secret = screen.getByLabelText('Secret');
    await userEvent.type(number, '1234');
    await userEvent.type(secret, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('A card number has 16 digits')).toBeVisible();
    expect(screen.getByText('The secret has 6 digits')).toBeVisible();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(server.called('POST /api/cash/card')).toHaveLength(0);

    await userEvent.clear(number);
    await userEvent.type(number, '1234 5678 9012 4321');
    await userEvent.clear(secret);
    await userEvent.type(secret, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(server.called('POST /api/cash/card')).toHaveLength(1));
    expect(server.called('POST /api/cash/card')[0]!.body).toEqual({
      cardNo: '1234567890124321',
      secret: '654321',
    });
    expect(await screen.findByText('Card ending 4321 added: $12.50 to spend.')).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Cash card ending 4321' })).toBeVisible();
    expect((number as HTMLInputElement).value).toBe('');
  });

  it("a wrong secret shows under the secret, from the server's data.errors", async () => {
    walletServer({
      'GET /api/cash/card/app': cardsAnswer([]),
      'POST /api/cash/card': fieldRefusal(400, 'secret', 'the number and secret do not match a card'),
    });
    renderWithProviders(<CashTicketPage />, { route: '/pages/user/cash/index' });
    expect(await screen.findByText('No cash cards yet')).toBeVisible();
    await userEvent.type(screen.getByLabelText('Card number'), '1234567890124321');
    await userEvent.type(screen.getByLabelText('Secret'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('The number and secret do not match a card')).toBeVisible();
    expect(screen.getByLabelText('Secret')).toHaveAttribute('aria-invalid', 'true');
  });

  it('too many tries (429): the message, the time to wait, and the button off until then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const server = walletServer({ 'GET /api/cash/card/app': cardsAnswer([]) });
    const fetchStub = server.fetchMock;
    const stubbed = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/cash/card') && init?.method === 'POST')
        return new Response(
          JSON.stringify({ success: false, code: 429, message: 'Too many wrong tries.', data: null }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '90' } },
        );
      return stubbed(input, init);
    });
    renderWithProviders(<CashTicketPage />, { route: '/pages/user/cash/index' });
    await screen.findByText('No cash cards yet');
    await userEvent.type(screen.getByLabelText('Card number'), '1234567890124321');
    await userEvent.type(screen.getByLabelText('Secret'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('Too many wrong tries.')).toBeVisible();
    expect(document.querySelector('[data-retry-after]')!.textContent).toBe('You can try again in 2 minutes.');
    expect(screen.getByRole('button', { name: 'Add card' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(61_000);
    await waitFor(() =>
      expect(document.querySelector('[data-retry-after]')!.textContent).toBe(
        'You can try again in 29 seconds.',
      ),
    );
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add card' })).toBeEnabled());
  });
});

describe('Coupons', () => {
  const cardsList = [
    discount({ id: 1 }),
    discount({
      id: 2,
      title: 'Spring $10',
      state: 'used',
      rule: {
        ...discount({ id: 2 }).rule,
        kind: 'amount',
        percentOff: null,
        amountOff: 10,
        minSpend: 0,
        supplier: null,
        category: { id: 4, name: 'Pantry' },
      },
      usedOn: { orderId: 8, orderNo: 'NZ8' },
    }),
  ];
  const couponsList = [
    coupon({ id: 5 }),
    coupon({ id: 6, title: 'Old code', code: 'OLD1', state: 'expired' }),
  ];
  const listOf = (all: typeof cardsList) => (c: { url: URL }) => {
    const state = c.url.searchParams.get('state');
    return { data: page(all.filter((d) => !state || d.state === state)) };
  };

  it('lists discount cards and coupons with their rule in plain words, dates and state', async () => {
    walletServer({
      'GET /api/cutomer/discount/card/app': listOf(cardsList),
      'GET /api/customer/coupon/app': listOf(couponsList),
    });
    renderWithProviders(<CouponsPage />, { route: '/pages/user/coupon/index' });
    const local = await screen.findByRole('article', { name: 'Local SPY 10%' });
    expect(local.querySelector('[data-discount-rule]')!.textContent).toBe(
      '10% off goods from Local SPY, on $50.00 or more',
    );
    expect(local.textContent).toContain('Valid 1 Nov 2026 – 31 Dec 2026');
    expect(local.querySelector('[data-discount-state]')!.textContent).toBe('Usable');
    const spring = screen.getByRole('article', { name: 'Spring $10' });
    expect(spring.querySelector('[data-discount-rule]')!.textContent).toBe('$10.00 off goods in Pantry');
    expect(within(spring).getByRole('link', { name: 'NZ8' }).getAttribute('href')).toBe(
      '/pages/order/detail?id=8',
    );
    expect(spring.querySelector('[data-discount-state]')!.textContent).toBe('Used');
    const welcome = await screen.findByRole('article', { name: 'Welcome $5' });
    expect(welcome.querySelector('[data-discount-rule]')!.textContent).toBe('$5.00 off');
    expect(welcome.textContent).toContain('WELCOME5');
    expect(
      screen.getByRole('article', { name: 'Old code' }).querySelector('[data-discount-state]')!.textContent,
    ).toBe('Expired');
    const coupons = screen.getByRole('region', { name: 'Coupons (2)' });
    expect(within(coupons).getAllByRole('article')).toHaveLength(2);
  });

  it('a state tab asks both lists for that state and keeps it in the address', async () => {
    const server = walletServer({
      'GET /api/cutomer/discount/card/app': listOf(cardsList),
      'GET /api/customer/coupon/app': listOf(couponsList),
    });
    const { router } = renderWithProviders(<CouponsPage />, { route: '/pages/user/coupon/index' });
    await screen.findByRole('article', { name: 'Spring $10' });
    await userEvent.click(screen.getByRole('link', { name: 'Expired' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Spring $10' })).toBeNull());
    expect(router.state.location.search).toBe('?state=expired');
    expect(screen.getByRole('link', { name: 'Expired' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('article', { name: 'Old code' })).toBeVisible();
    expect(screen.getByText('No discount cards')).toBeVisible();
    expect(server.called('GET /api/customer/coupon/app').at(-1)!.url.searchParams.get('state')).toBe(
      'expired',
    );
    expect(server.called('GET /api/cutomer/discount/card/app').at(-1)!.url.searchParams.get('state')).toBe(
      'expired',
    );
  });

  it('claiming a code: checked first, sent trimmed, the coupon said in words and the list refreshed', async () => {
    let coupons = [couponsList[1]!];
    const server = walletServer({
      'GET /api/cutomer/discount/card/app': listOf([]),
      'GET /api/customer/coupon/app': () => ({ data: page(coupons) }),
      'POST /api/customer/coupon/claim': () => {
        coupons = couponsList;
        return { data: couponsList[0] };
      },
    });
    renderWithProviders(<CouponsPage />, { route: '/pages/user/coupon/index' });
    await screen.findByRole('article', { name: 'Old code' });
    const box = screen.getByRole('textbox', { name: 'Coupon code' });
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Enter a coupon code')).toBeVisible();
    await userEvent.type(box, 'WELCOME 5');
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('A coupon code has only letters, digits and dashes')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(server.called('POST /api/customer/coupon/claim')).toHaveLength(0);
    await userEvent.clear(box);
    await userEvent.type(box, '  WELCOME5 ');
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(server.called('POST /api/customer/coupon/claim')).toHaveLength(1));
    expect(server.called('POST /api/customer/coupon/claim')[0]!.body).toEqual({ code: 'WELCOME5' });
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome $5 (WELCOME5) claimed: $5.00 off.');
    expect(await screen.findByRole('article', { name: 'Welcome $5' })).toBeVisible();
  });

  it("a refused code (used, expired, unknown) shows the server's words under the box", async () => {
    walletServer({
      'GET /api/cutomer/discount/card/app': listOf([]),
      'GET /api/customer/coupon/app': listOf([]),
      'POST /api/customer/coupon/claim': fieldRefusal(409, 'code', 'you have already claimed this coupon'),
    });
    renderWithProviders(<CouponsPage />, { route: '/pages/user/coupon/index' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME5');
    await userEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('You have already claimed this coupon')).toBeVisible();
  });
});

describe('points for a price', () => {
  it('counts whole dollars times the rate, never a part of a dollar', async () => {
    const { pointsForPrice } = await import('../src/lib/app-config.ts');
    expect(pointsForPrice(19.99)).toBe(19);
    expect(pointsForPrice(0.99)).toBe(0);
    expect(pointsForPrice(20, 3)).toBe(60);
  });
});
