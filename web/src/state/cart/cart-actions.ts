import {
  type CartRefusal,
  CartRulesView,
  mergeAdd,
  mostAccepted,
  refuseAdd,
  refuseCount,
} from '@mall/shared/cart-rules';
import type { CartItem, CartMergeResult } from '@mall/shared/contract/cart';
import type { RefusalReason } from '@mall/shared/reasons';
import { ApiError, api } from '../../api/client.ts';
import type { NewCartLine } from './cart-line.ts';
import { type CartProblem, currentGuestItems, isMember, setGuestItems } from './cart-store.ts';
import {
  applyServerAnswer,
  isLineGone,
  lineGoneOr,
  linesReady,
  memberCartItems,
  memberCartReady,
  reloadCart,
  showChangeAtOnce,
} from './member-cart.ts';

/** What an add or a count change came to: done, refused by a rule, or failed on the way. */
export type CartOutcome =
  | { ok: true }
  | { ok: false; refusal: CartRefusal | { rule: 'error'; message: string } };

/** The rule of each cart refusal's reason (@mall/shared/reasons). */
const RULE_OF_REASON: Partial<Record<RefusalReason, CartRefusal['rule']>> = {
  'cart.mixing': 'mix',
  'cart.purchase_limit': 'limit',
  'cart.stock': 'stock',
  'cart.lines': 'lines',
};

/** The server refuses by a cart rule with its reason (409); the reason maps back to the rule. */
const refusalOf = (err: unknown): CartOutcome => {
  const message = err instanceof Error ? err.message : 'The cart could not be changed. Please try again.';
  const rule = err instanceof ApiError && err.reason ? RULE_OF_REASON[err.reason] : undefined;
  if (rule) return { ok: false, refusal: { rule, message } };
  if (err instanceof ApiError && err.status === 409)
    return { ok: false, refusal: { rule: 'stock', message } };
  return { ok: false, refusal: { rule: 'error', message } };
};

/** A member's lines as the server last answered (memberCartReady has made sure there is an answer). */
const memberItems = () => memberCartItems() ?? [];

/**
 * docs/cart.md, adding: the rules are checked here first (mixing, limit, stock on
 * the merged count); a guest's line merges into local storage, a member's goes to the server,
 * which checks again and answers with the cart (shown only then: it may refuse).
 */
export const addToCart = async (line: NewCartLine, count: number): Promise<CartOutcome> => {
  const member = isMember();
  if (member) {
    try {
      await memberCartReady();
    } catch (err) {
      return refusalOf(err);
    }
  }
  const items = member ? memberItems() : currentGuestItems();
  const refusal = refuseAdd(items, { ...line, count }, count);
  if (refusal) return { ok: false, refusal };
  if (!member) {
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

/** Cart update, count: bounded below by 1, above by the stock and the purchase limit (shown at once, undone if refused). */
export const setCartCount = async (id: number, count: number): Promise<CartOutcome> => {
  const member = isMember();
  if (member) {
    try {
      await linesReady();
    } catch (err) {
      return refusalOf(err);
    }
  }
  const items = member ? memberItems() : currentGuestItems();
  const line = items.find((i) => i.id === id);
  if (!line || count === line.count) return { ok: true };
  if (!Number.isInteger(count) || count < 1)
    return { ok: false, refusal: { rule: 'error', message: 'The quantity must be at least 1' } };
  const refusal = refuseCount(line, count);
  if (refusal) return { ok: false, refusal };
  const next = items.map((i) => (i.id === id ? { ...i, count } : i));
  if (!member) {
    setGuestItems(next);
    return { ok: true };
  }
  const undo = showChangeAtOnce(items, next);
  try {
    await applyServerAnswer(() => api.put<unknown>('/api/cart/count', { id, count }, { toast: false }));
    return { ok: true };
  } catch (err) {
    undo();
    return refusalOf(lineGoneOr(err));
  }
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
  const before = memberItems();
  const undo = showChangeAtOnce(
    before,
    before.map((i) => (list.includes(i.id) ? { ...i, checked } : i)),
  );
  try {
    await applyServerAnswer(() =>
      api.put<unknown>(
        '/api/cart/check',
        { id: typeof ids === 'number' ? ids : list, checked },
        { toast: false },
      ),
    );
  } catch (err) {
    undo();
    throw lineGoneOr(err);
  }
};

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
    if (isLineGone(err)) await reloadCart();
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

/** What one add of many lines came to: how many lines went in (whole or in part), and each that did not go in whole. */
export interface ManyAdded {
  added: number;
  problems: CartProblem[];
}

/**
 * Adds many lines at once (order import: docs/order-import.md), the first of `lines` ending on
 * top. A member's go through the cart's batch add, where the server applies every rule again
 * and answers the whole cart (the mini cart shows it); a guest's merge into the local cart with
 * the same rules, line by line, as far as the limit and the stock allow.
 */
export const addManyToCart = async (
  lines: readonly { line: NewCartLine; count: number }[],
): Promise<ManyAdded> => {
  const problems: CartProblem[] = [];
  if (isMember()) {
    await memberCartReady();
    let result: CartMergeResult | null = null;
    await applyServerAnswer(async () => {
      result = await api.post<CartMergeResult>(
        '/api/cart/batch/add',
        lines.map((l) => ({ skuId: l.line.skuId, count: l.count })),
        { toast: false },
      );
      return result.items;
    });
    const merged = result as CartMergeResult | null;
    problems.push(...(merged?.problems ?? []));
  } else {
    const items = currentGuestItems();
    const view = new CartRulesView(items);
    const added = new Map<number, number>();
    const fresh: CartItem[] = [];
    for (const { line, count } of [...lines].reverse()) {
      const { added: n, message } = mostAccepted(view, { ...line, count }, count);
      if (message !== null) {
        problems.unshift({ skuId: line.skuId, name: line.name, requested: count, added: n, message });
      }
      if (n === 0) continue;
      view.add({ ...line, count: n });
      if (!added.has(line.skuId) && !items.some((i) => i.skuId === line.skuId)) {
        fresh.unshift({ ...line, id: line.skuId, count: 0, checked: true });
      }
      added.set(line.skuId, (added.get(line.skuId) ?? 0) + n);
    }
    const withCounts = (i: CartItem) => ({ ...i, count: i.count + (added.get(i.skuId) ?? 0) });
    setGuestItems([...fresh.map(withCounts), ...items.map(withCounts)]);
  }
  const refused = new Set(problems.filter((p) => p.added === 0).map((p) => p.skuId));
  return { added: lines.filter((l) => !refused.has(l.line.skuId)).length, problems };
};
