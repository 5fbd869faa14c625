import { EMPTY_CART_MESSAGE } from '@mall/shared/cart-rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MiniCart } from '../src/features/cart/MiniCart.tsx';
import { useCartStore } from '../src/state/cart/cart-store.ts';
import { cartItem, guestCart, memberServer, resetCart, signIn } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

const label = () => screen.getByRole('link', { name: /^Shop Cart \(\d+\)$/ });
const openPanel = async () => {
  fireEvent.mouseEnter(document.querySelector('[data-mini-cart]')!);
  return (await screen.findByRole('region', { name: 'Mini cart' })) as HTMLElement;
};
const lines = (n: number, checked = true) =>
  Array.from({ length: n }, (_, i) => cartItem({ id: i + 1, count: 2, checked }));

describe('mini cart', () => {
  it("the label counts the checked items' quantity and links to the cart", () => {
    guestCart([
      cartItem({ id: 1, count: 3 }),
      cartItem({ id: 2, count: 5, checked: false }),
      cartItem({ id: 3, count: 4 }),
    ]);
    renderWithProviders(<MiniCart />);
    expect(label().textContent).toBe('Shop Cart (7)');
    expect(label().getAttribute('href')).toBe('/pages/cart/index');
    act(() => useCartStore.setState({ items: [] }));
    expect(label().textContent).toBe('Shop Cart (0)');
  });

  it.each([
    [0, 70],
    [1, 160],
    [4, 430],
    [5, 470],
    [8, 470],
  ])('with %i checked items the panel is %i px high; the list scrolls at 400 px', async (n, px) => {
    // Unchecked lines are not listed and do not count.
    guestCart([...lines(n), cartItem({ id: 99, checked: false })]);
    renderWithProviders(<MiniCart />);
    const panel = await openPanel();
    expect(panel.style.height).toBe(`${px}px`);
    if (n === 0) {
      expect(within(panel).getByText(EMPTY_CART_MESSAGE).textContent).toBe('Your shopping cart is empty！');
      expect(within(panel).queryByRole('list')).toBeNull();
      return;
    }
    const list = within(panel).getByRole('list');
    expect(list.style.maxHeight).toBe('400px');
    expect(list.className).toContain('overflow-y-auto');
    expect(within(list).getAllByRole('listitem')).toHaveLength(n);
  });

  it('lists thumbnail, name, price x count and remove; totals with $; Go To Checkout', async () => {
    guestCart([
      cartItem({ id: 1, name: 'Manuka Honey', price: 19.99, count: 3 }),
      cartItem({ id: 2, name: 'Flat White Beans', price: 0.1, count: 1 }),
      cartItem({ id: 3, name: 'Unticked', price: 0.2, count: 1, checked: false }),
    ]);
    renderWithProviders(<MiniCart />);
    const panel = await openPanel();
    const [first] = within(panel).getAllByRole('listitem');
    expect(first!.querySelector('img')!.getAttribute('src')).toBe('/uploads/goods/1.svg');
    expect(within(first!).getByRole('link', { name: 'Manuka Honey' })).toBeVisible();
    expect(first!.querySelector('[data-price-count]')!.textContent).toBe('$19.99 x 3');
    expect(within(first!).getByRole('button', { name: 'Remove Manuka Honey' })).toBeVisible();
    expect(panel.querySelector('[data-total-count]')!.textContent).toBe('4');
    expect(panel.querySelector('[data-total-price]')!.textContent).toBe('$60.07');
    expect(within(panel).getByRole('link', { name: 'Go To Checkout' }).getAttribute('href')).toBe(
      '/pages/cart/index',
    );
  });

  it('opens on keyboard focus and closes on Escape', async () => {
    guestCart(lines(1));
    renderWithProviders(<MiniCart />);
    await userEvent.tab();
    expect(await screen.findByRole('region', { name: 'Mini cart' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Mini cart' })).toBeNull();
  });

  it('a guest removes a line from the panel (and from local storage)', async () => {
    guestCart(lines(2));
    renderWithProviders(<MiniCart />);
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Good 1' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(label().textContent).toBe('Shop Cart (2)');
  });

  it('a failed removal shows an alert with only a confirm button; the line stays', async () => {
    const server = memberServer(lines(2), {
      'DELETE /api/cart/1': { status: 500, message: 'The cart is busy, please try again.' },
    });
    signIn();
    renderWithProviders(<MiniCart />);
    await waitFor(() => expect(label().textContent).toBe('Shop Cart (4)'));
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Good 1' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('The cart is busy, please try again.')).toBeVisible();
    expect(
      within(alert)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Confirm']);
    expect(server.called('DELETE /api/cart/1')).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(label().textContent).toBe('Shop Cart (4)');
  });

  it('a member removes through the server, which answers with the cart', async () => {
    const server = memberServer(lines(2));
    signIn();
    renderWithProviders(<MiniCart />);
    await waitFor(() => expect(label().textContent).toBe('Shop Cart (4)'));
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Good 2' }));
    await waitFor(() => expect(label().textContent).toBe('Shop Cart (2)'));
    expect(server.called('DELETE /api/cart/2')).toHaveLength(1);
  });

  it('collapses when the page changes', async () => {
    guestCart(lines(1));
    const { router } = renderWithProviders(<MiniCart />, { route: '/pages/goods/index?id=1' });
    await openPanel();
    await act(() => router.navigate('/pages/search/index?keyword=all'));
    expect(screen.queryByRole('region', { name: 'Mini cart' })).toBeNull();
  });
});
