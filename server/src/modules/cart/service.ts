import {
  type CartRuleItem,
  CartRulesView,
  mostAccepted,
  refuseAdd,
  refuseCount,
} from '@mall/shared/cart-rules';
import type { CartItem, CartLineInput, CartMergeResult } from '@mall/shared/contract/cart';
import { fromCents } from '@mall/shared/money';
import { CART_RULE_REASONS } from '@mall/shared/reasons';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import {
  type SkuFacts,
  SkuFactsCache,
  type SkuFactsRow,
  skuFactsOf,
  skuFactsQuery,
} from '../catalogue/index.ts';
import type { Shopper } from '../shopper/index.ts';
import { CartMemory, type LineRow } from './cart-memory.ts';
import { CartWriter, cartLinesKey, type LineChange, linesKey, writeLines } from './cart-writer.ts';

/**
 * A member's server-backed cart (docs/cart.md). The rules are the
 * shared ones (`@mall/shared/cart-rules`), applied again here: the browser is never trusted.
 * Every change raises the cart's version and writes only on the cart as it decided on (see
 * `changeOptimistically` and `changeCart`), so two requests of the same member (two tabs, two
 * browsers, two server processes) cannot pass a limit or the mixing rule together. Stock is
 * checked, not reserved: orders take it later.
 *
 * A line whose good or supplier has been disabled stays in the cart with stock 0 (the member sees
 * it and can remove it; it cannot be counted up or bought). A SKU held in a cart cannot be
 * deleted (foreign key), so a line never vanishes behind the member's back.
 */

export const LINE_NOT_FOUND = { field: 'id', message: 'This item is not in your shopping cart.' };
export const SKU_NOT_FOUND = { field: 'skuId', message: 'This item is not available.' };
export const SKU_GONE = 'This item is no longer available.';

/** What the cart works with: the database, the carts this process remembers, recent SKU facts, the guarded writer. */
export interface CartStore {
  db: Db;
  memory: CartMemory;
  facts: SkuFactsCache;
  writer: CartWriter;
}

/** `factsTtlMs`: how long SKU facts read once may be decided on (0: always read). */
export const createCartStore = (db: Db, factsTtlMs: number): CartStore => ({
  db,
  memory: new CartMemory(),
  facts: new SkuFactsCache(factsTtlMs),
  writer: new CartWriter(db),
});

/** The cart as one statement read it: its version, its lines (newest first) and the facts of their SKUs and any others asked for. */
interface CartState {
  version: number;
  lines: readonly LineRow[];
  facts: Map<number, SkuFacts>;
}

/** The member's cart version (0 before its first change), as an SQL expression. */
const versionOf = (memberId: number) =>
  sql`coalesce((select version from cart_version where member_id = ${memberId}), 0)`;

/**
 * Reads the member's cart in one round trip: the version, every line with its SKU's facts, and
 * the facts of `skuIds` (a SKU to add). One snapshot, so the lines are exactly those of `version`.
 * The facts read are kept in `keep` when given.
 */
const readCart = async (
  db: Db,
  memberId: number,
  shopper: Shopper,
  skuIds: readonly number[] = [],
  keep?: SkuFactsCache,
  /** Hold the cart in the same statement (`holdAndReadCart`). */
  hold = false,
): Promise<CartState & { heldVersion: number | null }> => {
  const extra = `{${skuIds.join(',')}}`;
  const rows = await rowsOf<
    Partial<SkuFactsRow> & {
      held_version: number | null;
      cart_version: number;
      line_id: number | null;
      line_count: number | null;
      line_checked: boolean | null;
    }
  >(
    db,
    sql`${hold ? sql`with held as (${holdCartSql(memberId)}) ` : sql``}select
          ${hold ? sql`(select version from held)` : sql`null::int`} as held_version,
          v.cart_version, cl.id as line_id, cl.count as line_count, cl.checked as line_checked, f.*
        from (select ${versionOf(memberId)} as cart_version) v
        left join (${skuFactsQuery(
          sql`s.id = any(array(select sku_id from cart_line where member_id = ${memberId}) || ${extra}::int[])`,
          shopper,
        )}) f on true
        left join cart_line cl on cl.member_id = ${memberId} and cl.sku_id = f.sku_id
        order by cl.created_at desc nulls last, cl.id desc`,
    { prepared: true },
  );
  const lines: LineRow[] = [];
  const factRows: SkuFactsRow[] = [];
  for (const r of rows) {
    if (r.sku_id === undefined || r.sku_id === null) continue;
    factRows.push(r as SkuFactsRow);
    if (r.line_id !== null) {
      lines.push({ id: r.line_id, sku_id: r.sku_id, count: r.line_count!, checked: r.line_checked! });
    }
  }
  const facts = keep ? keep.keep(factRows, shopper) : factRows.map((r) => skuFactsOf(r, shopper));
  return {
    version: rows[0]?.cart_version ?? 0,
    heldVersion: rows[0]?.held_version ?? null,
    lines,
    facts: new Map(facts.map((f) => [f.skuId, f])),
  };
};

/** A SKU as the shared rules see it (an unavailable one has stock 0). */
const ruleItem = (f: SkuFacts, count: number): CartRuleItem => ({
  skuId: f.skuId,
  count,
  maxCount: f.maxCount,
  stock: f.stock,
  self: f.supplier.self,
  supplierId: f.supplier.id,
});

/**
 * Items handed out, by SKU facts and line id. A line whose count and check are unchanged, on the
 * same facts, gets the same frozen item again, so its answer text is written once (cart-answer.ts).
 * Kept no longer than the facts are (SkuFactsCache), one item per line.
 */
const issued = new WeakMap<SkuFacts, Map<number, CartItem>>();

const itemOf = (line: LineRow, f: SkuFacts): CartItem => {
  let byLine = issued.get(f);
  if (!byLine) {
    byLine = new Map();
    issued.set(f, byLine);
  }
  const known = byLine.get(line.id);
  if (known && known.count === line.count && known.checked === line.checked) return known;
  const item: CartItem = Object.freeze({
    id: line.id,
    skuId: line.sku_id,
    goodsId: f.goodsId,
    skuCode: f.code,
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
  byLine.set(line.id, item);
  return item;
};

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

/**
 * In a transaction: raises the cart's version, which holds the cart against every other change
 * until it commits (and turns away any change decided on the cart before); answers the version.
 */
const holdCartSql = (memberId: number) =>
  sql`insert into cart_version as v (member_id, version) values (${memberId}, 1)
      on conflict (member_id) do update set version = v.version + 1
      returning v.version`;
const holdCart = async (tx: Tx, memberId: number): Promise<number> => {
  const [row] = await rowsOf<{ version: number }>(tx, holdCartSql(memberId), { prepared: true });
  return row!.version;
};

/**
 * Holds the cart (as `holdCart`) and reads it (as `readCart`) in one round trip. The read sees
 * the cart as it was when the statement started, which may be before it waited for another
 * change holding the cart: when the version it raised is not the one after the version it read,
 * a change committed in between, and the cart is read again, held now.
 */
const holdAndReadCart = async (tx: Tx, memberId: number, shopper: Shopper): Promise<CartState> => {
  const state = await readCart(tx, memberId, shopper, [], undefined, true);
  return state.heldVersion === state.version + 1 ? state : readCart(tx, memberId, shopper);
};

/** Writes `change` (as `writeLines` writes) in a transaction holding the cart; answers the line after. */
const applyChange = async (tx: Tx, memberId: number, change: LineChange): Promise<LineRow> => {
  const add = change.kind === 'add' ? change : null;
  const [line] = await rowsOf<LineRow>(
    tx,
    sql`with change as (
          select ${memberId}::int as member_id, ${add?.skuId ?? null}::int as sku_id, ${change.count}::int as n,
                 ${add?.checked ?? null}::bool as checked,
                 ${change.kind === 'count' ? change.lineId : null}::int as line_id
        ), ${writeLines(sql`change`)}`,
  );
  return { id: line!.id, sku_id: line!.sku_id, count: line!.count, checked: line!.checked };
};

/**
 * Writes many adds (as `writeLines` writes) in one statement, in a transaction holding the cart;
 * answers the lines after, in the order of `adds` (each new line stamped after the one before).
 */
const applyChanges = async (
  tx: Tx,
  memberId: number,
  adds: readonly { skuId: number; count: number; checked: boolean }[],
): Promise<LineRow[]> => {
  if (adds.length === 0) return [];
  const input = adds.map((a, ord) => ({
    member_id: memberId,
    sku_id: a.skuId,
    n: a.count,
    checked: a.checked,
    ord,
  }));
  const rows = await rowsOf<LineRow & { ord?: number }>(
    tx,
    sql`with change as (
          select x.member_id, x.sku_id, x.n, x.checked, null::int as line_id
          from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x(member_id int, sku_id int, n int, checked bool, ord int)
          order by x.ord
        ), ${writeLines(sql`change`)}`,
  );
  const order = new Map(adds.map((a, i) => [a.skuId, i]));
  return rows
    .map((r) => ({ id: r.id, sku_id: r.sku_id, count: r.count, checked: r.checked }))
    .sort((x, y) => order.get(x.sku_id)! - order.get(y.sku_id)!);
};

/**
 * GET /api/cart/app: the member's cart, newest first, with what the catalogue says of each SKU
 * (as recent as the SKU facts kept). A remembered cart is answered once one small read shows the
 * database holds exactly it; otherwise the cart is read whole.
 */
export const getCart = async (store: CartStore, memberId: number, shopper: Shopper): Promise<CartItem[]> => {
  const known = store.memory.recall(memberId);
  if (known) {
    const [now] = await rowsOf<{ version: number; lines: string }>(
      store.db,
      sql`select ${versionOf(memberId)} as version,
                 ${cartLinesKey(memberId)}::text as lines`,
      { prepared: true },
    );
    if (now && now.version === known.version && now.lines === linesKey(known.lines)) {
      const facts = await store.facts.of(
        store.db,
        known.lines.map((l) => l.sku_id),
        shopper,
      );
      return itemsOf(known.lines, facts);
    }
  }
  const state = await readCart(store.db, memberId, shopper, [], store.facts);
  store.memory.remember(memberId, state.version, state.lines);
  return itemsOf(state.lines, state.facts);
};

/**
 * Runs `change` in a transaction that first raises the cart's version, which holds the cart
 * against every other change until it commits (and turns away any change that read it before),
 * on the cart read once after that. `change` answers the lines after it; the cart is answered
 * from them, and remembered once committed.
 */
const changeCart = async <T>(
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  skuIds: readonly number[],
  change: (tx: Tx, state: CartState) => Promise<{ lines: readonly LineRow[]; result: T }>,
): Promise<{ result: T; items: CartItem[] }> => {
  const done = await store.db.transaction(async (tx) => {
    const version = await holdCart(tx, memberId);
    const state = await readCart(tx, memberId, shopper, skuIds, store.facts);
    const after = await change(tx, state);
    return { version, facts: state.facts, ...after };
  });
  store.memory.remember(memberId, done.version, done.lines);
  return { result: done.result, items: itemsOf(done.lines, done.facts) };
};

/** Checks the rules (throws the refusal) and answers the change to write; null: nothing to write. */
type Decide = (state: CartState) => LineChange | null;

/** `decide` on a remembered cart: a refusal or nothing to write is not trusted (null), only a write, which proves the cart current. */
const writeOnRemembered = (decide: Decide, state: CartState) => {
  try {
    return decide(state);
  } catch {
    return null;
  }
};

/**
 * Writes `change` only if the member's cart is still as in `state` (version and lines); answers
 * the cart after it (and remembers it), or null when another change came first.
 */
const writeIfCurrent = async (
  store: CartStore,
  memberId: number,
  state: CartState,
  change: LineChange,
): Promise<CartItem[] | null> => {
  const written = await store.writer.write({ memberId, version: state.version, lines: state.lines, change });
  if (!written) return null;
  const lines = withLine(state.lines, written);
  store.memory.remember(memberId, state.version + 1, lines);
  return itemsOf(lines, state.facts);
};

/**
 * The hot changes (add, count) without a transaction. With the cart remembered and its SKUs'
 * facts recent, in one round trip: decide on them and write only if the cart is still the
 * remembered one (`CartWriter`). Otherwise, or when the remembered cart turns out to be out of
 * date (an order, another process or device changed it), in two: read the cart, decide, write the
 * same way. A refusal is always decided on a fresh read. When another change of the same cart came
 * between that read and the write (two tabs at once), the change is decided again with the cart
 * held (`changeCart`).
 */
const changeOptimistically = async (
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  skuIds: readonly number[],
  decide: Decide,
): Promise<CartItem[]> => {
  const held = async () =>
    (
      await changeCart(store, memberId, shopper, skuIds, async (tx, state) => {
        const change = decide(state);
        if (!change) return { lines: state.lines, result: null };
        return { lines: withLine(state.lines, await applyChange(tx, memberId, change)), result: null };
      })
    ).items;

  const known = store.memory.recall(memberId);
  if (known) {
    const skus = [...known.lines.map((l) => l.sku_id), ...skuIds];
    const state = { ...known, facts: await store.facts.of(store.db, skus, shopper) };
    const change = writeOnRemembered(decide, state);
    const answer = change && (await writeIfCurrent(store, memberId, state, change));
    if (answer) return answer;
  }
  const state = await readCart(store.db, memberId, shopper, skuIds, store.facts);
  const change = decide(state);
  if (!change) {
    store.memory.remember(memberId, state.version, state.lines);
    return itemsOf(state.lines, state.facts);
  }
  return (await writeIfCurrent(store, memberId, state, change)) ?? held();
};

/** Lines after `line` was written: in place when it was there, else on top (as `mergeAdd` orders). */
const withLine = (lines: readonly LineRow[], line: LineRow): LineRow[] =>
  lines.some((l) => l.id === line.id) ? lines.map((l) => (l.id === line.id ? line : l)) : [line, ...lines];

/** POST /api/cart/app/add: `refuseAdd` decides; the same SKU merges, a new one goes on top. */
export const addToCart = async (
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  add: { skuId: number; count: number },
): Promise<CartItem[]> =>
  changeOptimistically(store, memberId, shopper, [add.skuId], (state) => {
    const f = state.facts.get(add.skuId);
    if (!f?.available) throw notFound(SKU_NOT_FOUND);
    const refusal = refuseAdd(rulesCart(state), ruleItem(f, add.count), add.count);
    if (refusal) throw conflict(refusal.message, CART_RULE_REASONS[refusal.rule]);
    return { kind: 'add', skuId: add.skuId, count: add.count, checked: true };
  });

/** The member's line `id`, or 404 exactly as for an id that does not exist. */
const ownLine = (state: CartState, id: number) => {
  const line = state.lines.find((l) => l.id === id);
  if (!line) throw notFound(LINE_NOT_FOUND);
  return line;
};

/** PUT /api/cart/count: `refuseCount` decides, against the SKU's limit and stock now. */
export const setCount = async (
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  body: { id: number; count: number },
): Promise<CartItem[]> =>
  changeOptimistically(store, memberId, shopper, [], (state) => {
    const line = ownLine(state, body.id);
    if (line.count === body.count) return null;
    const f = state.facts.get(line.sku_id);
    const refusal = f ? refuseCount(ruleItem(f, line.count), body.count) : null;
    if (!f || refusal)
      throw conflict(refusal?.message ?? SKU_GONE, refusal ? CART_RULE_REASONS[refusal.rule] : undefined);
    return { kind: 'count', lineId: line.id, count: body.count };
  });

/** PUT /api/cart/check: every id must be the member's, else 404 and nothing changes. */
export const setChecked = async (
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  body: { id: number | number[]; checked: boolean },
): Promise<CartItem[]> =>
  (
    await changeCart(store, memberId, shopper, [], async (tx, state) => {
      const ids = new Set(Array.isArray(body.id) ? body.id : [body.id]);
      for (const id of ids) ownLine(state, id);
      const change = state.lines.filter((l) => ids.has(l.id) && l.checked !== body.checked).map((l) => l.id);
      if (change.length > 0) {
        await tx.execute(
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
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  id: number,
): Promise<CartItem[]> =>
  (
    await changeCart(store, memberId, shopper, [], async (tx, state) => {
      ownLine(state, id);
      await tx.execute(sql`delete from cart_line where id = ${id} and member_id = ${memberId}`);
      return { lines: state.lines.filter((l) => l.id !== id), result: null };
    })
  ).items;

/** DELETE /api/cart: every line of the member. */
export const clearCart = async (store: CartStore, memberId: number, shopper: Shopper): Promise<CartItem[]> =>
  (
    await changeCart(store, memberId, shopper, [], async (tx, state) => {
      if (state.lines.length > 0) await tx.execute(sql`delete from cart_line where member_id = ${memberId}`);
      return { lines: [], result: null };
    })
  ).items;

/**
 * POST /api/cart/sync and /api/cart/batch/add: merges `lines` (a local cart, newest first) into
 * the member's cart, oldest first so the newest ends on top. Counts add up as far as the limit and
 * stock allow; the mixing rule and the cart's line cap (CART_LINES_MAX) are applied line by line as
 * if each were added in turn. Every line that could not go in whole is reported with how many
 * did. All or nothing: one transaction, the lines written in one statement.
 */
export const mergeLines = async (
  store: CartStore,
  memberId: number,
  shopper: Shopper,
  lines: readonly CartLineInput[],
): Promise<CartMergeResult> => {
  const { result: problems, items } = await changeCart(
    store,
    memberId,
    shopper,
    lines.map((l) => l.skuId),
    async (tx, state) => {
      const problems: CartMergeResult['problems'] = [];
      const cart = new CartRulesView(rulesCart(state));
      // The adds to write, a SKU once (counts added up), in the order their lines were made.
      const adds = new Map<number, { kind: 'add'; skuId: number; count: number; checked: boolean }>();
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
        const { added, message } = mostAccepted(cart, ruleItem(f, input.count), input.count);
        if (message !== null) {
          problems.push({ skuId: input.skuId, name: f.name, requested: input.count, added, message });
        }
        if (added === 0) continue;
        cart.add(ruleItem(f, added));
        const known = adds.get(input.skuId);
        if (known) known.count += added;
        else
          adds.set(input.skuId, {
            kind: 'add',
            skuId: input.skuId,
            count: added,
            checked: input.checked ?? true,
          });
      }
      let after = state.lines;
      for (const line of await applyChanges(tx, memberId, [...adds.values()])) after = withLine(after, line);
      // Reported in the order the lines were sent.
      return { lines: after, result: problems.reverse() };
    },
  );
  return { items, problems };
};

/**
 * For checkout, inside the order's transaction: holds the member's cart until it commits (as every
 * cart change does, so the lines cannot change underneath) and answers the lines `ids` as cart
 * items priced and stocked now, in the order asked; `missing` lists ids that are not the member's.
 */
export const holdCartLines = async (
  tx: Tx,
  memberId: number,
  shopper: Shopper,
  ids: readonly number[],
): Promise<{ items: CartItem[]; missing: number[] }> => {
  const state = await holdAndReadCart(tx, memberId, shopper);
  const byId = new Map(itemsOf(state.lines, state.facts).map((i) => [i.id, i]));
  const unique = [...new Set(ids)];
  return {
    items: unique.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    missing: unique.filter((id) => !byId.has(id)),
  };
};

/**
 * The statement that removes bought lines from the member's cart, for the order to run inside its
 * own statement (WITH) in its transaction, which holds the cart (holdCartLines).
 */
export const cartLinesRemoval = (memberId: number, ids: readonly number[]) =>
  sql`delete from cart_line where member_id = ${memberId} and id = any(${`{${ids.join(',')}}`}::int[]) returning 1`;
