import { LIMIT_MESSAGE, LINES_MESSAGE, MIX_MESSAGE, stockMessage } from './cart-messages.ts';
import { CART_LINES_MAX } from './constants.ts';
import { plus, round, times } from './money.ts';

export {
  EMPTY_CART_MESSAGE,
  LIMIT_MESSAGE,
  LINES_MESSAGE,
  MIX_GO_TO_CART,
  MIX_MESSAGE,
  MIX_SEE_OTHERS,
  stockMessage,
} from './cart-messages.ts';

/**
 * The cart rules (docs/cart.md), applied by the web app before it calls the server and
 * again by the server, which never trusts the browser. Plain functions over plain data, so the
 * header (mini cart) can use them without a validator.
 */

/** What the rules need to know of a cart line or of the item being added. */
export interface CartRuleItem {
  skuId: number;
  count: number;
  /** Purchase limit per order; null when there is none. */
  maxCount: number | null;
  stock: number;
  /** From the shop's own supplier (Local SPY). */
  self: boolean;
  supplierId: number;
}

export type CartRefusal =
  | { rule: 'limit'; message: string }
  | { rule: 'stock'; message: string }
  | { rule: 'mix'; message: string }
  | { rule: 'lines'; message: string };

/** Purchase limit: existing plus added above maxCount is refused. */
export const exceedsLimit = (existing: number, added: number, maxCount: number | null): boolean =>
  maxCount !== null && existing + added > maxCount;

/**
 * Mixing rule when adding (docs/cart.md: adding): refused if the cart holds own-supplier goods and the
 * new item's supplier differs from the first cart item's, or if the cart holds other goods and
 * the new item is own-supplier.
 */
export const mixConflict = (
  cart: readonly Pick<CartRuleItem, 'self' | 'supplierId'>[],
  item: Pick<CartRuleItem, 'self' | 'supplierId'>,
): boolean => {
  if (cart.length === 0) return false;
  const holdsOwn = cart.some((c) => c.self);
  const holdsOther = cart.some((c) => !c.self);
  if (holdsOwn && item.supplierId !== cart[0]!.supplierId) return true;
  return holdsOther && item.self;
};

/**
 * Mixing rule when choosing a supplier in the top nav with a non-empty cart: triggered if the cart
 * holds own items and another supplier is chosen, or holds other items and the own one is chosen.
 * `chosen` null is "all suppliers", which never conflicts.
 */
export const supplierChoiceConflict = (
  cart: readonly Pick<CartRuleItem, 'self' | 'supplierId'>[],
  chosen: { id: number; self: boolean } | null,
): boolean => {
  if (cart.length === 0 || chosen === null) return false;
  if (cart.some((c) => c.self && c.supplierId !== chosen.id)) return true;
  return chosen.self && cart.some((c) => !c.self);
};

/**
 * Whether `count` more of `item` may go into `cart`: the first rule broken, or null. Counts of
 * the same SKU merge, so the limit and the stock apply to the merged count. A new SKU needs room
 * for a line (CART_LINES_MAX); `lines` is the cart's line count when `cart` stands for a larger
 * cart (the server's merge passes only the lines the rules look at).
 */
export const refuseAdd = (
  cart: readonly CartRuleItem[],
  item: CartRuleItem,
  count: number,
  lines = cart.length,
): CartRefusal | null => {
  const existing = cart.find((c) => c.skuId === item.skuId)?.count ?? 0;
  if (existing === 0 && mixConflict(cart, item)) return { rule: 'mix', message: MIX_MESSAGE };
  if (existing === 0 && lines >= CART_LINES_MAX) return { rule: 'lines', message: LINES_MESSAGE };
  if (exceedsLimit(existing, count, item.maxCount)) return { rule: 'limit', message: LIMIT_MESSAGE };
  if (existing + count > item.stock) return { rule: 'stock', message: stockMessage(item.stock) };
  return null;
};

/**
 * A cart as `refuseAdd` sees it, for adding many lines in turn (a login sync, an order import):
 * the rules read the line of the SKU added, the first line's supplier, whether any line is Local
 * SPY's or another's, and how many lines there are. `linesFor` answers just those lines (at most
 * four), so adding 10,000 lines costs 10,000 small checks, not 10,000 passes over the whole cart.
 * `cart` is newest first, as a cart is shown.
 */
export class CartRulesView {
  private readonly bySku = new Map<number, CartRuleItem>();
  private first: CartRuleItem | null = null;
  private own: CartRuleItem | null = null;
  private other: CartRuleItem | null = null;

  constructor(cart: readonly CartRuleItem[]) {
    for (let i = cart.length - 1; i >= 0; i--) this.add(cart[i]!);
  }

  get size(): number {
    return this.bySku.size;
  }

  /** `item` merged in (counts add up) or, for a new SKU, on top (`mergeAdd`). */
  add(item: CartRuleItem): void {
    const known = this.bySku.get(item.skuId);
    if (known) {
      known.count += item.count;
      return;
    }
    const line = { ...item };
    this.bySku.set(item.skuId, line);
    this.first = line;
    if (item.self) this.own ??= line;
    else this.other ??= line;
  }

  /** The lines the rules look at when `skuId` is added. */
  linesFor(skuId: number): CartRuleItem[] {
    const lines = [this.first, this.own, this.other, this.bySku.get(skuId)];
    return lines.filter((l, i): l is CartRuleItem => l !== null && l !== undefined && lines.indexOf(l) === i);
  }
}

/**
 * The largest n <= `wanted` of `item` that `refuseAdd` accepts on `cart` (its limit and stock
 * checks only grow with n), with the refusal of the whole `wanted` when some was refused.
 */
export const mostAccepted = (
  cart: CartRulesView,
  item: CartRuleItem,
  wanted: number,
): { added: number; message: string | null } => {
  const lines = cart.linesFor(item.skuId);
  const refuse = (n: number) => refuseAdd(lines, { ...item, count: n }, n, cart.size);
  const whole = refuse(wanted);
  if (!whole) return { added: wanted, message: null };
  if (whole.rule === 'mix' || whole.rule === 'lines') return { added: 0, message: whole.message };
  let lo = 0;
  let hi = wanted - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (refuse(mid)) hi = mid - 1;
    else lo = mid;
  }
  return { added: lo, message: whole.message };
};

/**
 * Whether a line may be set to `count` (the stepper and PUT /api/cart/count). Lowering a line's
 * count (`item.count`, when given) is always allowed, even while it is above a stock that fell.
 */
export const refuseCount = (
  item: Pick<CartRuleItem, 'maxCount' | 'stock'> & { count?: number },
  count: number,
): CartRefusal | null => {
  if (item.count !== undefined && count <= item.count) return null;
  if (item.maxCount !== null && count > item.maxCount) return { rule: 'limit', message: LIMIT_MESSAGE };
  if (count > item.stock) return { rule: 'stock', message: stockMessage(item.stock) };
  return null;
};

/**
 * Adds to a cart: the same SKU merges its count in place, a new SKU goes to the top. The caller
 * checks `refuseAdd` first.
 */
export const mergeAdd = <T extends { skuId: number; count: number }>(cart: readonly T[], item: T): T[] => {
  const at = cart.findIndex((c) => c.skuId === item.skuId);
  if (at === -1) return [item, ...cart];
  return cart.map((c, i) => (i === at ? { ...c, count: c.count + item.count } : c));
};

/** The checked lines' total quantity and amount (exact decimals, two places). */
export const cartTotals = (
  items: readonly { price: number | string; count: number; checked: boolean }[],
): { count: number; amount: string } => {
  const checked = items.filter((i) => i.checked);
  return {
    count: checked.reduce((n, i) => n + i.count, 0),
    amount: round(plus(0, ...checked.map((i) => times(i.price, i.count)))),
  };
};
