// Types only from the contract, and no cart rules here: the header (every page's first download)
// imports this store, and the rules pull in decimal arithmetic (cart-actions.ts applies them).
import { SKU_LINES_PATH } from '@mall/shared/constants';
import type { CartItem, CartMergeResult, SkuLine } from '@mall/shared/contract/cart';
import { create } from 'zustand';
import { api } from '../../api/client.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../lib/storage.ts';

export type CartProblem = CartMergeResult['problems'][number];

/**
 * docs/cart.md: a guest's cart lives in local storage (STORAGE_KEYS.cart) with what a line needs
 * to be shown, captured when it was added; a guest line's `id` is its SKU id (counts of a SKU
 * merge). A member's cart is server state, kept in the query cache (member-cart.ts), not here.
 */
export interface CartState {
  owner: 'guest' | 'member';
  /**
   * This browser's own lines: a guest's cart; once signed in, the lines waiting for the login
   * sync (shown until the member's cart arrives, and kept when the sync fails).
   */
  items: CartItem[];
  /** What could not go into the member's cart when the guest cart was synced at login. */
  problems: CartProblem[];
}

/**
 * docs/cart.md, initialisation: the lines in local storage; a guest's until the session says
 * someone is signed in (cart-events.ts), whose cart then loads from the server.
 */
export const initialCartState = (owner: CartState['owner'] = 'guest'): CartState => ({
  owner,
  items: readLocalLines(),
  problems: [],
});

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

export const isMember = () => useCartStore.getState().owner === 'member';

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

/**
 * The login sync took the local lines: they leave local storage (the member's cart now holds
 * them), and what could not go in whole is kept for the member to read.
 */
export const localLinesSynced = (problems: CartProblem[]) => {
  removeStored(STORAGE_KEYS.cart);
  useCartStore.setState({ problems });
};

export const dismissCartProblems = () => useCartStore.setState({ problems: [] });

const GUEST_REFRESH_MS = 60_000;
let guestRefreshedAt = Number.NEGATIVE_INFINITY;
let guestRefresh: Promise<void> | null = null;

/** What the shop sells of these SKUs now, by SKU id; undefined when it could not be had. */
const skuLinesNow = async (skuIds: number[]): Promise<Map<number, SkuLine> | undefined> => {
  try {
    const lines = await api.post<SkuLine[]>(SKU_LINES_PATH, { skuIds }, { toast: false });
    return new Map(lines.map((l) => [l.skuId, l]));
  } catch {
    return undefined;
  }
};

/**
 * A guest's lines keep what was shown when they were added; price, stock and limit may have
 * changed since. This reads every line's SKU again in one call (at most once a minute, however
 * many lines: docs/cart.md) and shows the lines as the shop sells them now: a SKU no longer sold
 * stays in the cart with stock 0, as in a member's cart, never dropped. Counts and checks are the
 * guest's.
 */
export const refreshGuestLines = (now = Date.now()): Promise<void> => {
  if (guestRefresh) return guestRefresh;
  if (now - guestRefreshedAt < GUEST_REFRESH_MS) return Promise.resolve();
  const skuIds = [...new Set(readLocalLines().map((i) => i.skuId))];
  if (skuIds.length === 0) return Promise.resolve();
  guestRefreshedAt = now;
  const run = async () => {
    const found = await skuLinesNow(skuIds);
    // Not had (offline), or signed in meanwhile: the lines went to the server, which prices them itself.
    if (!found || isMember()) return;
    const lines = currentGuestItems();
    const next = lines.map((line) => {
      const sku = found.get(line.skuId);
      if (!sku?.available) return { ...line, stock: 0 };
      const { available: _, ...shown } = sku;
      return { ...line, ...shown };
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

/** docs/cart.md, mini cart: it counts the checked items' quantity (cartTotals(items).count). */
export const checkedQuantity = (items: readonly Pick<CartItem, 'count' | 'checked'>[]): number =>
  items.reduce((n, i) => (i.checked ? n + i.count : n), 0);
