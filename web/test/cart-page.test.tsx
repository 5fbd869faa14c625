import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_QUESTION } from '../src/features/cart/CartView.tsx';
import { readStored, STORAGE_KEYS } from '../src/lib/storage.ts';
import CartAddSuccessPage from '../src/pages/CartAddSuccessPage.tsx';
import CartPage from '../src/pages/CartPage.tsx';
import { readCart } from '../src/state/cart/current-cart.ts';
import { LINE_GONE } from '../src/state/cart/member-cart.ts';
import { cartItem, guestCart, memberServer, resetCart, signIn, spyItem } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

const openCart = () => renderWithProviders(<CartPage />, { route: '/pages/cart/index' });
const amount = () => document.querySelector('[data-cart-amount]')!.textContent;
const count = () => document.querySelector('[data-cart-count]')!.textContent;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('cart page', () => {
  it('groups the lines by supplier, each group with its name and checkbox', () => {
    guestCart([
      cartItem({ id: 1, name: 'Honey' }),
      cartItem({ id: 2, name: 'Plates', supplierId: 3, supplierName: 'Tasman Homewares' }),
      cartItem({ id: 3, name: 'Feijoa Jam' }),
    ]);
    openCart();
    const groups = document.querySelectorAll('[data-supplier-group]');
    expect([...groups].map((g) => g.getAttribute('aria-label'))).toEqual([
      'Kiwi Fresh Foods',
      'Tasman Homewares',
    ]);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('link', { name: /Honey|Jam/ })
        .map((a) => a.textContent),
    ).toEqual(['Honey', 'Feijoa Jam']);
    expect(box('Select all from Kiwi Fresh Foods').checked).toBe(true);
  });

  it('totals the checked lines with exact decimals: 3 x 19.99 = $59.97, 0.1 + 0.2 = $0.30', async () => {
    guestCart([
      cartItem({ id: 1, name: 'Honey', price: 19.99, count: 3 }),
      cartItem({ id: 2, name: 'Mint', price: 0.1, count: 1, checked: false }),
      cartItem({ id: 3, name: 'Lolly', price: 0.2, count: 1, checked: false }),
    ]);
    openCart();
    expect(amount()).toBe('$59.97');
    expect(count()).toBe('3');
    await userEvent.click(box('Select Honey'));
    await userEvent.click(box('Select Mint'));
    await userEvent.click(box('Select Lolly'));
    expect(amount()).toBe('$0.30');
    expect(count()).toBe('2');
  });

  it('large amounts show en-US grouping with two decimals', () => {
    guestCart([cartItem({ id: 1, price: 1234.5, count: 3, stock: 9 })]);
    openCart();
    expect(amount()).toBe('$3,703.50');
    expect(document.querySelector('[data-line-amount]')!.textContent).toBe('$3,703.50');
  });

  it('check a group, check all, uncheck all', async () => {
    guestCart([
      cartItem({ id: 1, name: 'Honey', checked: false }),
      cartItem({ id: 2, name: 'Plates', supplierId: 3, supplierName: 'Tasman Homewares', checked: false }),
      cartItem({ id: 3, name: 'Jam', checked: false }),
    ]);
    openCart();
    expect(count()).toBe('0');
    await userEvent.click(box('Select all from Kiwi Fresh Foods'));
    expect([box('Select Honey').checked, box('Select Jam').checked, box('Select Plates').checked]).toEqual([
      true,
      true,
      false,
    ]);
    expect(box('Select all').checked).toBe(false);
    expect(box('Select all').indeterminate).toBe(true);
    await userEvent.click(box('Select all'));
    expect(readCart().items.every((i) => i.checked)).toBe(true);
    await userEvent.click(box('Select all'));
    expect(readCart().items.some((i) => i.checked)).toBe(false);
    expect(readStored<{ checked: boolean }[]>(STORAGE_KEYS.cart)!.map((i) => i.checked)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('a member checks a group in one call with the ids', async () => {
    const server = memberServer([
      cartItem({ id: 1, name: 'Honey', checked: false }),
      cartItem({ id: 3, name: 'Jam', checked: false }),
    ]);
    signIn();
    openCart();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all from Kiwi Fresh Foods' }));
    await waitFor(() =>
      expect(server.called('PUT /api/cart/check').map((c) => c.body)).toEqual([
        { id: [1, 3], checked: true },
      ]),
    );
  });

  it('the stepper stays between 1 and the stock and the purchase limit', async () => {
    guestCart([
      cartItem({ id: 1, name: 'Honey', count: 1, stock: 3 }),
      cartItem({ id: 2, name: 'Balm', count: 2, maxCount: 2, stock: 10 }),
    ]);
    openCart();
    const dec = screen.getByRole('button', { name: 'Decrease Honey' }) as HTMLButtonElement;
    const inc = screen.getByRole('button', { name: 'Increase Honey' }) as HTMLButtonElement;
    expect(dec.disabled).toBe(true);
    await userEvent.click(inc);
    await userEvent.click(inc);
    expect((screen.getByRole('textbox', { name: 'Quantity of Honey' }) as HTMLInputElement).value).toBe('3');
    expect(inc.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Increase Balm' }) as HTMLButtonElement).disabled).toBe(true);
    // Typing above the limit is refused with the message; the count stays.
    const balm = screen.getByRole('textbox', { name: 'Quantity of Balm' });
    await userEvent.clear(balm);
    await userEvent.type(balm, '5{Enter}');
    const alert = await screen.findByRole('alertdialog');
    expect(
      within(alert).getByText('The number of products added to the shopping cart exceeds the purchase limit'),
    ).toBeVisible();
    expect(readCart().items.find((i) => i.id === 2)!.count).toBe(2);
    // Confirmed, the box shows the count the cart holds, not the refused one.
    await userEvent.click(within(alert).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((balm as HTMLInputElement).value).toBe('2');
    // A second refusal on the same page is shown as the first was.
    await userEvent.clear(balm);
    await userEvent.type(balm, '7');
    const enter = createEvent.keyDown(balm, { key: 'Enter', code: 'Enter' });
    fireEvent(balm, enter);
    const again = await screen.findByRole('alertdialog');
    expect(within(again).getByText(/exceeds the purchase limit/)).toBeVisible();
    // A browser moves the focus to Confirm before it delivers the rest of this key press, which
    // would click Confirm and close the refusal unread; so the Enter that commits is consumed.
    // (jsdom delivers the rest at once, before the dialog opens: the consumed keydown is what tells.)
    expect(within(again).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    expect(enter.defaultPrevented).toBe(true);
    // The refused count is done with once the box shows the cart's count again; the dialog stays.
    await waitFor(() => expect((balm as HTMLInputElement).value).toBe('2'));
    expect(screen.getByRole('alertdialog')).toBeVisible();
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a line above a stock that fell can still be lowered, not raised', async () => {
    guestCart([cartItem({ id: 1, name: 'Honey', count: 5, stock: 2 })]);
    openCart();
    expect((screen.getByRole('button', { name: 'Increase Honey' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease Honey' }));
    expect(readCart().items[0]!.count).toBe(4);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a member count change goes to the server; a refusal puts the count back', async () => {
    const server = memberServer([cartItem({ id: 1, name: 'Honey', count: 1, stock: 9 })], {
      'PUT /api/cart/count': { status: 409, message: 'Only 1 left in stock' },
    });
    signIn();
    openCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Increase Honey' }));
    expect(await screen.findByText('Only 1 left in stock')).toBeVisible();
    expect(server.called('PUT /api/cart/count').map((c) => c.body)).toEqual([{ id: 1, count: 2 }]);
    expect(readCart().items[0]!.count).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Typed and refused: one call, and the box shows the count the cart holds.
    const honey = screen.getByRole('textbox', { name: 'Quantity of Honey' }) as HTMLInputElement;
    await userEvent.clear(honey);
    await userEvent.type(honey, '3{Enter}');
    expect(await screen.findByText('Only 1 left in stock')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(honey.value).toBe('1'));
    expect(server.called('PUT /api/cart/count')).toHaveLength(2);
  });

  it('a line removed in another browser: the change is refused in words and the cart shows what it holds', async () => {
    const server = memberServer(
      [
        cartItem({ id: 1, name: 'Honey', count: 1, stock: 9 }),
        cartItem({ id: 2, name: 'Jam', count: 1, stock: 9 }),
      ],
      { 'PUT /api/cart/count': { status: 404, message: 'id: This item is not in your shopping cart.' } },
    );
    signIn();
    openCart();
    const increase = await screen.findByRole('button', { name: 'Increase Jam' });
    await fetch('/api/cart/2', { method: 'DELETE' }); // the other browser
    await userEvent.click(increase);
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(LINE_GONE)).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jam' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Honey' })).toBeVisible();
    expect(server.called('GET /api/cart/app').length).toBeGreaterThanOrEqual(2);
  });

  it('the last line gone elsewhere: the message is still read over the now empty cart', async () => {
    memberServer([cartItem({ id: 2, name: 'Jam', count: 1, stock: 9 })], {
      'PUT /api/cart/count': { status: 404, message: 'id: This item is not in your shopping cart.' },
    });
    signIn();
    openCart();
    const increase = await screen.findByRole('button', { name: 'Increase Jam' });
    await fetch('/api/cart/2', { method: 'DELETE' });
    await userEvent.click(increase);
    await waitFor(() => expect(screen.getByText('Your shopping cart is empty')).toBeVisible());
    expect(within(screen.getByRole('alertdialog')).getByText(LINE_GONE)).toBeVisible();
  });

  it('remove one line; clear asks first', async () => {
    guestCart([cartItem({ id: 1, name: 'Honey' }), spyItem({ id: 2, name: 'Milk' })]);
    openCart();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Honey' }));
    expect(readCart().items.map((i) => i.id)).toEqual([2]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CLEAR_QUESTION)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readCart().items).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(readCart().items).toHaveLength(0));
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
    expect(await screen.findByRole('link', { name: 'Continue shopping' })).toBeVisible();
  });

  it('a member clears with DELETE /api/cart', async () => {
    const server = memberServer([cartItem({ id: 1, name: 'Honey' })]);
    signIn();
    openCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear cart' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.called('DELETE /api/cart')).toHaveLength(1));
    expect(await screen.findByText('Your shopping cart is empty')).toBeVisible();
  });

  it('checkout: a guest is asked to log in and comes back to the cart', async () => {
    guestCart([cartItem({ id: 1 })]);
    const { router } = openCart();
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/pages/user/login/index?callbackUrl=/pages/cart/index',
    );
  });

  it('checkout is off while nothing is checked', () => {
    guestCart([cartItem({ id: 1, checked: false })]);
    openCart();
    expect((screen.getByRole('button', { name: 'Checkout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checkout: a member goes to the checkout page', async () => {
    memberServer([cartItem({ id: 1 })]);
    signIn();
    const { router } = openCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    expect(router.state.location.pathname).toBe('/pages/order/checkout');
  });

  it('loading, then a load failure with a retry', async () => {
    const server = memberServer([], { 'GET /api/cart/app': { status: 500, message: 'Down' } });
    signIn();
    openCart();
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(await screen.findByText('Your cart could not be loaded')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.called('GET /api/cart/app')).toHaveLength(2));
  });
});

describe('added-to-cart page', () => {
  it('shows what was added with Go to cart and Continue shopping', () => {
    guestCart([cartItem({ id: 71, name: 'Merino Crew Top', skuLabel: 'Navy / S', price: 20, count: 5 })]);
    renderWithProviders(<CartAddSuccessPage />, { route: '/pages/cart/add-success?skuId=71&count=3' });
    expect(screen.getByRole('heading', { level: 1, name: 'Added to Cart' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Merino Crew Top' }).getAttribute('href')).toBe(
      '/pages/goods/index?id=710',
    );
    expect(screen.getByText('Navy / S')).toBeVisible();
    expect(screen.getByText('3 added · $20.00 each · 5 in your cart')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('/pages/cart/index');
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(
      '/pages/search/index?keyword=all',
    );
  });
});
