import type { Supplier } from '@mall/shared/contract/reference';
import { type SQL, sql } from 'drizzle-orm';
import type { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/columns.ts';
import { growingLru } from '../../lib/lru.ts';
import { rowsOf } from '../../lib/sql.ts';
import {
  joinSupplier,
  type SupplierShownRow,
  supplierEnabled,
  supplierShownColumns,
} from '../reference/index.ts';
import { type Shopper, shopperKey } from '../shopper/index.ts';
import { catalogueChanges } from './changes.ts';
import { shownPrice } from './pricing.ts';
import { iso } from './service.ts';
import type { goods, promotion, sku } from './tables.ts';

/**
 * What the cart needs to know of a SKU for one shopper (docs/cart.md: on the server): the good's current name and
 * thumbnail, the options in words, the shopper's price (pricing.ts, promotions included), the
 * stock of the shopper's stock organisation, the purchase limit and the supplier. The cart module
 * reads the catalogue only through this.
 */
export interface SkuFacts {
  skuId: number;
  /** The SKU code (docs/order-import.md). */
  code: string;
  goodsId: number;
  name: string;
  thumbUrl: string;
  /** Option values in the good's option order joined " / "; '' when none. */
  skuLabel: string;
  priceCents: number;
  /** Retail when the shown price is lower; else null. */
  originalCents: number | null;
  /** 0 when the good or its supplier is disabled. */
  stock: number;
  maxCount: number | null;
  supplier: Pick<Supplier, 'id' | 'code' | 'name' | 'self'>;
  /** False when the good or its supplier is disabled: it cannot be added or bought. */
  available: boolean;
}

type SkuColumns = RawRow<typeof sku>;
type PromotionColumns = RawRow<typeof promotion>;

/** A row of `skuFactsQuery`. */
export type SkuFactsRow = Pick<
  SkuColumns,
  'goods_id' | 'options' | 'retail_price_cents' | 'wholesale_price_cents' | 'club_price_cents' | 'max_count'
> &
  Pick<RawRow<typeof goods>, 'name' | 'option_names'> & {
    sku_id: SkuColumns['id'];
    sku_code: SkuColumns['code'];
    thumb: string;
    stock: number;
    available: boolean;
    promo_cents: PromotionColumns['price_cents'] | null;
    promo_starts: PromotionColumns['starts_at'] | null;
    promo_ends: PromotionColumns['ends_at'] | null;
  } & SupplierShownRow;

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** "Navy / M": values in the good's option order, then any others in the SKU's own order. */
export const skuLabelOf = (optionNames: readonly string[], options: Record<string, string>): string => {
  const names = [...optionNames, ...Object.keys(options).filter((k) => !optionNames.includes(k))];
  return names
    .flatMap((n) => (options[n] === undefined || options[n] === '' ? [] : [options[n]]))
    .join(' / ');
};

/**
 * One row per SKU matching `skuFilter` (on `s`, the SKU): its good, supplier, stock of the shopper's
 * organisation and lowest running promotion. Other modules may wrap it to read more in the same
 * round trip (the cart reads its lines with it).
 */
const supplierOfGoods = joinSupplier('sp', sql`g.supplier_id`);
const onSale = sql`g.enabled and ${supplierEnabled('sp')}`;
const supplierShown = supplierShownColumns('sp');

export const skuFactsQuery = (skuFilter: SQL, shopper: Shopper) =>
  sql`select s.id as sku_id, s.code as sku_code, s.goods_id, g.name, coalesce(g.pictures[1], '') as thumb, g.option_names, s.options,
        s.retail_price_cents, s.wholesale_price_cents, s.club_price_cents, s.max_count,
        case when ${onSale} then coalesce(st.quantity, 0) else 0 end::int as stock,
        (${onSale}) as available,
        ${supplierShown},
        pm.price_cents as promo_cents, pm.starts_at as promo_starts, pm.ends_at as promo_ends
      from sku s
      join goods g on g.id = s.goods_id
      ${supplierOfGoods}
      left join stock st on st.sku_id = s.id and st.org_id = ${shopper.orgId ?? 0}
      left join lateral (
        select p.price_cents, p.starts_at, p.ends_at from promotion p
        where p.sku_id = s.id and p.starts_at <= ${iso(shopper.now)}::timestamptz and p.ends_at > ${iso(shopper.now)}::timestamptz
        order by p.price_cents, p.ends_at limit 1
      ) pm on true
      where ${skuFilter}`;

export const skuFactsOf = (r: SkuFactsRow, shopper: Shopper): SkuFacts => {
  const price = shownPrice(
    shopper.tier,
    {
      retailCents: r.retail_price_cents,
      wholesaleCents: r.wholesale_price_cents,
      clubCents: r.club_price_cents,
    },
    r.promo_cents === null
      ? []
      : [{ priceCents: r.promo_cents, startsAt: toDate(r.promo_starts!), endsAt: toDate(r.promo_ends!) }],
    shopper.now,
  );
  return {
    skuId: r.sku_id,
    code: r.sku_code,
    goodsId: r.goods_id,
    name: r.name,
    thumbUrl: r.thumb,
    skuLabel: skuLabelOf(r.option_names, r.options),
    priceCents: price.priceCents,
    originalCents: price.originalCents,
    stock: r.stock,
    maxCount: r.max_count,
    supplier: { id: r.supplier_id, code: r.supplier_code, name: r.supplier_name, self: r.self },
    available: r.available,
  };
};

/** SKU ids are PostgreSQL integers, below 2^31: a shelf's keys are its number times this plus the id. */
const SHELF_SPAN = 2 ** 31;

/**
 * SKU facts this process read lately, per price tier and stock organisation (`shopperKey`), kept
 * for `ttlMs` (the catalogue's micro-cache age), or only until the promotion in their price ends:
 * a cart change decides and answers from them instead of reading every line's SKU again. So a
 * price or stock the cart accepts on may be that old, as on the goods page; refusals are
 * confirmed on a fresh read (cart service) and checkout reads everything afresh. `ttlMs` 0 keeps
 * nothing.
 */
export class SkuFactsCache {
  /** Facts by key (shelf and SKU id as one number: a cart answer looks up every line, no key strings). */
  private readonly lru: LRUCache<number, SkuFacts> | null;
  private readonly ttlMs: number;
  /** Facts being read now, by key. */
  private readonly reading = new Map<number, Promise<SkuFacts | undefined>>();
  /** A number for each price tier and stock organisation (`shopperKey`): few, bounded by the organisations. */
  private readonly shelves = new Map<string, number>();
  /** The catalogue change count (changes.ts) the kept facts were read under. */
  private seenChanges = catalogueChanges();

  constructor(ttlMs: number, max = 50_000) {
    this.ttlMs = ttlMs;
    this.lru = ttlMs > 0 ? growingLru<number, SkuFacts>(max) : null;
  }

  /** The first key of `shopper`'s shelf; a SKU's key is this plus its id. */
  private shelfOf(shopper: Shopper): number {
    const key = shopperKey(shopper);
    let shelf = this.shelves.get(key);
    if (shelf === undefined) {
      shelf = this.shelves.size;
      this.shelves.set(key, shelf);
    }
    return shelf * SHELF_SPAN;
  }

  /** The facts of rows read fresh (here or in the cart's own statement), kept for `shopper`. */
  keep(rows: readonly SkuFactsRow[], shopper: Shopper): SkuFacts[] {
    const now = shopper.now.getTime();
    const shelf = this.shelfOf(shopper);
    return rows.map((r) => {
      const facts = skuFactsOf(r, shopper);
      const promoLeft =
        r.promo_ends === null ? Number.POSITIVE_INFINITY : toDate(r.promo_ends).getTime() - now;
      const ttl = Math.min(this.ttlMs, promoLeft);
      if (this.lru && ttl >= 1) this.lru.set(shelf + r.sku_id, facts, { ttl });
      return facts;
    });
  }

  /**
   * The facts of `skuIds` for `shopper`: the kept ones, and the rest read in one statement. A SKU
   * already being read for the same tier and organisation is waited for, not read again, so many
   * carts holding a SKU whose facts just expired cause one read, not one each.
   */
  async of(db: Db, skuIds: readonly number[], shopper: Shopper): Promise<Map<number, SkuFacts>> {
    const facts = new Map<number, SkuFacts>();
    const missing: number[] = [];
    const waits: Promise<unknown>[] = [];
    const shelf = this.shelfOf(shopper);
    if (this.seenChanges !== catalogueChanges()) {
      this.seenChanges = catalogueChanges();
      this.lru?.clear();
    }
    for (const id of new Set(skuIds)) {
      const kept = this.lru?.get(shelf + id);
      const reading = kept ? undefined : this.reading.get(shelf + id);
      if (kept) facts.set(id, kept);
      else if (reading) waits.push(reading.then((f) => f && facts.set(id, f)));
      else missing.push(id);
    }
    if (missing.length > 0) {
      const read = rowsOf<SkuFactsRow>(
        db,
        skuFactsQuery(sql`s.id = any(${`{${missing.join(',')}}`}::int[])`, shopper),
        { prepared: true },
      ).then((rows) => new Map(this.keep(rows, shopper).map((f) => [f.skuId, f])));
      for (const id of missing) {
        const key = shelf + id;
        const one = read.then((m) => m.get(id));
        this.reading.set(key, one);
        const done = () => this.reading.delete(key);
        void one.then(done, done);
      }
      waits.push(
        read.then((m) => {
          for (const [id, f] of m) facts.set(id, f);
        }),
      );
    }
    await Promise.all(waits);
    return facts;
  }
}

/**
 * The facts of the SKUs whose code (or barcode) is one of `codes`, read afresh in one statement
 * (order import: docs/order-import.md). Codes are compared as written; callers upper-case them.
 */
export const skuFactsByCodes = async (
  db: Db,
  codes: readonly string[],
  shopper: Shopper,
): Promise<{ facts: SkuFacts; code: string; gtin: string | null }[]> => {
  if (codes.length === 0) return [];
  const rows = await rowsOf<SkuFactsRow & { gtin: string | null }>(
    db,
    sql`with c as materialized (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as v)
        select f.*, s2.gtin from (${skuFactsQuery(
          sql`s.id in (select x.id from sku x where x.code in (select v from c)
                    union select x.id from sku x where x.gtin in (select v from c))`,
          shopper,
        )}) f join sku s2 on s2.id = f.sku_id`,
  );
  return rows.map((r) => ({ facts: skuFactsOf(r, shopper), code: r.sku_code, gtin: r.gtin }));
};

/** Two codes of SKUs on sale (the order template's example rows); made-up ones in an empty shop. */
export const exampleSkuCodes = async (db: Db): Promise<[string, string]> => {
  const rows = await rowsOf<{ code: string }>(
    db,
    sql`select s.code from sku s join goods g on g.id = s.goods_id ${supplierOfGoods}
        where ${onSale} order by s.id limit 2`,
  );
  return [rows[0]?.code ?? 'KM-000001', rows[1]?.code ?? 'KM-000002'];
};

/** The facts of `skuIds` read afresh in one statement (a guest cart's refresh). */
export const skuFactsByIds = async (
  db: Db,
  skuIds: readonly number[],
  shopper: Shopper,
): Promise<SkuFacts[]> =>
  (
    await rowsOf<SkuFactsRow>(db, skuFactsQuery(sql`s.id = any(${`{${skuIds.join(',')}}`}::int[])`, shopper))
  ).map((r) => skuFactsOf(r, shopper));
