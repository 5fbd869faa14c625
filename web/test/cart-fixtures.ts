import type { CartItem } from '@mall/shared/contract/cart';
import { STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { connectCart } from '../src/state/cart/cart-events.ts';
import { forgetGuestRefresh, initialCartState, useCartStore } from '../src/state/cart/cart-store.ts';
import { useSession } from '../src/state/session-store.ts';
import { type Handler, type Reply, stubAccountApi } from './account-api-stub.ts';

// As main.tsx does: the cart follows the session (a sign-in loads and syncs it).
connectCart();

/** A cart line; Kiwi Fresh Foods (supplier 2) unless told otherwise. */
export const cartItem = (over: Partial<CartItem> & { id: number }): CartItem => ({
  skuId: over.id,
  goodsId: over.id * 10,
  skuCode: `KM${String(over.id * 10).padStart(6, '0')}-1`,
  name: `Good ${over.id}`,
  skuLabel: '',
  price: 10,
  originalPrice: null,
  count: 1,
  maxCount: null,
  stock: 50,
  checked: true,
  thumbUrl: `/uploads/goods/${over.id}.svg`,
  self: false,
  supplierId: 2,
  supplierCode: 'KFF',
  supplierName: 'Kiwi Fresh Foods',
  ...over,
});

/** Local SPY: the shop's own supplier. */
export const spyItem = (over: Partial<CartItem> & { id: number }): CartItem =>
  cartItem({ supplierId: 1, supplierCode: 'SPY', supplierName: 'Local SPY', self: true, ...over });

/** Signed out, empty cart, nothing stored. */
export const resetCart = () => {
  localStorage.clear();
  forgetGuestRefresh();
  useSession.setState({ token: null, refreshToken: null, member: null });
  useCartStore.setState(initialCartState());
};

/** A guest whose local cart holds `items`. */
export const guestCart = (items: CartItem[]) => {
  resetCart();
  writeStored(STORAGE_KEYS.cart, items);
  useCartStore.setState({ items });
};

/**
 * A member's server cart: every cart call (docs/calls.md: cart) on an in-memory list, answering
 * with the whole cart. `override` replaces a call ("METHOD /path") with a fixed reply.
 */
const LINE_NOT_FOUND = 'id: This item is not in your shopping cart.';

export const memberServer = (initial: CartItem[], override: Record<string, Handler> = {}) => {
  let items = [...initial];
  const cart = (): Reply => ({ data: items });
  const api = stubAccountApi({
    'GET /api/cart/app': () => cart(),
    'PUT /api/cart/count': (c) => {
      const { id, count } = c.body as { id: number; count: number };
      items = items.map((i) => (i.id === id ? { ...i, count } : i));
      return cart();
    },
    'PUT /api/cart/check': (c) => {
      const { id, checked } = c.body as { id: number | number[]; checked: boolean };
      const ids = Array.isArray(id) ? id : [id];
      items = items.map((i) => (ids.includes(i.id) ? { ...i, checked } : i));
      return cart();
    },
    'DELETE /api/cart': () => {
      items = [];
      return cart();
    },
    ...Object.fromEntries(
      items.map((i) => [
        `DELETE /api/cart/${i.id}`,
        (): Reply => {
          // As the server: a line no longer there is 404.
          if (!items.some((x) => x.id === i.id)) return { status: 404, message: LINE_NOT_FOUND };
          items = items.filter((x) => x.id !== i.id);
          return cart();
        },
      ]),
    ),
    ...override,
  });
  return { ...api, items: () => items };
};

/** Signs a member in (the cart loads from the stubbed server). */
export const signIn = () => useSession.setState({ token: 'access', refreshToken: 'refresh' });
