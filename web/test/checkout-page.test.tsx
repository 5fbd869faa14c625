import { minimumOrderMessage } from '@mall/shared/checkout-rules';
import type { CartItem } from '@mall/shared/contract/cart';
import { IDEMPOTENCY_KEY_HEADER } from '@mall/shared/contract/order';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_SAFE } from '../src/features/checkout/CheckoutView.tsx';
import CheckoutPage from '../src/pages/CheckoutPage.tsx';
import { useSession } from '../src/state/session-store.ts';
import { fieldRefusal, type Reply } from './account-api-stub.ts';
import { retailMember, wholesaleMember } from './account-fixtures.ts';
import { cartItem, memberServer, resetCart } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';
import { address, addressPage, orderDetail, shippingRules, southAddress } from './order-fixtures.ts';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

type Handler = Reply | ((call: { body: unknown; headers: Headers }) => Reply | Promise<Reply>);

/** A signed-in member with this cart, these addresses and the shipping rules. */
const checkoutServer = (
  items: CartItem[],
  addresses = [address({ id: 5, recipient: 'Aroha Ngata', isDefault: true })],
  override: Record<string, Handler> = {},
  member = retailMember(),
) => {
  const server = memberServer(items, {
    'GET /api/customer/address': { data: addressPage(addresses) },
    'GET /api/good/price/configured/shipping/fee': { data: shippingRules },
    'POST /api/sale/order/submit': { data: orderDetail({ id: 77 }) },
    ...override,
  });
  useSession.setState({ token: 'access', refreshToken: 'refresh', member });
  return server;
};

const openCheckout = () => renderWithProviders(<CheckoutPage />, { route: '/pages/order/checkout' });
const shown = (name: string) => document.querySelector(`[data-checkout-${name}]`)?.textContent;
const placeButton = () => screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement;
const ready = async () => {
  await screen.findAllByRole('radio', { name: /Aroha Ngata|Mere Tane|Hemi/ });
  await waitFor(() => expect(shown('total')).not.toBe('—'));
};

describe('checkout', () => {
  it('lists only the checked lines, by supplier, with price x count and the line amount', async () => {
    checkoutServer([
      cartItem({ id: 1, name: 'Manuka Honey', skuLabel: 'UMF 10+', price: 19.99, count: 3 }),
      cartItem({
        id: 2,
        name: 'Plates',
        supplierId: 3,
        supplierName: 'Tasman Homewares',
        price: 4.5,
        count: 2,
      }),
      cartItem({ id: 3, name: 'Mint', checked: false }),
    ]);
    openCheckout();
    await ready();
    const groups = [...document.querySelectorAll('[data-supplier-group]')];
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Kiwi Fresh Foods', 'Tasman Homewares']);
    const honey = document.querySelector('[data-checkout-line="1"]') as HTMLElement;
    expect(honey.textContent).toContain('Manuka Honey');
    expect(honey.textContent).toContain('UMF 10+');
    expect(honey.textContent).toContain('$19.99 x 3');
    expect(honey.querySelector('[data-line-amount]')!.textContent).toBe('$59.97');
    expect(document.querySelector('[data-checkout-line="3"]')).toBeNull();
    expect(screen.queryByText('Mint')).toBeNull();
  });

  it('totals exact to the cent: goods, shipping, total and the GST in it', async () => {
    checkoutServer([
      cartItem({ id: 1, price: 19.99, count: 3 }),
      cartItem({ id: 2, price: 0.1, count: 1 }),
      cartItem({ id: 3, price: 0.2, count: 1 }),
      cartItem({ id: 4, price: 500, count: 1, checked: false }),
    ]);
    openCheckout();
    await ready();
    // 59.97 + 0.10 + 0.20 = 60.27; North Island retail: $8.50 below $100.
    expect(shown('goods')).toBe('$60.27');
    expect(shown('shipping')).toBe('$8.50');
    expect(shown('total')).toBe('$68.77');
    // 68.77 x 3/23 = 8.97
    expect(shown('gst')).toBe('Includes GST of $8.97');
  });

  it('shipping is free from the threshold exactly, and follows the island of the chosen address', async () => {
    checkoutServer(
      [cartItem({ id: 1, price: 33.33, count: 3 }), cartItem({ id: 2, price: 0.01, count: 1 })],
      [
        address({ id: 5, recipient: 'Aroha Ngata', isDefault: true }),
        southAddress({ id: 6, recipient: 'Mere Tane' }),
      ],
    );
    openCheckout();
    await ready();
    // 99.99 + 0.01 = 100.00: free on the North Island (from $100).
    expect(shown('goods')).toBe('$100.00');
    expect(shown('shipping')).toBe('Free');
    expect(shown('total')).toBe('$100.00');
    expect(shown('gst')).toBe('Includes GST of $13.04');
    // South Island: $12.00 below $150.
    await userEvent.click(screen.getByRole('radio', { name: /Mere Tane/ }));
    expect(shown('shipping')).toBe('$12.00');
    expect(shown('total')).toBe('$112.00');
    expect(shown('gst')).toBe('Includes GST of $14.61');
  });

  it('one cent below the threshold pays the fee', async () => {
    checkoutServer([cartItem({ id: 1, price: 33.33, count: 3 })]);
    openCheckout();
    await ready();
    expect(shown('goods')).toBe('$99.99');
    expect(shown('shipping')).toBe('$8.50');
    expect(shown('total')).toBe('$108.49');
  });

  it('wholesale below the minimum: the message with the missing amount, and Place order is off', async () => {
    checkoutServer(
      [cartItem({ id: 1, price: 150, count: 3 })],
      [
        address({ id: 5, recipient: 'Hemi North', isDefault: true }),
        southAddress({ id: 6, recipient: 'Hemi South' }),
      ],
      {},
      wholesaleMember(),
    );
    openCheckout();
    await ready();
    expect(shown('goods')).toBe('$450.00');
    expect(shown('shipping')).toBe('$25.00');
    const north = minimumOrderMessage('north', 600, 150);
    expect(north).toContain('Add $150.00 more');
    expect(screen.getByRole('alert').textContent).toBe(north);
    expect(placeButton().disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /Hemi South/ }));
    expect(screen.getByRole('alert').textContent).toBe(minimumOrderMessage('south', 2000, 1550));
    expect(screen.getByRole('alert').textContent).toContain('$2,000.00');
    expect(screen.getByRole('alert').textContent).toContain('Add $1,550.00 more');
    expect(placeButton().disabled).toBe(true);
  });

  it('wholesale at the minimum may order', async () => {
    checkoutServer(
      [cartItem({ id: 1, price: 200, count: 3 })],
      [address({ id: 5, recipient: 'Hemi North', isDefault: true })],
      {},
      wholesaleMember(),
    );
    openCheckout();
    await ready();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(placeButton().disabled).toBe(false);
  });

  it('Place order sends the checked lines, the chosen address, the remark and a key; then on to pay', async () => {
    const server = checkoutServer(
      [
        cartItem({ id: 1, price: 19.99, count: 3 }),
        cartItem({ id: 2, checked: false }),
        cartItem({ id: 3, price: 5, count: 1 }),
      ],
      [
        address({ id: 4, recipient: 'Mere Tane' }),
        address({ id: 5, recipient: 'Aroha Ngata', isDefault: true }),
      ],
    );
    const { router } = openCheckout();
    await ready();
    // The default address is chosen at first.
    expect((screen.getByRole('radio', { name: /Aroha Ngata/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: /Order remark/ }), '  Leave at the back door ');
    const cartLoads = server.called('GET /api/cart/app').length;
    await userEvent.click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/pay/index'));
    expect(router.state.location.search).toBe('?orderId=77');
    const [call] = server.called('POST /api/sale/order/submit');
    expect(call!.body).toEqual({ cartItemIds: [1, 3], addressId: 5, remark: 'Leave at the back door' });
    expect(call!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    // The bought lines leave the cart: it is loaded again.
    await waitFor(() => expect(server.called('GET /api/cart/app').length).toBeGreaterThan(cartLoads));
  });

  it('a retry after a network failure sends the same Idempotency-Key, and says trying again is safe', async () => {
    let attempts = 0;
    const server = checkoutServer([cartItem({ id: 1 })], undefined, {
      'POST /api/sale/order/submit': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return { data: orderDetail({ id: 78 }) };
      },
    });
    const { router } = openCheckout();
    await ready();
    await userEvent.click(placeButton());
    const error = await screen.findByText((_, el) => el?.hasAttribute('data-submit-error') ?? false);
    expect(error.textContent).toContain(RETRY_SAFE);
    await userEvent.click(placeButton());
    await waitFor(() => expect(router.state.location.search).toBe('?orderId=78'));
    const keys = server
      .called('POST /api/sale/order/submit')
      .map((c) => c.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('a refusal (409) is shown and stays; another address makes a new key', async () => {
    let attempts = 0;
    const server = checkoutServer(
      [cartItem({ id: 1 })],
      [
        address({ id: 5, recipient: 'Aroha Ngata', isDefault: true }),
        address({ id: 6, recipient: 'Mere Tane' }),
      ],
      {
        'POST /api/sale/order/submit': () => {
          attempts += 1;
          return attempts < 3
            ? { status: 409, message: 'Only 2 of Good 1 left in stock' }
            : { data: orderDetail() };
        },
      },
    );
    openCheckout();
    await ready();
    await userEvent.click(placeButton());
    expect(await screen.findByText('Only 2 of Good 1 left in stock')).toBeVisible();
    expect(placeButton().disabled).toBe(false);
    await userEvent.click(placeButton());
    await waitFor(() => expect(server.called('POST /api/sale/order/submit')).toHaveLength(2));
    expect(await screen.findByText('Only 2 of Good 1 left in stock')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /Mere Tane/ }));
    await userEvent.click(placeButton());
    await waitFor(() => expect(server.called('POST /api/sale/order/submit')).toHaveLength(3));
    const calls = server.called('POST /api/sale/order/submit');
    const keys = calls.map((c) => c.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect((calls[2]!.body as { addressId: number }).addressId).toBe(6);
  });

  it('a changed count makes a new key', async () => {
    let attempts = 0;
    const server = checkoutServer([cartItem({ id: 1, count: 2 })], undefined, {
      'POST /api/sale/order/submit': () => {
        attempts += 1;
        // Meanwhile the count was lowered (in another tab): the refusal reloads the cart.
        server.items().splice(0, 1, cartItem({ id: 1, count: 1 }));
        return attempts === 1 ? { status: 409, message: 'Only 1 left in stock' } : { data: orderDetail() };
      },
    });
    openCheckout();
    await ready();
    await userEvent.click(placeButton());
    await screen.findByText('Only 1 left in stock');
    await waitFor(() =>
      expect(document.querySelector('[data-checkout-line="1"]')!.textContent).toContain('x 1'),
    );
    await userEvent.click(placeButton());
    await waitFor(() => expect(attempts).toBe(2));
    const keys = server
      .called('POST /api/sale/order/submit')
      .map((c) => c.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a refusal naming the remark shows under the remark', async () => {
    checkoutServer([cartItem({ id: 1 })], undefined, {
      'POST /api/sale/order/submit': fieldRefusal(400, 'remark', 'must be at most 200 characters'),
    });
    openCheckout();
    await ready();
    await userEvent.click(placeButton());
    const remark = screen.getByRole('textbox', { name: /Order remark/ });
    await waitFor(() => expect(remark.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('checkout-remark-message')!.textContent).toContain(
      'Must be at most 200 characters',
    );
  });

  it('Processing...... while the order is placed; one click places one order', async () => {
    let release: (r: Reply) => void = () => {};
    const server = checkoutServer([cartItem({ id: 1 })], undefined, {
      'POST /api/sale/order/submit': () => new Promise<Reply>((r) => (release = r)),
    });
    openCheckout();
    await ready();
    await userEvent.click(placeButton());
    const busy = await screen.findByRole('button', { name: /Processing\.\.\.\.\.\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(busy);
    release({ data: orderDetail() });
    await waitFor(() => expect(server.called('POST /api/sale/order/submit')).toHaveLength(1));
  });

  it('no checked items: an empty state back to the cart', async () => {
    checkoutServer([cartItem({ id: 1, checked: false })]);
    openCheckout();
    expect(await screen.findByText('Nothing to check out')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Back to the cart' })[0]!.getAttribute('href')).toBe(
      '/pages/cart/index',
    );
  });

  it('no address yet: the form shows at once; the saved address is chosen', async () => {
    let saved = false;
    const created = address({ id: 9, recipient: 'Hemi Walker', isDefault: true });
    const server = checkoutServer([cartItem({ id: 1, price: 20 })], [], {
      'GET /api/customer/address': () => ({ data: addressPage(saved ? [created] : []) }),
      'POST /api/customer/address': () => {
        saved = true;
        return { data: created };
      },
    });
    openCheckout();
    const form = await screen.findByRole('form', { name: 'New address' });
    expect(placeButton().disabled).toBe(true);
    expect(shown('shipping')).toBe('Choose an address');
    await userEvent.type(within(form).getByLabelText('Recipient'), 'Hemi Walker');
    await userEvent.type(within(form).getByLabelText('Phone'), '0271234567');
    await userEvent.type(within(form).getByLabelText('Street address'), '7 Dock Road');
    await userEvent.type(within(form).getByLabelText('Town or city'), 'Auckland');
    await userEvent.selectOptions(within(form).getByLabelText('Region'), 'AUK');
    await userEvent.type(within(form).getByLabelText('Postcode'), '1011');
    await userEvent.click(within(form).getByRole('button', { name: 'Deliver to this address' }));
    await waitFor(() => expect(server.called('POST /api/customer/address')).toHaveLength(1));
    expect((server.called('POST /api/customer/address')[0]!.body as { isDefault: boolean }).isDefault).toBe(
      true,
    );
    const radio = (await screen.findByRole('radio', { name: /Hemi Walker/ })) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect(shown('shipping')).toBe('$8.50');
    expect(placeButton().disabled).toBe(false);
  });

  it('Add a new address opens the address dialog and chooses the new one', async () => {
    let list = [address({ id: 5, recipient: 'Aroha Ngata', isDefault: true })];
    const created = southAddress({ id: 8, recipient: 'Mere Tane' });
    checkoutServer([cartItem({ id: 1, price: 20 })], undefined, {
      'GET /api/customer/address': () => ({ data: addressPage(list) }),
      'POST /api/customer/address': () => {
        list = [...list, created];
        return { data: created };
      },
    });
    openCheckout();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new address' });
    await userEvent.type(within(dialog).getByLabelText('Recipient'), 'Mere Tane');
    await userEvent.type(within(dialog).getByLabelText('Phone'), '0271234567');
    await userEvent.type(within(dialog).getByLabelText('Street address'), '2 Colombo Street');
    await userEvent.type(within(dialog).getByLabelText('Town or city'), 'Christchurch');
    await userEvent.selectOptions(within(dialog).getByLabelText('Region'), 'CAN');
    await userEvent.type(within(dialog).getByLabelText('Postcode'), '8023');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Mere Tane/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(shown('shipping')).toBe('$12.00');
  });
});
