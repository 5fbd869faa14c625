// Types only from the contract, and no cart rules here: the header (every page's first download)
// imports this store, and the rules pull in decimal arithmetic (cart-actions.ts applies them).
import type { CartItem, CartLineInput, CartMergeResult } from '@mall/shared/contract/cart';
import type { GoodsDetail } from '@mall/shared/contract/catalogue';
import { create } from 'zustand';
import { ApiError, api } from '../../api/client.ts';
import { useSession } from '../../features/session/session-store.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../lib/storage.ts';
import { cartLineOf } from './cart-line.ts';

export const CART_PATH = '/pages/cart/index';
export const CART_ADD_SUCCESS_PATH = '/pages/cart/add-success';

export type CartProblem = CartMergeResult['problems'][number];

/**
 * Spec section 4: a member's cart lives on the server (the server's answer replaces the view
 * here); a guest's cart lives in local storage (STORAGE_KEYS.cart) with what a line needs to be
 * shown, captured when it was added. A guest line's `id` is its SKU id (counts of a SKU merge).
 */
export interface CartState {
  owner: 'guest' | 'member';
  items: CartItem[];
  /** 'loading' until a member's cart first arrives; 'error' when it could not be loaded or synced. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** What could not go into the member's cart when the guest cart was synced at login. */
  problems: CartProblem[];
}

/** Spec section 4, initialisation: a guest starts from local storage; a member loads from the server. */
export const initialCartState = (): CartState => {
  const member = useSession.getState().token !== null;
  return {
    owner: member ? 'member' : 'guest',
    items: member ? [] : readLocalLines(),
    status: member ? 'idle' : 'ready',
    problems: [],
  };
};

/** The guest lines kept in local storage (corrupt or foreign entries read as none). */
export const readLocalLines = (): CartItem[] => {
  const stored = readStored<unknown>(STORAGE_KEYS.cart);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (l): l is CartItem =>
      typeof l === 'object' &&
      l !== null &&
      Number.isInteger((l as CartItem).skuId) &&
      Number.isInteger((l as CartItem).count) &&
      (l as CartItem).count > 0,
  );
};

export const useCartStore = create<CartState>()(() => initialCartState());

const isMember = () => useCartStore.getState().owner === 'member';

/** Guest changes are written through to local storage (and survive reloads). */
export const setGuestItems = (items: CartItem[]) => {
  if (items.length === 0) removeStored(STORAGE_KEYS.cart);
  else writeStored(STORAGE_KEYS.cart, items);
  useCartStore.setState({ items });
};

/**
 * A guest's lines as they stand: local storage is the truth, since another tab may have changed
 * it since this one last looked (a change made here on a stale copy would drop that tab's items).
 */
export const currentGuestItems = (): CartItem[] => {
  const items = readLocalLines();
  useCartStore.setState({ items });
  return items;
};

// Another tab changed the guest cart (or cleared storage): show it here too. A member coming
// back to this tab or window sees the cart as the server has it now (it may have changed in
// another browser); two windows side by side are never hidden, but the one used gets the focus.
if (typeof window !== 'undefined') {
  const refreshCart = () => {
    if (!isMember()) void refreshGuestLines();
    else if (useCartStore.getState().status === 'ready') void loadCart();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshCart();
  });
  window.addEventListener('focus', refreshCart);
  window.addEventListener('storage', (e) => {
    if (e.key !== null && !e.key.endsWith(`:${STORAGE_KEYS.cart}`)) return;
    if (useCartStore.getState().owner === 'guest') useCartStore.setState({ items: readLocalLines() });
  });
}

/** The server's answer replaces the member's view. */
export const setMemberItems = (items: CartItem[]) => useCartStore.setState({ items, status: 'ready' });

const serverCart = () => api.get<CartItem[]>('/api/cart/app', { toast: false });

let callsMade = 0;
let latestShown = 0;

/**
 * Makes a call that answers with the member's cart (or else loads it) and shows the answer, unless
 * the answer to a call made later is already shown: a reload on focus must not overtake the
 * change the same click made, and put its count back.
 */
export const applyServerAnswer = async (call: () => Promise<unknown>): Promise<void> => {
  const made = ++callsMade;
  const answer = await call();
  const items = Array.isArray(answer) ? (answer as CartItem[]) : await serverCart();
  if (made < latestShown) return;
  latestShown = made;
  setMemberItems(items);
};

let loading: Promise<void> | null = null;

/** Loads a member's cart (once at a time); a guest's is already in memory. */
export const loadCart = (): Promise<void> => {
  if (!isMember()) return Promise.resolve();
  if (loading) return loading;
  if (useCartStore.getState().status !== 'ready') useCartStore.setState({ status: 'loading' });
  // Lines a guest left before a sync that failed go up first: nothing is dropped.
  const run = readLocalLines().length > 0 ? syncLocalCart() : applyServerAnswer(serverCart);
  loading = run
    .catch(() => {
      if (isMember()) useCartStore.setState({ status: 'error' });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
};

/** Starts the member's load once (the header does it on every page); a guest's lines are brought up to date. */
export const ensureCartLoaded = () => {
  if (!isMember()) void refreshGuestLines();
  else if (useCartStore.getState().status === 'idle') void loadCart();
};

const GUEST_REFRESH_MS = 60_000;
const GUEST_REFRESH_PARALLEL = 4;
let guestRefreshedAt = Number.NEGATIVE_INFINITY;
let guestRefresh: Promise<void> | null = null;

/** A good's detail as the goods page reads it; null when the shop no longer sells it, undefined when it could not be had. */
const goodsNow = async (goodsId: number): Promise<GoodsDetail | null | undefined> => {
  try {
    return await api.get<GoodsDetail>(`/api/sale/good/detail/${goodsId}`, { toast: false });
  } catch (err) {
    return err instanceof ApiError && err.status === 404 ? null : undefined;
  }
};

/**
 * A guest's lines keep what was shown when they were added; price, stock and limit may have
 * changed since. This reads each good again with the goods page's own call (at most once a
 * minute) and shows the lines as the shop sells them now: a good no longer sold stays in the
 * cart with stock 0, as in a member's cart, never dropped. Counts and checks are the guest's.
 */
export const refreshGuestLines = (now = Date.now()): Promise<void> => {
  if (guestRefresh) return guestRefresh;
  if (now - guestRefreshedAt < GUEST_REFRESH_MS) return Promise.resolve();
  const goodsIds = [...new Set(readLocalLines().map((i) => i.goodsId))];
  if (goodsIds.length === 0) return Promise.resolve();
  guestRefreshedAt = now;
  const run = async () => {
    const found = new Map<number, GoodsDetail | null | undefined>();
    for (let i = 0; i < goodsIds.length; i += GUEST_REFRESH_PARALLEL) {
      const batch = goodsIds.slice(i, i + GUEST_REFRESH_PARALLEL);
      const details = await Promise.all(batch.map(goodsNow));
      for (const [k, id] of batch.entries()) found.set(id, details[k]);
    }
    // Signed in meanwhile: the lines went to the server, which prices them itself.
    if (isMember()) return;
    const lines = currentGuestItems();
    const next = lines.map((line) => {
      const goods = found.get(line.goodsId);
      if (goods === undefined) return line;
      const sku = goods?.skus.find((s) => s.id === line.skuId);
      return goods && sku ? { ...line, ...cartLineOf(goods, sku) } : { ...line, stock: 0 };
    });
    if (JSON.stringify(next) !== JSON.stringify(lines)) setGuestItems(next);
  };
  guestRefresh = run().finally(() => {
    guestRefresh = null;
  });
  return guestRefresh;
};

/** For tests: the next refresh runs whenever it is asked for. */
export const forgetGuestRefresh = () => {
  guestRefreshedAt = Number.NEGATIVE_INFINITY;
};

/**
 * Spec section 4, sync: pushes the local cart to the server, takes the merged cart it answers
 * and keeps each line that could not go in whole as a problem for the member to read; only then
 * are the local lines removed. A failed sync keeps them for the next try.
 */
export const syncLocalCart = async (): Promise<void> => {
  const lines = readLocalLines();
  if (lines.length === 0) {
    await applyServerAnswer(serverCart);
    return;
  }
  // While the sync runs, the member keeps seeing what they picked.
  useCartStore.setState({ items: lines, status: 'loading' });
  const body: CartLineInput[] = lines.map((l) => ({ skuId: l.skuId, count: l.count, checked: l.checked }));
  const result = await api.post<CartMergeResult>('/api/cart/sync', body);
  removeStored(STORAGE_KEYS.cart);
  useCartStore.setState({ items: result.items, status: 'ready', problems: result.problems });
};

export const CART_NOT_READY = 'Your cart could not be loaded. Please try again.';

/**
 * A member's change needs the server's cart in view (not lines still waiting to sync): load it
 * first if need be, and refuse when it cannot be had.
 */
export const memberCartReady = async (): Promise<boolean> => {
  if (useCartStore.getState().status === 'ready') return true;
  await loadCart();
  if (useCartStore.getState().status !== 'ready') throw new Error(CART_NOT_READY);
  return false;
};

export const CART_UPDATED = 'Your cart has just been updated. Please check it and try again.';

/** For a change naming lines by id: ids read before the server's cart arrived are not its ids. */
const linesReady = async () => {
  if (!(await memberCartReady())) throw new Error(CART_UPDATED);
};

export const LINE_GONE = 'This item is no longer in your shopping cart. Your cart now shows what it holds.';

/** The server answers 404 to a change naming a line the member's cart no longer holds. */
const isLineGone = (err: unknown) => err instanceof ApiError && err.status === 404;

/**
 * A change to a line the server no longer has (removed in another browser, say) answers 404: the
 * view was stale, so the cart is loaded afresh and the member told so in words, not the field name.
 */
export const lineGoneOr = (err: unknown): unknown => {
  if (!isLineGone(err)) return err;
  void loadCart();
  return new Error(LINE_GONE);
};

export const dismissCartProblems = () => useCartStore.setState({ problems: [] });

/** Removes one line; rejects (nothing changed) when the server refuses. */
export const removeCartLine = async (id: number): Promise<void> => {
  if (!isMember()) {
    setGuestItems(currentGuestItems().filter((i) => i.id !== id));
    return;
  }
  await linesReady();
  try {
    await applyServerAnswer(() => api.delete<unknown>(`/api/cart/${id}`, { toast: false }));
  } catch (err) {
    // Already removed (in another browser): what was asked for is so; show the cart as it is.
    if (isLineGone(err)) await loadCart();
    else throw err;
  }
};

/** Empties the cart. */
export const clearCart = async (): Promise<void> => {
  if (!isMember()) {
    setGuestItems([]);
    return;
  }
  await linesReady();
  await applyServerAnswer(() => api.delete<unknown>('/api/cart', { toast: false }));
};

/** Checks or unchecks one line, a supplier group or all (shown at once, undone if the server refuses). */
export const setCartChecked = async (ids: number | readonly number[], checked: boolean): Promise<void> => {
  const list = typeof ids === 'number' ? [ids] : [...ids];
  if (list.length === 0) return;
  if (!isMember()) {
    setGuestItems(currentGuestItems().map((i) => (list.includes(i.id) ? { ...i, checked } : i)));
    return;
  }
  await linesReady();
  const before = useCartStore.getState().items;
  const next = before.map((i) => (list.includes(i.id) ? { ...i, checked } : i));
  useCartStore.setState({ items: next });
  try {
    await applyServerAnswer(() =>
      api.put<unknown>(
        '/api/cart/check',
        { id: typeof ids === 'number' ? ids : list, checked },
        { toast: false },
      ),
    );
  } catch (err) {
    useCartStore.setState({ items: before });
    throw lineGoneOr(err);
  }
};

/**
 * Login and register (every form goes through the session's login): the guest cart syncs to the
 * member's. Logout and an expired session: the cart leaves memory too (the session removes the
 * stored lines).
 */
useSession.subscribe((state, previous) => {
  if (state.token !== null && previous.token === null) {
    useCartStore.setState({ owner: 'member', status: 'loading', problems: [] });
    loading = null;
    void loadCart();
  } else if (state.token === null && previous.token !== null) {
    loading = null;
    useCartStore.setState({ owner: 'guest', items: readLocalLines(), status: 'ready', problems: [] });
  }
});

/** Spec section 2: the mini cart counts the checked items' quantity (cartTotals(items).count). */
export const checkedQuantity = (items: readonly Pick<CartItem, 'count' | 'checked'>[]): number =>
  items.reduce((n, i) => (i.checked ? n + i.count : n), 0);

/** The added-to-cart page for `count` of a SKU (the line is read back from the cart). */
export const cartAddSuccessUrl = (skuId: number, count: number) =>
  `${CART_ADD_SUCCESS_PATH}?skuId=${skuId}&count=${count}`;
