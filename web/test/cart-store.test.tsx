import { cartTotals } from '@mall/shared/cart-rules';
import { SKU_LINES_PATH } from '@mall/shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MiniCart } from '../src/features/cart/MiniCart.tsx';
import { readStored, STORAGE_KEYS } from '../src/lib/storage.ts';
import { addToCart, setCartCount } from '../src/state/cart/cart-actions.ts';
import {
  checkedQuantity,
  initialCartState,
  refreshGuestLines,
  useCartStore,
} from '../src/state/cart/cart-store.ts';
import { readCart } from '../src/state/cart/current-cart.ts';
import { CART_UPDATED, loadCart } from '../src/state/cart/member-cart.ts';
import { useSession } from '../src/state/session-store.ts';
import { type Handler, type Reply, stubAccountApi } from './account-api-stub.ts';
import { loginResult } from './account-fixtures.ts';
import { cartItem, guestCart, memberServer, resetCart, spyItem } from './cart-fixtures.ts';
import { renderWithProviders } from './helpers.tsx';

beforeEach(resetCart);
afterEach(() => vi.unstubAllGlobals());

const { id: _id, count: _count, checked: _checked, ...honey } = cartItem({ id: 31, name: 'Manuka Honey' });

describe('cart store', () => {
  it('a guest cart survives a reload (the store starting again from local storage)', async () => {
    expect(await addToCart(honey, 2)).toEqual({ ok: true });
    expect(await addToCart(honey, 1)).toEqual({ ok: true });
    useCartStore.setState({ items: [], owner: 'guest' });
    useCartStore.setState(initialCartState());
    expect(readCart().items).toEqual([{ ...honey, id: 31, count: 3, checked: true }]);
    expect(readCart().status).toBe('ready');
  });

  it('a corrupt stored cart reads as empty', () => {
    localStorage.setItem('mall:cart', '{"value":[{"nope":1}]}');
    expect(initialCartState().items).toEqual([]);
  });

  it('the label count is cartTotals().count', () => {
    const items = [cartItem({ id: 1, count: 3 }), cartItem({ id: 2, count: 4, checked: false })];
    expect(checkedQuantity(items)).toBe(cartTotals(items).count);
    expect(checkedQuantity(items)).toBe(3);
  });

  it('login syncs the local lines, shows every problem by name, then clears the local lines', async () => {
    await addToCart(honey, 2);
    await addToCart({ ...honey, skuId: 32, name: 'Kawakawa Balm', maxCount: 3 }, 3);
    const merged = [cartItem({ id: 500, skuId: 31, name: 'Manuka Honey', count: 2 })];
    const server = memberServer([], {
      'POST /api/cart/sync': {
        data: {
          items: merged,
          problems: [
            {
              skuId: 32,
              name: 'Kawakawa Balm',
              requested: 3,
              added: 1,
              message: 'The number of products added to the shopping cart exceeds the purchase limit',
            },
          ],
        },
      },
    });
    renderWithProviders(<MiniCart />);
    useSession.getState().login(loginResult());
    const dialog = await screen.findByRole('alertdialog');
    expect(server.called('POST /api/cart/sync').map((c) => c.body)).toEqual([
      [
        { skuId: 32, count: 3, checked: true },
        { skuId: 31, count: 2, checked: true },
      ],
    ]);
    expect(within(dialog).getByText('Kawakawa Balm')).toBeVisible();
    expect(
      within(dialog).getByText(
        '1 of 3 added. The number of products added to the shopping cart exceeds the purchase limit',
      ),
    ).toBeVisible();
    expect(readCart().items).toEqual(merged);
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'Shop Cart (2)' })).toBeVisible();
  });

  it('a failed sync keeps the local lines (shown, and sent again on the next load)', async () => {
    await addToCart(honey, 2);
    const server = memberServer([], { 'POST /api/cart/sync': { status: 500, message: 'Down' } });
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().status).toBe('error'));
    expect(readStored(STORAGE_KEYS.cart)).toHaveLength(1);
    expect(readCart().items.map((i) => i.skuId)).toEqual([31]);
    expect(server.called('POST /api/cart/sync')).toHaveLength(1);
  });

  it('login with an empty local cart loads the member cart from the server, without a sync', async () => {
    const server = memberServer([spyItem({ id: 8, count: 2 })]);
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().items.map((i) => i.id)).toEqual([8]));
    expect(server.called('POST /api/cart/sync')).toHaveLength(0);
    expect(server.called('GET /api/cart/app')).toHaveLength(1);
  });

  it('logout empties the cart in memory as well as in storage', async () => {
    memberServer([spyItem({ id: 8, count: 2 })]);
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().items).toHaveLength(1));
    useSession.getState().clear();
    expect(readCart()).toMatchObject({ owner: 'guest', items: [], status: 'ready' });
  });
});

describe('guest cart in two tabs', () => {
  it('a change made in a tab with a stale copy keeps what another tab added', async () => {
    await addToCart(honey, 1);
    // Another tab adds a line: storage changes, this tab's memory does not (no event in jsdom here).
    const other = cartItem({ id: 44, name: 'Kawakawa Balm' });
    localStorage.setItem(
      'mall:cart',
      JSON.stringify({ value: [other, ...readStored<unknown[]>(STORAGE_KEYS.cart)!] }),
    );
    expect(readCart().items).toHaveLength(1);
    await addToCart({ ...honey, skuId: 45, name: 'Feijoa Jam' }, 1);
    expect(readCart().items.map((i) => i.skuId)).toEqual([45, 44, 31]);
  });

  it('a storage event from another tab refreshes the guest cart here', () => {
    localStorage.setItem('mall:cart', JSON.stringify({ value: [cartItem({ id: 46 })] }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'mall:cart' }));
    expect(readCart().items.map((i) => i.id)).toEqual([46]);
  });
});

describe('member changes wait for the server cart', () => {
  it('after a failed sync, a change first retries the sync (lines are never sent with guest ids)', async () => {
    const { removeCartLine } = await import('../src/state/cart/cart-actions.ts');
    await addToCart(honey, 2);
    let fail = true;
    const synced = cartItem({ id: 700, skuId: 31, count: 2 });
    const { stubAccountApi } = await import('./account-api-stub.ts');
    const api = stubAccountApi({
      'POST /api/cart/sync': () =>
        fail ? { status: 500, message: 'Down' } : { data: { items: [synced], problems: [] } },
      'DELETE /api/cart/700': { data: [] },
    });
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().status).toBe('error'));
    fail = false;
    await expect(removeCartLine(31)).rejects.toThrow(CART_UPDATED);
    expect(api.called('POST /api/cart/sync')).toHaveLength(2);
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    expect(readCart().items).toEqual([synced]);
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
    await removeCartLine(700);
    expect(api.called('DELETE /api/cart/700')).toHaveLength(1);
  });
});

describe('a member cart in two browsers', () => {
  it('coming back to the tab reloads the cart from the server', async () => {
    const server = memberServer([cartItem({ id: 1 })]);
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().items).toHaveLength(1));
    expect(server.called('GET /api/cart/app')).toHaveLength(1);
    // Another browser added a line: the server now answers two.
    const other = memberServer([cartItem({ id: 1 }), cartItem({ id: 2 })]);
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(readCart().items.map((i) => i.id)).toEqual([1, 2]));
    expect(other.called('GET /api/cart/app')).toHaveLength(1);
  });

  it('a reload on focus that answers late never puts back a count changed since', async () => {
    let answerLoad = () => {};
    let slow = false;
    const server = memberServer([cartItem({ id: 1, count: 1, stock: 9 })], {
      'GET /api/cart/app': () =>
        slow
          ? new Promise((resolve) => {
              answerLoad = () => resolve({ data: [cartItem({ id: 1, count: 1, stock: 9 })] });
            })
          : { data: [cartItem({ id: 1, count: 1, stock: 9 })] },
    });
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().status).toBe('ready'));
    slow = true;
    window.dispatchEvent(new Event('focus')); // the click that focuses the window …
    await waitFor(() => expect(server.called('GET /api/cart/app')).toHaveLength(2));
    expect(await setCartCount(1, 2)).toEqual({ ok: true }); // … is on "+"
    answerLoad();
    await loadCart(); // the reload still under way: done once its late answer is handled
    expect(readCart().items[0]!.count).toBe(2);
  });

  it('removing a line already removed in the other browser is done: no error, the cart as the server has it', async () => {
    memberServer([cartItem({ id: 1 }), cartItem({ id: 2 })]);
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().items).toHaveLength(2));
    await fetch('/api/cart/2', { method: 'DELETE' }); // the other browser
    const { removeCartLine } = await import('../src/state/cart/cart-actions.ts');
    await expect(removeCartLine(2)).resolves.toBeUndefined();
    expect(readCart().items.map((i) => i.id)).toEqual([1]);
  });

  it('the window used next to another reloads the cart when it gets the focus', async () => {
    memberServer([cartItem({ id: 1 })]);
    useSession.getState().login(loginResult());
    await waitFor(() => expect(readCart().items).toHaveLength(1));
    const other = memberServer([cartItem({ id: 3 }), cartItem({ id: 1 })]);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(readCart().items.map((i) => i.id)).toEqual([3, 1]));
    expect(other.called('GET /api/cart/app')).toHaveLength(1);
  });
});

describe("a guest's lines brought up to date", () => {
  // Added when SKU 72 (Merino Crew Top, Navy / M) cost 30 with no limit; the good 9 is no longer sold.
  const stale = [
    cartItem({ id: 72, goodsId: 7, name: 'Merino Crew Top', price: 30, count: 2, stock: 50, checked: false }),
    cartItem({ id: 91, goodsId: 9, name: 'Old Jam', price: 4, count: 1, stock: 8 }),
    cartItem({ id: 81, goodsId: 8, name: 'Far Honey', price: 12, count: 1, stock: 6 }),
  ];
  const merinoNow = {
    skuId: 72,
    goodsId: 7,
    skuCode: 'KM000007-2',
    name: 'Merino Crew Top',
    skuLabel: 'Navy / M',
    price: 22,
    originalPrice: null,
    maxCount: 2,
    stock: 12,
    thumbUrl: '/uploads/goods/7-navy.svg',
    self: false,
    supplierId: 2,
    supplierCode: 'KFF',
    supplierName: 'Kiwi Fresh Foods',
    available: true,
  };
  // SKU 91 no longer exists; 81's good is no longer sold.
  const shop = (over: Record<string, Handler> = {}) =>
    stubAccountApi({
      [`POST ${SKU_LINES_PATH}`]: {
        data: [
          merinoNow,
          { ...merinoNow, skuId: 81, goodsId: 8, name: 'Far Honey', available: false, stock: 0 },
        ],
      },
      ...over,
    });

  it('reads every line in one call: the price, stock and limit sold now, count and check kept, a SKU no longer sold with stock 0', async () => {
    guestCart(stale);
    const api = shop();
    await refreshGuestLines();
    const [merino, jam, honey] = readCart().items;
    expect(merino).toMatchObject({
      price: 22,
      stock: 12,
      maxCount: 2,
      skuLabel: 'Navy / M',
      skuCode: 'KM000007-2',
      count: 2,
      checked: false,
    });
    expect(jam).toMatchObject({ name: 'Old Jam', count: 1, stock: 0 });
    expect(honey).toMatchObject({ name: 'Far Honey', price: 12, count: 1, stock: 0 });
    expect(readStored(STORAGE_KEYS.cart)).toEqual(readCart().items);
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([['POST', SKU_LINES_PATH]]);
    expect(api.calls[0]!.body).toEqual({ skuIds: [72, 91, 81] });
    // At most once a minute.
    await refreshGuestLines();
    expect(api.calls).toHaveLength(1);
  });

  it('keeps the lines as they were when the call fails', async () => {
    guestCart(stale);
    shop({ [`POST ${SKU_LINES_PATH}`]: { status: 503, message: 'Service unavailable' } });
    await refreshGuestLines();
    expect(readCart().items).toEqual(stale);
  });

  it('writes nothing once the guest has signed in meanwhile: the lines are the server’s to price', async () => {
    guestCart(stale);
    let answer: ((reply: Reply) => void) | null = null;
    shop({
      [`POST ${SKU_LINES_PATH}`]: () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    const refreshing = refreshGuestLines();
    await waitFor(() => expect(answer).not.toBeNull());
    useCartStore.setState({ owner: 'member' });
    answer!({ data: [merinoNow] });
    await refreshing;
    expect(readStored(STORAGE_KEYS.cart)).toEqual(stale);
  });
});
