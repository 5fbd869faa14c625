import { ORDER_STATUS } from '@mall/shared/codes';
import type { CartItem } from '@mall/shared/contract/cart';
import { IDEMPOTENCY_KEY_HEADER } from '@mall/shared/contract/order';
import type { OrderQuote } from '@mall/shared/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAY_FROM_WALLET } from '../src/features/checkout/CheckoutView.tsx';
import CheckoutPage from '../src/pages/CheckoutPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, type Handler, type SeenCall } from './account-api-stub.ts';
import { retailMember } from './account-fixtures.ts';
import { cartItem, memberServer, resetCart } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';
import { address, addressPage, orderDetail, shippingRules } from './order-fixtures.ts';
import { coupon, discount, quote } from './wallet-fixtures.ts';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

/** The debounce (500 ms) and a margin: how long a changed choice may take to reach the server. */
const QUOTE_WAIT = { timeout: 2000 };

const QUOTE = 'POST /api/sale/order/quote';

/**
 * The quote as a server would answer these fields, on $60 of goods and $8 shipping: a 10% discount
 * card (id 1) or a $5 coupon (id 5), points at 1 cent, cards holding $20.
 */
const quoteFor = (
  body: { discountId?: number; points?: number; cardAmount?: number },
  cardBalance = 20,
): OrderQuote => {
  const discountAmount = body.discountId === 1 ? 6 : body.discountId === 5 ? 5 : 0;
  const pointsAmount = (body.points ?? 0) / 100;
  const total = 68 - discountAmount - pointsAmount;
  const card = Math.min(body.cardAmount ?? 0, cardBalance, total);
  return quote({
    discountAmount,
    pointsUsed: body.points ?? 0,
    pointsAmount,
    totalAmount: total,
    gstAmount: Math.round((total * 3 * 100) / 23) / 100,
    cardAmount: card,
    payAmount: Math.round((total - card) * 100) / 100,
    pointsEarned: Math.floor(60 - discountAmount - pointsAmount),
    pointsMax: Math.floor((60 - discountAmount) * 0.2 * 100),
    discounts: [discount({ id: 1, title: 'Local SPY 10%' }), coupon({ id: 5 })],
    cardBalance,
  });
};

const checkoutServer = (
  override: Record<string, Handler> = {},
  items: CartItem[] = [cartItem({ id: 1, price: 30, count: 2 })],
) => {
  const server = memberServer(items, {
    'GET /api/customer/address': {
      data: addressPage([address({ id: 5, recipient: 'Aroha Ngata', isDefault: true })]),
    },
    'GET /api/good/price/configured/shipping/fee': { data: shippingRules },
    [QUOTE]: (c: SeenCall) => ({ data: quoteFor(c.body as object) }),
    'POST /api/sale/order/submit': { data: orderDetail({ id: 77 }) },
    ...override,
  });
  useSession.setState({ token: 'access', refreshToken: 'refresh', member: retailMember() });
  return server;
};

const openCheckout = () => renderWithProviders(<CheckoutPage />, { route: '/pages/order/checkout' });
const shown = (name: string) => document.querySelector(`[data-checkout-${name}]`)?.textContent ?? null;
const wallet = () => screen.getByRole('region', { name: 'My wallet' });
const lastQuote = (server: ReturnType<typeof checkoutServer>) => server.called(QUOTE).at(-1)!.body;
const ready = async () => {
  await within(await screen.findByRole('region', { name: 'My wallet' })).findByRole('radio', {
    name: 'No discount',
  });
};

describe('checkout: the wallet', () => {
  it('asks the quote for the lines and address, and shows its amounts and the points earned', async () => {
    const server = checkoutServer();
    openCheckout();
    await ready();
    expect(server.called(QUOTE)[0]!.body).toEqual({ cartItemIds: [1], addressId: 5 });
    expect(shown('goods')).toBe('$60.00');
    expect(shown('shipping')).toBe('$8.00');
    expect(shown('total')).toBe('$68.00');
    expect(shown('gst')).toBe('Includes GST of $8.87');
    expect(shown('earn')).toBe('You earn 60 points with this order');
    expect(shown('discount')).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('one discount at a time: the usable ones in words, the choice quoted, its refusal beside it', async () => {
    const server = checkoutServer({
      [QUOTE]: (c) => {
        const body = c.body as { discountId?: number };
        return {
          data: {
            ...quoteFor(body),
            ...(body.discountId === 5
              ? { discountAmount: 0, totalAmount: 68, discountRefusal: 'Spend $10.00 more on eligible goods' }
              : {}),
          },
        };
      },
    });
    openCheckout();
    await ready();
    const group = within(wallet()).getByRole('group', { name: 'Discount (one per order)' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      'No discount',
      'Local SPY 10%10% off goods from Local SPY, on $50.00 or moreValid 1 Nov 2026 – 31 Dec 2026',
      'Welcome $5 (WELCOME5)$5.00 offValid 1 Nov 2026 – 31 Dec 2026',
    ]);
    expect(radios[0]).toBeChecked();

    await userEvent.click(within(group).getByRole('radio', { name: /Local SPY 10%/ }));
    await waitFor(() => expect(shown('discount')).toBe('−$6.00'), QUOTE_WAIT);
    expect(lastQuote(server)).toEqual({ cartItemIds: [1], addressId: 5, discountId: 1 });
    expect(shown('total')).toBe('$62.00');

    const welcome = within(group).getByRole('radio', { name: /Welcome \$5/ });
    await userEvent.click(welcome);
    const refusal = await screen.findByText('Spend $10.00 more on eligible goods', undefined, QUOTE_WAIT);
    expect(welcome).toHaveAccessibleDescription('Spend $10.00 more on eligible goods');
    expect(refusal).toBeVisible();
    expect(shown('discount')).toBeNull();
    expect(within(group).getByRole('radio', { name: /Local SPY/ })).not.toBeChecked();
  });

  it('a code typed at checkout is claimed, then chosen and quoted', async () => {
    const claimedCoupon = coupon({ id: 9, title: 'Spring $7', code: 'SPRING7' });
    const server = checkoutServer({
      'POST /api/customer/coupon/claim': { data: claimedCoupon },
      [QUOTE]: (c) => ({ data: quoteFor(c.body as object) }),
    });
    openCheckout();
    await ready();
    await userEvent.type(within(wallet()).getByRole('textbox', { name: 'Coupon code' }), 'SPRING7');
    await userEvent.click(within(wallet()).getByRole('button', { name: 'Apply' }));
    expect(await within(wallet()).findByRole('status')).toHaveTextContent(
      'Spring $7 (SPRING7) applied: $5.00 off.',
    );
    expect(server.called('POST /api/customer/coupon/claim')[0]!.body).toEqual({ code: 'SPRING7' });
    expect(within(wallet()).getByRole('radio', { name: /Spring \$7/ })).toBeChecked();
    await waitFor(() => expect(lastQuote(server)).toMatchObject({ discountId: 9 }), QUOTE_WAIT);
  });

  it('points: Use all takes what the order allows; more is refused before it is sent', async () => {
    const server = checkoutServer();
    openCheckout();
    await ready();
    const box = within(wallet()).getByRole('spinbutton', { name: 'Points to use' });
    expect(box).toHaveAccessibleDescription('You have 300 points; this order takes up to 300 ($3.00).');
    await userEvent.click(within(wallet()).getByRole('button', { name: 'Use all' }));
    expect(box).toHaveValue(300);
    await waitFor(() => expect(shown('points')).toBe('−$3.00'), QUOTE_WAIT);
    expect(lastQuote(server)).toEqual({ cartItemIds: [1], addressId: 5, points: 300 });
    expect(shown('total')).toBe('$65.00');
    expect(screen.getByText('Points (300)')).toBeVisible();

    await userEvent.clear(box);
    await userEvent.type(box, '301');
    expect(await screen.findByText('Use at most 300 points on this order')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('cash cards: the amount defaults to what they hold up to the total; card and gateway parts shown', async () => {
    const server = checkoutServer();
    openCheckout();
    await ready();
    await userEvent.click(within(wallet()).getByRole('checkbox', { name: /Pay with my cash cards/ }));
    const amount = within(wallet()).getByRole('textbox', { name: 'Amount from cash cards' });
    expect(amount).toHaveValue('20.00');
    await waitFor(() => expect(shown('card')).toBe('−$20.00'), QUOTE_WAIT);
    expect(lastQuote(server)).toEqual({ cartItemIds: [1], addressId: 5, cardAmount: 20 });
    expect(shown('total')).toBe('$68.00');
    expect(shown('pay')).toBe('$48.00');

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.345');
    expect(await screen.findByText('Enter an amount in dollars, e.g. 12.50')).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    expect(await screen.findByText('Your cards hold $20.00')).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.5');
    await waitFor(() => expect(shown('pay')).toBe('$55.50'), QUOTE_WAIT);
    expect(lastQuote(server)).toMatchObject({ cardAmount: 12.5 });
  });

  it('an order the wallet pays whole: the button says so, submit sends the choices, and on to the paid notice', async () => {
    const server = checkoutServer({
      [QUOTE]: (c) => ({ data: quoteFor(c.body as object, 100) }),
      'POST /api/sale/order/submit': {
        data: orderDetail({ id: 78, status: ORDER_STATUS.toShip, payStatus: '1', payAmount: 0 }),
      },
    });
    const { router } = openCheckout();
    await ready();
    await userEvent.click(within(wallet()).getByRole('radio', { name: /Local SPY 10%/ }));
    await userEvent.click(within(wallet()).getByRole('button', { name: 'Use all' }));
    await userEvent.click(within(wallet()).getByRole('checkbox', { name: /Pay with my cash cards/ }));
    // The cards' default follows the total of the last quote: 68 at first, then 59.
    await waitFor(() => expect(lastQuote(server)).toMatchObject({ cardAmount: 59 }), QUOTE_WAIT);
    const button = screen.getByRole('button', { name: PAY_FROM_WALLET });
    await waitFor(() => expect(button).toBeEnabled());
    expect(shown('pay')).toBe('$0.00');
    expect(
      screen.getByText('Your wallet pays the whole order: nothing is charged to a bank card.'),
    ).toBeVisible();
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/pay/notice'));
    expect(router.state.location.search).toBe('?orderId=78');
    const [submit] = server.called('POST /api/sale/order/submit');
    const sent = lastQuote(server) as { points: number; cardAmount: number };
    expect(submit!.body).toEqual({
      cartItemIds: [1],
      addressId: 5,
      discountId: 1,
      points: sent.points,
      cardAmount: sent.cardAmount,
    });
    expect(sent).toMatchObject({ points: 300, cardAmount: 59 });
    expect(submit!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an answer to an earlier choice never replaces the answer to a later one', async () => {
    let release: (() => void) | null = null;
    const server = checkoutServer({
      [QUOTE]: (c) => {
        const body = c.body as { points?: number };
        if (body.points === 100)
          return new Promise((resolve) => {
            release = () => resolve({ data: quoteFor(body) });
          });
        return { data: quoteFor(body) };
      },
    });
    openCheckout();
    await ready();
    const box = within(wallet()).getByRole('spinbutton', { name: 'Points to use' });
    await userEvent.type(box, '100');
    await waitFor(() => expect(release).not.toBeNull(), QUOTE_WAIT);
    await userEvent.clear(box);
    await userEvent.type(box, '200');
    await waitFor(() => expect(shown('points')).toBe('−$2.00'), QUOTE_WAIT);
    release!();
    await waitFor(() => expect(server.called(QUOTE)).toHaveLength(3));
    // Let the slow answer land: it must change nothing.
    await new Promise((r) => queueMicrotask(() => r(null)));
    await waitFor(() => expect(shown('points')).toBe('−$2.00'));
    expect(shown('total')).toBe('$66.00');
    expect(box).toHaveValue(200);
  });

  it("the server's refusal of a wallet field on submit shows under that field", async () => {
    checkoutServer({
      'POST /api/sale/order/submit': fieldRefusal(409, 'points', 'you have only 120 points now'),
    });
    openCheckout();
    await ready();
    await userEvent.click(within(wallet()).getByRole('button', { name: 'Use all' }));
    await waitFor(() => expect(shown('points')).toBe('−$3.00'), QUOTE_WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('You have only 120 points now')).toBeVisible();
  });

  it('without the quote, checkout still works on the shop totals, and says the wallet could not load', async () => {
    const server = checkoutServer({ [QUOTE]: { status: 503, message: 'Unavailable' } });
    const { router } = openCheckout();
    expect(await screen.findByText(/Your wallet could not be loaded/)).toBeVisible();
    expect(shown('total')).toBe('$68.50');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/pay/index'));
    expect(server.called('POST /api/sale/order/submit')[0]!.body).toEqual({ cartItemIds: [1], addressId: 5 });
  });
});
