import {
  type CartRefusal,
  LIMIT_MESSAGE,
  MIX_MESSAGE,
  mergeAdd,
  refuseAdd,
  refuseCount,
} from '@mall/shared/cart-rules';
import { ApiError, api } from '../../api/client.ts';
import type { NewCartLine } from './cart-line.ts';
import {
  applyServerAnswer,
  CART_UPDATED,
  currentGuestItems,
  lineGoneOr,
  memberCartReady,
  setGuestItems,
  useCartStore,
} from './cart-store.ts';

/** What an add or a count change came to: done, refused by a rule, or failed on the way. */
export type CartOutcome =
  | { ok: true }
  | { ok: false; refusal: CartRefusal | { rule: 'error'; message: string } };

/** The server refuses with the shared messages (409); they map back to their rule. */
const refusalOf = (err: unknown): CartOutcome => {
  const message = err instanceof Error ? err.message : 'The cart could not be changed. Please try again.';
  if (message === MIX_MESSAGE) return { ok: false, refusal: { rule: 'mix', message } };
  if (message === LIMIT_MESSAGE) return { ok: false, refusal: { rule: 'limit', message } };
  if (err instanceof ApiError && err.status === 409)
    return { ok: false, refusal: { rule: 'stock', message } };
  return { ok: false, refusal: { rule: 'error', message } };
};

/**
 * Spec sections 4 and 5, cart add: the rules are checked here first (mixing, limit, stock on
 * the merged count); a guest's line merges into local storage, a member's goes to the server,
 * which checks again and answers with the cart.
 */
export const addToCart = async (line: NewCartLine, count: number): Promise<CartOutcome> => {
  const { owner } = useCartStore.getState();
  if (owner === 'member') {
    try {
      await memberCartReady();
    } catch (err) {
      return refusalOf(err);
    }
  }
  const items = owner === 'guest' ? currentGuestItems() : useCartStore.getState().items;
  const refusal = refuseAdd(items, { ...line, count }, count);
  if (refusal) return { ok: false, refusal };
  if (owner === 'guest') {
    setGuestItems(mergeAdd(items, { ...line, id: line.skuId, count, checked: true }));
    return { ok: true };
  }
  try {
    await applyServerAnswer(() =>
      api.post<unknown>('/api/cart/app/add', { skuId: line.skuId, count }, { toast: false }),
    );
    return { ok: true };
  } catch (err) {
    return refusalOf(err);
  }
};

/** Cart update, count: bounded below by 1, above by the stock and the purchase limit. */
export const setCartCount = async (id: number, count: number): Promise<CartOutcome> => {
  const { owner } = useCartStore.getState();
  if (owner === 'member') {
    try {
      if (!(await memberCartReady())) throw new Error(CART_UPDATED);
    } catch (err) {
      return refusalOf(err);
    }
  }
  const items = owner === 'guest' ? currentGuestItems() : useCartStore.getState().items;
  const line = items.find((i) => i.id === id);
  if (!line || count === line.count) return { ok: true };
  if (!Number.isInteger(count) || count < 1)
    return { ok: false, refusal: { rule: 'error', message: 'The quantity must be at least 1' } };
  const refusal = refuseCount(line, count);
  if (refusal) return { ok: false, refusal };
  const next = items.map((i) => (i.id === id ? { ...i, count } : i));
  if (owner === 'guest') {
    setGuestItems(next);
    return { ok: true };
  }
  useCartStore.setState({ items: next });
  try {
    await applyServerAnswer(() => api.put<unknown>('/api/cart/count', { id, count }, { toast: false }));
    return { ok: true };
  } catch (err) {
    useCartStore.setState({ items });
    return refusalOf(lineGoneOr(err));
  }
};
