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

/** The member's lines, newest first, with what the catalogue says of each SKU now. */
const loadCart = async (db: Db, memberId: number, shopper: Shopper) => {
  const lines = await lineRows(db, memberId);
  const facts = await skuFacts(
    db,
    lines.map((l) => l.sku_id),
    shopper,
  );
  // The foreign key keeps every line's SKU; a line without facts cannot happen.
  return lines.flatMap((line) => {
    const f = facts.get(line.sku_id);
    return f ? [{ line, facts: f }] : [];
  });
};

type Loaded = Awaited<ReturnType<typeof loadCart>>;

const itemsOf = (cart: Loaded): CartItem[] => cart.map(({ line, facts }) => itemOf(line, facts));

/** GET /api/cart/app: the member's cart, newest first. */
export const getCart = async (db: Db, memberId: number, shopper: Shopper): Promise<CartItem[]> =>
  itemsOf(await loadCart(db, memberId, shopper));

/** Runs `change` with the member's cart locked, then answers the cart as it is after it. */
const changeCart = async <T>(
  db: Db,
  memberId: number,
  shopper: Shopper,
  change: (tx: Db) => Promise<T>,
): Promise<{ result: T; items: CartItem[] }> =>
  db.transaction(async (tx) => {
    await lockCart(tx as unknown as Db, memberId);
    const result = await change(tx as unknown as Db);
    return { result, items: await getCart(tx as unknown as Db, memberId, shopper) };
  });

/** Adds `count` of a SKU to the member's cart in the database (merging with its line). */
const insertOrMerge = (tx: Db, memberId: number, skuId: number, count: number, checked: boolean) =>
  tx.execute(
    sql`insert into cart_line (member_id, sku_id, count, checked) values (${memberId}, ${skuId}, ${count}, ${checked})
        on conflict (member_id, sku_id)
        do update set count = cart_line.count + excluded.count, updated_at = now()`,
  );

/** POST /api/cart/app/add: `refuseAdd` decides; the same SKU merges, a new one goes on top. */
export const addToCart = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  add: { skuId: number; count: number },
): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, async (tx) => {
      const f = (await skuFacts(tx, [add.skuId], shopper)).get(add.skuId);
      if (!f?.available) throw notFound(SKU_NOT_FOUND);
      const cart = await loadCart(tx, memberId, shopper);
      const refusal = refuseAdd(
        cart.map((c) => ruleItem(c.facts, c.line.count)),
        ruleItem(f, add.count),
        add.count,
      );
      if (refusal) throw conflict(refusal.message);
      await insertOrMerge(tx, memberId, add.skuId, add.count, true);
    })
  ).items;

/** The member's line `id` (locked by the cart lock), or 404 exactly as for an id that does not exist. */
const ownLine = async (tx: Db, memberId: number, id: number) => {
  const [row] = await rowsOf<LineRow>(
    tx,
    sql`select id, sku_id, count, checked from cart_line where id = ${id} and member_id = ${memberId}`,
  );
  if (!row) throw notFound(LINE_NOT_FOUND);
  return row;
};

/** PUT /api/cart/count: `refuseCount` decides, against the SKU's limit and stock now. */
export const setCount = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  body: { id: number; count: number },
): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, async (tx) => {
      const line = await ownLine(tx, memberId, body.id);
      const f = (await skuFacts(tx, [line.sku_id], shopper)).get(line.sku_id);
      if (line.count === body.count) return;
      const refusal = f ? refuseCount(ruleItem(f, line.count), body.count) : null;
      if (!f || refusal) throw conflict(refusal?.message ?? SKU_GONE);
      await tx.execute(
        sql`update cart_line set count = ${body.count}, updated_at = now() where id = ${line.id}`,
      );
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
    await changeCart(db, memberId, shopper, async (tx) => {
      const ids = [...new Set(Array.isArray(body.id) ? body.id : [body.id])];
      const idArray = sql`${`{${ids.join(',')}}`}::int[]`;
      const [own] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from cart_line where member_id = ${memberId} and id = any(${idArray})`,
      );
      if (own!.n !== ids.length) throw notFound(LINE_NOT_FOUND);
      await tx.execute(
        sql`update cart_line set checked = ${body.checked}, updated_at = now()
            where member_id = ${memberId} and id = any(${idArray}) and checked <> ${body.checked}`,
      );
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
    await changeCart(db, memberId, shopper, async (tx) => {
      const removed = await rowsOf<{ id: number }>(
        tx,
        sql`delete from cart_line where id = ${id} and member_id = ${memberId} returning id`,
      );
      if (removed.length === 0) throw notFound(LINE_NOT_FOUND);
    })
  ).items;

/** DELETE /api/cart: every line of the member. */
export const clearCart = async (db: Db, memberId: number, shopper: Shopper): Promise<CartItem[]> =>
  (
    await changeCart(db, memberId, shopper, async (tx) => {
      await tx.execute(sql`delete from cart_line where member_id = ${memberId}`);
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
  const { result: problems, items } = await changeCart(db, memberId, shopper, async (tx) => {
    const problems: CartMergeResult['problems'] = [];
    if (lines.length === 0) return problems;
    const facts = await skuFacts(
      tx,
      lines.map((l) => l.skuId),
      shopper,
    );
    let cart = (await loadCart(tx, memberId, shopper)).map((c) => ruleItem(c.facts, c.line.count));
    for (const input of [...lines].reverse()) {
      const f = facts.get(input.skuId);
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
      await insertOrMerge(tx, memberId, input.skuId, added, input.checked ?? true);
    }
    // Reported in the order the lines were sent.
    return problems.reverse();
  });
  return { items, problems };
};
