import { type CartRuleItem, mergeAdd, refuseAdd, refuseCount } from '@mall/shared/cart-rules';
import type { CartItem, CartLineInput, CartMergeResult } from '@mall/shared/contract/cart';
import { fromCents } from '@mall/shared/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Shopper } from '../catalogue/shopper.ts';
import { type SkuFacts, skuFacts } from '../catalogue/sku-facts.ts';

/**
 * A member's server-backed cart (spec sections 4, 5 and 7 "Cart"; issue 5). The rules are the
 * shared ones (`@mall/shared/cart-rules`), applied again here: the browser is never trusted.
 * Every change runs in a transaction holding the member's cart lock, so two requests of the same
 * member (two tabs, two browsers) cannot pass a limit or the mixing rule together. Stock is
 * checked, not reserved: orders take it later.
 *
 * A line whose good or supplier has been disabled stays in the cart with stock 0 (the member sees
 * it and can remove it; it cannot be counted up or bought). A SKU held in a cart cannot be
 * deleted (foreign key), so a line never vanishes behind the member's back.
 */

export const LINE_NOT_FOUND = 'id: This item is not in your shopping cart.';
export const SKU_NOT_FOUND = 'skuId: This item is not available.';
export const SKU_GONE = 'This item is no longer available.';

/** The key space of the per-member cart lock (pg_advisory_xact_lock(int, int)). */
const CART_LOCK = 0x63617274; // 'cart'

interface LineRow {
  id: number;
  sku_id: number;
  count: number;
  checked: boolean;
}

const lockCart = (tx: Db, memberId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}::int, ${memberId}::int)`);

const lineRows = (db: Db, memberId: number) =>
  rowsOf<LineRow>(
    db,
    sql`select id, sku_id, count, checked from cart_line
        where member_id = ${memberId} order by created_at desc, id desc`,
  );

/** A SKU as the shared rules see it (an unavailable one has stock 0). */
const ruleItem = (f: SkuFacts, count: number): CartRuleItem => ({
  skuId: f.skuId,
  count,
  maxCount: f.maxCount,
  stock: f.stock,
  self: f.supplier.self,
  supplierId: f.supplier.id,
});

const itemOf = (line: LineRow, f: SkuFacts): CartItem => ({
  id: line.id,
  skuId: line.sku_id,
  goodsId: f.goodsId,
  name: f.name,
  skuLabel: f.skuLabel,
  price: fromCents(f.priceCents),
  originalPrice: f.originalCents === null ? null : fromCents(f.originalCents),
  count: line.count,
  maxCount: f.maxCount,
  stock: f.stock,
  checked: line.checked,
  thumbUrl: f.thumbUrl,
  self: f.supplier.self,
  supplierId: f.supplier.id,
  supplierCode: f.supplier.code,
  supplierName: f.supplier.name,
});

/** What a change sees: the member's lines (newest first) and the facts of their SKUs and any others asked for. */
interface CartState {
  tx: Db;
  lines: LineRow[];
  facts: Map<number, SkuFacts>;
}

const itemsOf = (lines: readonly LineRow[], facts: Map<number, SkuFacts>): CartItem[] =>
  // The foreign key keeps every line's SKU, so every line has facts.
  lines.flatMap((line) => {
    const f = facts.get(line.sku_id);
    return f ? [itemOf(line, f)] : [];
  });

const rulesCart = (state: CartState): CartRuleItem[] =>
  state.lines.flatMap((l) => {
    const f = state.facts.get(l.sku_id);
    return f ? [ruleItem(f, l.count)] : [];
  });

/** GET /api/cart/app: the member's cart, newest first, with what the catalogue says of each SKU now. */
export const getCart = async (db: Db, memberId: number, shopper: Shopper): Promise<CartItem[]> => {
  const lines = await lineRows(db, memberId);
  return itemsOf(
    lines,
    await skuFacts(
      db,
      lines.map((l) => l.sku_id),
      shopper,
    ),
  );
};

/**
 * Runs `change` in a transaction holding the member's cart lock, with the lines and the facts of
 * their SKUs (and of `skuIds`) read once. `change` answers the lines as they are after it (it
 * holds the lock, so it knows), or null to have them read again; the cart is answered from them.
 */
const changeCart = async <T>(
  db: Db,
  memberId: number,
  shopper: Shopper,
  skuIds: readonly number[],
  change: (state: CartState) => Promise<{ lines: LineRow[] | null; result: T }>,
): Promise<{ result: T; items: CartItem[] }> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockCart(tx, memberId);
    const lines = await lineRows(tx, memberId);
    const facts = await skuFacts(tx, [...lines.map((l) => l.sku_id), ...skuIds], shopper);
    const after = await change({ tx, lines, facts });
    return { result: after.result, items: itemsOf(after.lines ?? (await lineRows(tx, memberId)), facts) };
  });

/**
 * Adds `count` of a SKU to the member's cart in the database (merging with its line); the line
 * after. A new line is stamped with the time it is written, not the transaction's start, so a
 * change that waited for the cart lock still lands on top.
 */
const insertOrMerge = async (tx: Db, memberId: number, skuId: number, count: number, checked: boolean) =>
  (
    await rowsOf<LineRow>(
      tx,
      sql`insert into cart_line (member_id, sku_id, count, checked, created_at)
          values (${memberId}, ${skuId}, ${count}, ${checked}, clock_timestamp())
          on conflict (member_id, sku_id)
          do update set count = cart_line.count + excluded.count, updated_at = now()
          returning id, sku_id, count, checked`,
    )
  )[0]!;

/** Lines after `line` was written: in place when it was there, else on top (as `mergeAdd` orders). */
const withLine = (lines: readonly LineRow[], line: LineRow): LineRow[] =>
  lines.some((l) => l.id === line.id) ? lines.map((l) => (l.id === line.id ? line : l)) : [line, ...lines];

/** POST /api/cart/app/add: `refuseAdd` decides; the same SKU merges, a new one goes on top. */
export const addToCart = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  add: { skuId: number; count: number },
): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, [add.skuId], async (state) => {
      const f = state.facts.get(add.skuId);
      if (!f?.available) throw notFound(SKU_NOT_FOUND);
      const refusal = refuseAdd(rulesCart(state), ruleItem(f, add.count), add.count);
      if (refusal) throw conflict(refusal.message);
      const line = await insertOrMerge(state.tx, memberId, add.skuId, add.count, true);
      return { lines: withLine(state.lines, line), result: null };
    })
  ).items;

/** The member's line `id`, or 404 exactly as for an id that does not exist. */
const ownLine = (state: CartState, id: number) => {
  const line = state.lines.find((l) => l.id === id);
  if (!line) throw notFound(LINE_NOT_FOUND);
  return line;
};

/** PUT /api/cart/count: `refuseCount` decides, against the SKU's limit and stock now. */
export const setCount = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  body: { id: number; count: number },
): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, [], async (state) => {
      const line = ownLine(state, body.id);
      if (line.count === body.count) return { lines: state.lines, result: null };
      const f = state.facts.get(line.sku_id);
      const refusal = f ? refuseCount(ruleItem(f, line.count), body.count) : null;
      if (!f || refusal) throw conflict(refusal?.message ?? SKU_GONE);
      await state.tx.execute(
        sql`update cart_line set count = ${body.count}, updated_at = now() where id = ${line.id}`,
      );
      return { lines: withLine(state.lines, { ...line, count: body.count }), result: null };
    })
  ).items;

/** PUT /api/cart/check: every id must be the member's, else 404 and nothing changes. */
export const setChecked = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  body: { id: number | number[]; checked: boolean },
): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, [], async (state) => {
      const ids = new Set(Array.isArray(body.id) ? body.id : [body.id]);
      for (const id of ids) ownLine(state, id);
      const change = state.lines.filter((l) => ids.has(l.id) && l.checked !== body.checked).map((l) => l.id);
      if (change.length > 0) {
        await state.tx.execute(
          sql`update cart_line set checked = ${body.checked}, updated_at = now()
              where member_id = ${memberId} and id = any(${`{${change.join(',')}}`}::int[])`,
        );
      }
      const lines = state.lines.map((l) => (ids.has(l.id) ? { ...l, checked: body.checked } : l));
      return { lines, result: null };
    })
  ).items;

/** DELETE /api/cart/{id}: the member's line, else 404. */
export const removeLine = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  id: number,
): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, [], async (state) => {
      ownLine(state, id);
      await state.tx.execute(sql`delete from cart_line where id = ${id} and member_id = ${memberId}`);
      return { lines: state.lines.filter((l) => l.id !== id), result: null };
    })
  ).items;

/** DELETE /api/cart: every line of the member. */
export const clearCart = async (db: Db, memberId: number, shopper: Shopper): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, [], async (state) => {
      if (state.lines.length > 0)
        await state.tx.execute(sql`delete from cart_line where member_id = ${memberId}`);
      return { lines: [], result: null };
    })
  ).items;

/**
 * The largest n <= wanted that `refuseAdd` accepts (its limit and stock checks only grow with n),
 * with the refusal of the whole `wanted` when some was refused.
 */
const mostAccepted = (cart: readonly CartRuleItem[], f: SkuFacts, wanted: number) => {
  const whole = refuseAdd(cart, ruleItem(f, wanted), wanted);
  if (!whole) return { added: wanted, message: null };
  if (whole.rule === 'mix') return { added: 0, message: whole.message };
  let lo = 0;
  let hi = wanted - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (refuseAdd(cart, ruleItem(f, mid), mid)) hi = mid - 1;
    else lo = mid;
  }
  return { added: lo, message: whole.message };
};

/**
 * POST /api/cart/sync and /api/cart/batch/add: merges `lines` (a local cart, newest first) into
 * the member's cart, oldest first so the newest ends on top. Counts add up as far as the limit and
 * stock allow; the mixing rule is applied line by line as if each were added in turn. Every line
 * that could not go in whole is reported with how many did. All or nothing: one transaction.
 */
export const mergeLines = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  lines: readonly CartLineInput[],
): Promise<CartMergeResult> => {
  const { result: problems, items } = await changeCart(
    db,
    memberId,
    shopper,
    lines.map((l) => l.skuId),
    async (state) => {
      const problems: CartMergeResult['problems'] = [];
      let cart = rulesCart(state);
      let after = state.lines;
      for (const input of [...lines].reverse()) {
        const f = state.facts.get(input.skuId);
        if (!f?.available) {
          problems.push({
            skuId: input.skuId,
            name: f?.name ?? '',
            requested: input.count,
            added: 0,
            message: SKU_GONE,
          });
          continue;
        }
        const { added, message } = mostAccepted(cart, f, input.count);
        if (message !== null) {
          problems.push({ skuId: input.skuId, name: f.name, requested: input.count, added, message });
        }
        if (added === 0) continue;
        cart = mergeAdd(cart, ruleItem(f, added));
        after = withLine(
          after,
          await insertOrMerge(state.tx, memberId, input.skuId, added, input.checked ?? true),
        );
      }
      // Reported in the order the lines were sent.
      return { lines: after, result: problems.reverse() };
    },
  );
  return { items, problems };
};
