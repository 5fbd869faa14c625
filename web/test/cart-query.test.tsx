import type { CartItem } from '@mall/shared/contract/cart';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MiniCart } from '../src/features/cart/MiniCart.tsx';
import CartPage from '../src/pages/CartPage.tsx';
import { setCartCount } from '../src/state/cart/cart-actions.ts';
import { readCart } from '../src/state/cart/current-cart.ts';
import { loadCart, MEMBER_CART_KEY } from '../src/state/cart/member-cart.ts';
import { queryClient } from '../src/state/query-client.ts';
import { useSession } from '../src/state/session-store.ts';
import type { Reply } from './account-api-stub.ts';
import { cartItem, memberServer, resetCart, signIn } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

const label = () => screen.getByRole('link', { name: /^Shop Cart \(\d+\)$/ }).textContent;
const cached = () => queryClient.getQueryData<CartItem[]>(MEMBER_CART_KEY);
const honey = (count: number) => cartItem({ id: 1, name: 'Honey', count, stock: 9 });

/** A member whose count changes are answered only when the test says so, in any order. */
const slowCounts = () => {
  const pending: ((reply: Reply) => void)[] = [];
  const server = memberServer([honey(1)], {
    'PUT /api/cart/count': () =>
      new Promise<Reply>((resolve) => {
        pending.push(resolve);
      }),
  });
  return { server, pending };
};

describe("a member's cart is server state in the query cache", () => {
  it('the header and the cart page show one cached cart, read from the server once', async () => {
    const server = memberServer([honey(2), cartItem({ id: 2, name: 'Jam' })]);
    signIn();
    renderWithProviders(
      <>
        <MiniCart />
        <CartPage />
      </>,
      { route: '/pages/cart/index' },
    );
    expect(await screen.findByRole('link', { name: 'Jam' })).toBeTruthy();
    expect(label()).toBe('Shop Cart (3)');
    expect(cached()!.map((i) => i.id)).toEqual([1, 2]);
    expect(server.called('GET /api/cart/app')).toHaveLength(1);
  });

  it('stays cached while no view shows it, for as long as the member is signed in', async () => {
    memberServer([honey(2)]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      signIn();
      await loadCart();
      expect(cached()).toEqual([honey(2)]);
      // Long after the query cache drops what nothing shows (5 minutes by default).
      vi.advanceTimersByTime(60 * 60_000);
      expect(cached()).toEqual([honey(2)]);
      expect(readCart()).toMatchObject({ status: 'ready', items: [honey(2)] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a change answered late never replaces the answer to a change made after it', async () => {
    const { server, pending } = slowCounts();
    signIn();
    renderWithProviders(<MiniCart />);
    await waitFor(() => expect(label()).toBe('Shop Cart (1)'));
    const first = setCartCount(1, 2);
    await waitFor(() => expect(server.called('PUT /api/cart/count')).toHaveLength(1));
    const second = setCartCount(1, 3);
    await waitFor(() => expect(server.called('PUT /api/cart/count')).toHaveLength(2));
    expect(server.called('PUT /api/cart/count').map((c) => c.body)).toEqual([
      { id: 1, count: 2 },
      { id: 1, count: 3 },
    ]);
    pending[1]!({ data: [honey(3)] });
    expect(await second).toEqual({ ok: true });
    pending[0]!({ data: [honey(2)] });
    expect(await first).toEqual({ ok: true });
    expect(cached()![0]!.count).toBe(3);
    expect(label()).toBe('Shop Cart (3)');
  });

  it('a reload on focus made after a change wins over the change answered late', async () => {
    const { server, pending } = slowCounts();
    signIn();
    renderWithProviders(<MiniCart />);
    await waitFor(() => expect(label()).toBe('Shop Cart (1)'));
    const change = setCartCount(1, 2);
    await waitFor(() => expect(server.called('PUT /api/cart/count')).toHaveLength(1));
    // Meanwhile another browser set 5; coming back to this window reads it.
    server.items().splice(0, 1, honey(5));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(label()).toBe('Shop Cart (5)'));
    pending[0]!({ data: [honey(2)] });
    expect(await change).toEqual({ ok: true });
    expect(cached()![0]!.count).toBe(5);
    expect(label()).toBe('Shop Cart (5)');
  });

  it('a refused count is put back, unless an answer has replaced it since', async () => {
    const { server, pending } = slowCounts();
    signIn();
    renderWithProviders(<MiniCart />);
    await waitFor(() => expect(label()).toBe('Shop Cart (1)'));
    const refused = setCartCount(1, 2);
    await waitFor(() => expect(label()).toBe('Shop Cart (2)'));
    pending[0]!({ status: 409, message: 'Only 1 left in stock' });
    expect(await refused).toMatchObject({ ok: false, refusal: { message: 'Only 1 left in stock' } });
    expect(cached()![0]!.count).toBe(1);
    await waitFor(() => expect(label()).toBe('Shop Cart (1)'));

    const late = setCartCount(1, 3);
    await waitFor(() => expect(server.called('PUT /api/cart/count')).toHaveLength(2));
    server.items().splice(0, 1, honey(4));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(label()).toBe('Shop Cart (4)'));
    pending[1]!({ status: 409, message: 'Only 1 left in stock' });
    expect(await late).toMatchObject({ ok: false });
    expect(cached()![0]!.count).toBe(4);
    expect(label()).toBe('Shop Cart (4)');
  });

  it('a change answered after signing out never shows the member’s cart to the guest', async () => {
    const { server, pending } = slowCounts();
    signIn();
    renderWithProviders(<MiniCart />);
    await waitFor(() => expect(label()).toBe('Shop Cart (1)'));
    const change = setCartCount(1, 2);
    await waitFor(() => expect(server.called('PUT /api/cart/count')).toHaveLength(1));
    useSession.getState().clear();
    await waitFor(() => expect(label()).toBe('Shop Cart (0)'));
    pending[0]!({ data: [honey(2)] });
    await change;
    expect(cached()).toBeUndefined();
    expect(readCart()).toMatchObject({ owner: 'guest', items: [], status: 'ready' });
    expect(label()).toBe('Shop Cart (0)');
  });
});
