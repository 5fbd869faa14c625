import type {
  CategoryCrumb,
  CategoryDetail,
  CategoryHeroItem,
  CategoryNode,
  GoodsCard,
  GoodsDetail,
  PromotionPrice,
  Recommendation,
  Sku,
} from '@mall/shared/contract/catalogue';
import type { Supplier } from '@mall/shared/contract/reference';
import { fromCents } from '@mall/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aliased, columns, type RawRow, type RowOf } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import { listSuppliers } from '../reference/index.ts';
import type { Shopper } from '../shopper/index.ts';
import { type PromotionWindow, shownPrice, tierPriceColumn } from './pricing.ts';
import { category, goods, promotion, recommendBlock, sku } from './tables.ts';

export const iso = (d: Date) => d.toISOString();
const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

// ---------------------------------------------------------------------------------------------
// Categories

const categoryColumns = columns({
  id: category.id,
  parent_id: category.parentId,
  level: category.level,
  key: category.key,
  name: category.name,
  picture_url: category.pictureUrl,
});
type CategoryRead = RowOf<typeof categoryColumns>;

const allCategories = (db: Db) =>
  rowsOf(db, categoryColumns.query`select ${categoryColumns} from category order by level, sort, id`);

const childrenIndex = (rows: CategoryRead[]) => {
  const byParent = new Map<number | null, CategoryRead[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parent_id) ?? [];
    siblings.push(row);
    byParent.set(row.parent_id, siblings);
  }
  return byParent;
};

const nodeOf = (row: Pick<CategoryRead, 'id' | 'name' | 'picture_url'>, children: CategoryNode[] = []) => ({
  id: row.id,
  name: row.name,
  pictureUrl: row.picture_url,
  children,
});

const buildTree = (
  byParent: Map<number | null, CategoryRead[]>,
  parentId: number | null,
  depth = 0,
): CategoryNode[] =>
  depth > 3
    ? []
    : (byParent.get(parentId) ?? []).map((row) => nodeOf(row, buildTree(byParent, row.id, depth + 1)));

/** The whole category tree, every level in display order. */
export const listCategoryTree = async (db: Db): Promise<CategoryNode[]> =>
  buildTree(childrenIndex(await allCategories(db)), null);

/** One category with its subtree and its path from the top level; null when unknown. */
export const findCategoryDetail = async (
  db: Db,
  by: { id: number } | { key: string },
): Promise<CategoryDetail | null> => {
  const rows = await allCategories(db);
  const row = rows.find((r) => ('id' in by ? r.id === by.id : r.key === by.key));
  if (!row) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path: CategoryCrumb[] = [];
  for (let at: CategoryRead | undefined = row; at && path.length < 3; at = byId.get(at.parent_id ?? -1)) {
    path.unshift({ id: at.id, name: at.name });
  }
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    pictureUrl: row.picture_url,
    level: row.level,
    children: buildTree(childrenIndex(rows), row.id),
    path,
  };
};

/** Escapes LIKE wildcards so user text matches literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Folds accents and case like `mall_unaccent(lower(...))` does for the letters shoppers type. */
export const foldText = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Categories whose name matches `keyword`: prefix first, then anywhere, then close spellings; at most 20. */
export const searchCategories = async (db: Db, keyword: string): Promise<CategoryNode[]> => {
  const q = foldText(keyword);
  if (!q) return [];
  const rows = await rowsOf(
    db,
    categoryColumns.query`select ${categoryColumns} from (
          select c.*, mall_unaccent(lower(c.name)) as norm from category c
        ) c
        where c.norm like ${`%${likeEscape(q)}%`} or ${q} <% c.norm
        order by (c.norm like ${`${likeEscape(q)}%`}) desc, (c.norm like ${`%${likeEscape(q)}%`}) desc,
                 word_similarity(${q}, c.norm) desc, c.level, c.sort, c.id
        limit 20`,
  );
  return rows.map((r) => nodeOf(r));
};

/** Categories by id, in the order given, unknown ids skipped (no children). */
export const listCategoriesByIds = async (db: Db, ids: readonly number[]): Promise<CategoryNode[]> => {
  if (ids.length === 0) return [];
  const rows = await rowsOf(
    db,
    categoryColumns.query`select ${categoryColumns} from category where id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [nodeOf(row)] : [];
  });
};

/** The enabled goods of enabled suppliers under a category at `level` (its whole subtree). */
export const subtreeColumn = (level: number) =>
  level === 1 ? 'top_category_id' : level === 2 ? 'sub_category_id' : 'category_id';

/**
 * The home hero: featured categories with a picture, and how many goods each holds. With
 * `parentId`, the featured categories inside that category's subtree.
 */
export const listCategoryHero = async (
  db: Db,
  opts: { parentId?: number | undefined; limit: number },
): Promise<CategoryHeroItem[]> => {
  const suppliers = await enabledSupplierIds(db);
  const within =
    opts.parentId === undefined
      ? sql`true`
      : sql`(c.parent_id = ${opts.parentId} or p.parent_id = ${opts.parentId})`;
  const c = aliased(category, 'c');
  const heroColumns = columns({ id: c.id, name: c.name, picture_url: c.pictureUrl, level: c.level });
  const rows = await rowsOf(
    db,
    heroColumns.query`select ${heroColumns}
        from category c left join category p on p.id = c.parent_id
        where c.featured and c.picture_url is not null and ${within}
        order by c.level, p.sort nulls first, c.sort, c.id
        limit ${opts.limit}`,
  );
  if (rows.length === 0 || suppliers.length === 0) return rows.map((r) => heroItemOf(r, 0));
  // goods_count holds the goods of each third-level category; a category counts its subtree's.
  const countColumns = columns({
    id: aliased(category, 'r').id,
    n: sql<number>`coalesce(sum(gc.n), 0)::int`,
  });
  const counts = await rowsOf(
    db,
    countColumns.query`select ${countColumns}
        from goods_count gc
        join category c3 on c3.id = gc.category_id join category c2 on c2.id = c3.parent_id
        join category r on r.id in (c3.id, c2.id, c2.parent_id)
        where gc.supplier_id in ${idList(suppliers)} and r.id in ${idList(rows.map((r) => r.id))}
        group by r.id`,
  );
  const countOf = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => heroItemOf(r, countOf.get(r.id) ?? 0));
};

const heroItemOf = (r: { id: number; name: string; picture_url: string | null }, goodsCount: number) => ({
  id: r.id,
  name: r.name,
  pictureUrl: r.picture_url,
  goodsCount,
});

// ---------------------------------------------------------------------------------------------
// Goods cards, detail, SKUs, promotions

const enabledSupplierIds = async (db: Db) => (await listSuppliers(db)).map((s) => s.id);

const supplierFilter = (ids: readonly number[]) =>
  ids.length === 0
    ? sql`false`
    : sql`g.supplier_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

export const idList = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/** Ids as one PostgreSQL array parameter (`= any(...::int[])`): the statement's text stays the same. */
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const promotionColumns = columns({
  sku_id: promotion.skuId,
  price_cents: promotion.priceCents,
  starts_at: promotion.startsAt,
  ends_at: promotion.endsAt,
});
type PromotionRead = RowOf<typeof promotionColumns>;

/** A good's card as read from the database, before it is priced for a shopper (`cardOfRow`). */
export type CardRow = Pick<
  RawRow<typeof goods>,
  'id' | 'name' | 'supplier_id' | 'sales' | 'retail_cents' | 'wholesale_cents' | 'club_cents'
> & {
  thumb: string;
  /** The running promotion (runningPromotionOfGoods), if any. */
  promo_cents: PromotionRead['price_cents'] | null;
  promo_starts: PromotionRead['starts_at'] | null;
  promo_ends: PromotionRead['ends_at'] | null;
  stock: number;
};

/** The lowest promotion price of a good's SKUs running at `now` (SQL, for a lateral join on `g`). */
const runningPromotionOfGoods = (now: Date) =>
  sql`select p.price_cents, p.starts_at, p.ends_at from promotion p
      where p.goods_id = g.id and p.starts_at <= ${iso(now)}::timestamptz and p.ends_at > ${iso(now)}::timestamptz
      order by p.price_cents, p.ends_at limit 1`;

const cardOf = (row: CardRow, supplier: Supplier, shopper: Shopper): GoodsCard => {
  const promotions: PromotionWindow[] =
    row.promo_cents === null
      ? []
      : [
          {
            priceCents: row.promo_cents,
            startsAt: toDate(row.promo_starts!),
            endsAt: toDate(row.promo_ends!),
          },
        ];
  const price = shownPrice(
    shopper.tier,
    { retailCents: row.retail_cents, wholesaleCents: row.wholesale_cents, clubCents: row.club_cents },
    promotions,
    shopper.now,
  );
  return {
    id: row.id,
    name: row.name,
    price: fromCents(price.priceCents),
    originalPrice: price.originalCents === null ? null : fromCents(price.originalCents),
    thumbUrl: row.thumb,
    supplierId: row.supplier_id,
    supplierCode: supplier.code,
    supplierName: supplier.name,
    self: supplier.self,
    onPromotion: price.onPromotion,
    sales: row.sales,
    stock: row.stock,
  };
};

/**
 * Goods cards for `ids`, in the order given; goods that are unknown, disabled or of a disabled
 * supplier are left out. A card shows the lowest price of the good's SKUs for the shopper.
 */
export const goodsCards = async (
  db: Db,
  ids: readonly number[],
  shopper: Shopper,
  suppliers?: readonly Supplier[],
): Promise<GoodsCard[]> => {
  if (ids.length === 0) return [];
  const enabled = suppliers ?? (await listSuppliers(db));
  const supplierById = new Map(enabled.map((s) => [s.id, s]));
  const card = cardRowSql(shopper);
  const rows = await rowsOf<CardRow>(
    db,
    sql`select ${card.columns} from goods g ${card.join}
        where g.id = any(${intArray(ids)}::int[]) and g.enabled`,
    // One text for any number of ids: planned once per connection (lists call it on every read).
    { prepared: true },
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    const shown = row && cardOfRow(row, supplierById, shopper);
    return shown ? [shown] : [];
  });
};

/**
 * A good `g`'s card (CardRow, with the shopper's stock and the promotion running at the shopper's
 * now) as columns of a caller's statement: `columns` in its select list, `join` after its `goods g`.
 */
export const cardRowSql = (shopper: Pick<Shopper, 'orgId' | 'now'>) => ({
  columns: sql`g.id, g.name, coalesce(g.pictures[1], '') as thumb, g.supplier_id, g.sales,
    g.retail_cents, g.wholesale_cents, g.club_cents,
    pm.price_cents as promo_cents, pm.starts_at as promo_starts, pm.ends_at as promo_ends,
    coalesce((select sum(st.quantity) from sku s join stock st on st.sku_id = s.id
              where s.goods_id = g.id and st.org_id = ${shopper.orgId ?? 0}), 0)::int as stock`,
  join: sql`left join lateral (${runningPromotionOfGoods(shopper.now)}) pm on true`,
});

/** The card of an enabled good's row, priced for `shopper`; null when its supplier is not shown. */
export const cardOfRow = (
  row: CardRow,
  supplierById: ReadonlyMap<number, Supplier>,
  shopper: Shopper,
): GoodsCard | null => {
  const supplier = supplierById.get(row.supplier_id);
  return supplier ? cardOf(row, supplier, shopper) : null;
};

/** A SKU as `skuRows` selects it: every column of `sku` but the sort, with the shopper's stock. */
type SkuRow = Omit<RawRow<typeof sku>, 'sort'> & { stock: number };

/** A SKU of `cardWithSkusSql` as JSON: a SkuRow with its running promotions as [price, starts, ends]. */
type SkuJson = SkuRow & { promos: [number, string, string][] };

/** A row of `cardWithSkusSql`: the card's columns, whether the good is enabled, and its SKUs. */
export type CardWithSkusRow = Omit<CardRow, 'stock'> & { enabled: boolean; skus: SkuJson[] };

/**
 * A good `g`'s card and SKUs (with the shopper's prices and stock) as columns of a caller's
 * statement, so that a list of goods is read in one round trip: `columns` go in its select list
 * and `join` after its `goods g`. `cardWithSkusOf` turns a row into the card and SKUs.
 */
export const cardWithSkusSql = (shopper: Shopper) => {
  const now = iso(shopper.now);
  const org = shopper.orgId ?? 0;
  return {
    columns: sql`g.id, g.name, coalesce(g.pictures[1], '') as thumb, g.supplier_id, g.sales, g.enabled,
      g.retail_cents, g.wholesale_cents, g.club_cents,
      pm.price_cents as promo_cents, pm.starts_at as promo_starts, pm.ends_at as promo_ends,
      (select coalesce(json_agg(json_build_object(
          'id', s.id, 'code', s.code, 'gtin', s.gtin, 'goods_id', s.goods_id, 'options', s.options,
          'retail_price_cents', s.retail_price_cents, 'wholesale_price_cents', s.wholesale_price_cents,
          'club_price_cents', s.club_price_cents, 'max_count', s.max_count, 'picture_url', s.picture_url,
          'stock', coalesce(st.quantity, 0),
          'promos', (select coalesce(json_agg(json_build_array(p.price_cents, p.starts_at, p.ends_at)
                       order by p.price_cents), '[]'::json) from promotion p
                     where p.sku_id = s.id and p.starts_at <= ${now}::timestamptz and p.ends_at > ${now}::timestamptz)
        ) order by s.sort, s.id), '[]'::json)
        from sku s left join stock st on st.sku_id = s.id and st.org_id = ${org}
        where s.goods_id = g.id and g.enabled) as skus`,
    join: sql`left join lateral (${runningPromotionOfGoods(shopper.now)}) pm on true`,
  };
};

/** The card and SKUs of a `cardWithSkusSql` row; null when the good is not on sale (disabled, or its supplier is). */
export const cardWithSkusOf = (
  row: CardWithSkusRow,
  supplierById: ReadonlyMap<number, Supplier>,
  shopper: Shopper,
): { card: GoodsCard; skus: Sku[] } | null => {
  const card = cardOfCardWithSkus(row, supplierById, shopper);
  if (!card) return null;
  const skus = row.skus.map((s) =>
    skuOf(
      s,
      s.promos.map(([priceCents, startsAt, endsAt]) => ({
        priceCents,
        startsAt: toDate(startsAt),
        endsAt: toDate(endsAt),
      })),
      shopper,
    ),
  );
  return { card, skus };
};

/** The card alone of a `cardWithSkusSql` row; null when the good is not on sale (as `cardWithSkusOf`). */
export const cardOfCardWithSkus = (
  row: CardWithSkusRow,
  supplierById: ReadonlyMap<number, Supplier>,
  shopper: Shopper,
): GoodsCard | null => {
  const supplier = supplierById.get(row.supplier_id);
  if (!row.enabled || !supplier) return null;
  // The card's stock is its SKUs' (as `goodsCards` sums it), read once with them.
  let stock = 0;
  for (const s of row.skus) stock += s.stock;
  return cardOf({ ...row, stock }, supplier, shopper);
};

/** Promotions of these SKUs running at `now`. */
const runningPromotions = async (db: Db, skuIds: readonly number[], now: Date) =>
  skuIds.length === 0
    ? []
    : rowsOf(
        db,
        promotionColumns.query`select ${promotionColumns} from promotion
            where sku_id = any(${intArray(skuIds)}::int[]) and starts_at <= ${iso(now)}::timestamptz and ends_at > ${iso(now)}::timestamptz
            order by sku_id, price_cents`,
        { prepared: true },
      );

/** A SKU row (SkuRow) with the shopper's stock: the columns and the tables they come from. */
const skuColumns = (shopper: Shopper) =>
  sql`s.id, s.code, s.gtin, s.goods_id, s.options, s.retail_price_cents, s.wholesale_price_cents, s.club_price_cents,
    s.max_count, s.picture_url, coalesce(st.quantity, 0)::int as stock
    from sku s left join stock st on st.sku_id = s.id and st.org_id = ${shopper.orgId ?? 0}`;

const skuRows = (db: Db, goodsId: number, shopper: Shopper) =>
  rowsOf<SkuRow>(
    db,
    sql`select ${skuColumns(shopper)} where s.goods_id = ${goodsId}
        order by s.sort, s.id`,
    { prepared: true },
  );

/** A SKU with the shopper's price, given the promotions of it running now. */
const skuOf = (r: SkuRow, promotions: PromotionWindow[], shopper: Shopper): Sku => {
  const price = shownPrice(
    shopper.tier,
    {
      retailCents: r.retail_price_cents,
      wholesaleCents: r.wholesale_price_cents,
      clubCents: r.club_price_cents,
    },
    promotions,
    shopper.now,
  );
  return {
    id: r.id,
    goodsId: r.goods_id,
    code: r.code,
    gtin: r.gtin,
    options: r.options,
    price: fromCents(price.priceCents),
    originalPrice: price.originalCents === null ? null : fromCents(price.originalCents),
    onPromotion: price.onPromotion,
    promotionEndsAt: price.promotionEndsAt ? iso(price.promotionEndsAt) : null,
    stock: r.stock,
    maxCount: r.max_count,
    pictureUrl: r.picture_url,
  };
};

const skusOf = async (db: Db, rows: SkuRow[], shopper: Shopper): Promise<Sku[]> => {
  const promos = await runningPromotions(
    db,
    rows.map((r) => r.id),
    shopper.now,
  );
  const promosOf = new Map<number, PromotionWindow[]>();
  for (const p of promos) {
    const list = promosOf.get(p.sku_id) ?? [];
    list.push({ priceCents: p.price_cents, startsAt: toDate(p.starts_at), endsAt: toDate(p.ends_at) });
    promosOf.set(p.sku_id, list);
  }
  return rows.map((r) => skuOf(r, promosOf.get(r.id) ?? [], shopper));
};

/** A category of a good's path, the first select of three (`c1`: its first level). */
const crumb = aliased(category, 'c1');
const crumbColumns = columns({ id: crumb.id, name: crumb.name, level: crumb.level });
const shownGoods = aliased(goods, 'g');
const shownGoodsColumns = columns({
  id: shownGoods.id,
  supplier_id: shownGoods.supplierId,
  name: shownGoods.name,
  description: shownGoods.description,
  pictures: shownGoods.pictures,
  option_names: shownGoods.optionNames,
  category_id: shownGoods.categoryId,
});

const findShownGoods = async (db: Db, id: number, suppliers: readonly Supplier[]) => {
  const [row] = await rowsOf(
    db,
    shownGoodsColumns.query`select ${shownGoodsColumns}
        from goods g where g.id = ${id} and g.enabled and ${supplierFilter(suppliers.map((s) => s.id))}`,
    // Planned once per connection (one text per number of enabled suppliers), as are the detail's
    // other statements: planning them again on each read was most of a detail read's database time.
    { prepared: true },
  );
  return row ?? null;
};

/** The SKUs of a shown good with the shopper's prices and stock; null when the good is not shown. */
export const listGoodsSkus = async (db: Db, goodsId: number, shopper: Shopper): Promise<Sku[] | null> => {
  const goodsRow = await findShownGoods(db, goodsId, await listSuppliers(db));
  if (!goodsRow) return null;
  return skusOf(db, await skuRows(db, goodsId, shopper), shopper);
};

/** Whether good `id` is on sale now (known, enabled, of an enabled supplier). */
export const isGoodsShown = async (db: Db, id: number): Promise<boolean> =>
  (await findShownGoods(db, id, await listSuppliers(db))) !== null;

/** Option names in the good's order, each with its values in SKU order. */
const optionsOf = (names: readonly string[], skus: readonly Sku[]) => {
  const all = [...names];
  for (const s of skus) for (const k of Object.keys(s.options)) if (!all.includes(k)) all.push(k);
  return all.map((name) => ({
    name,
    values: [...new Set(skus.flatMap((s) => (s.options[name] === undefined ? [] : [s.options[name]!])))],
  }));
};

/** A shown good with everything its page needs; null when unknown, disabled or of a disabled supplier. */
export const findGoodsDetail = async (db: Db, id: number, shopper: Shopper): Promise<GoodsDetail | null> => {
  const suppliers = await listSuppliers(db);
  const goodsRow = await findShownGoods(db, id, suppliers);
  if (!goodsRow) return null;
  const [[card], skus, crumbs] = await Promise.all([
    goodsCards(db, [id], shopper, suppliers),
    skuRows(db, id, shopper).then((rows) => skusOf(db, rows, shopper)),
    rowsOf(
      db,
      crumbColumns.query`select ${crumbColumns} from category c3
          join category c2 on c2.id = c3.parent_id join category c1 on c1.id = c2.parent_id
          where c3.id = ${goodsRow.category_id}
          union all select c2.id, c2.name, c2.level from category c3 join category c2 on c2.id = c3.parent_id
          where c3.id = ${goodsRow.category_id}
          union all select id, name, level from category where id = ${goodsRow.category_id}`,
      { prepared: true },
    ),
  ]);
  if (!card) return null;
  return {
    ...card,
    pictures: goodsRow.pictures,
    description: goodsRow.description,
    categoryPath: crumbs.sort((a, b) => a.level - b.level).map(({ id: cid, name }) => ({ id: cid, name })),
    options: optionsOf(goodsRow.option_names, skus),
    skus,
  };
};

/**
 * The promotion prices running at `now` for these SKUs (the lowest per SKU), where they beat the
 * shopper's tier price; SKUs of goods that are not shown are left out.
 */
export const listPromotionPrices = async (
  db: Db,
  skuIds: readonly number[],
  shopper: Shopper,
): Promise<PromotionPrice[]> => {
  if (skuIds.length === 0) return [];
  const suppliers = await enabledSupplierIds(db);
  const p = aliased(promotion, 'p');
  const runningColumns = columns({
    sku_id: p.skuId,
    price_cents: p.priceCents,
    starts_at: p.startsAt,
    ends_at: p.endsAt,
    retail_price_cents: aliased(sku, 's').retailPriceCents,
  });
  const rows = await rowsOf(
    db,
    runningColumns.query`select distinct on (p.sku_id) ${runningColumns}
        from promotion p join sku s on s.id = p.sku_id join goods g on g.id = s.goods_id
        where p.sku_id in ${idList(skuIds)} and g.enabled and ${supplierFilter(suppliers)}
          and p.starts_at <= ${iso(shopper.now)}::timestamptz and p.ends_at > ${iso(shopper.now)}::timestamptz
          and p.price_cents < ${sql.raw(tierPriceColumn(shopper.tier, 'sku', 's'))}
        order by p.sku_id, p.price_cents, p.ends_at`,
  );
  const order = new Map(skuIds.map((id, i) => [id, i]));
  return rows
    .sort((a, b) => order.get(a.sku_id)! - order.get(b.sku_id)!)
    .map((r) => ({
      skuId: r.sku_id,
      price: fromCents(r.price_cents),
      originalPrice: fromCents(r.retail_price_cents),
      startsAt: iso(toDate(r.starts_at)),
      endsAt: iso(toDate(r.ends_at)),
    }));
};

/** The enabled recommendation blocks of a placement, in order, each with its shown goods in order. */
export const listRecommendations = async (
  db: Db,
  placement: number,
  shopper: Shopper,
): Promise<Recommendation[]> => {
  const b = aliased(recommendBlock, 'b');
  const blockColumns = columns({
    id: b.id,
    title: b.title,
    subtitle: b.subtitle,
    goods_ids: sql<
      number[] | null
    >`array(select rg.goods_id from recommend_goods rg where rg.block_id = b.id order by rg.sort, rg.goods_id)`,
  });
  const rows = await rowsOf(
    db,
    blockColumns.query`select ${blockColumns}
        from recommend_block b where b.placement = ${placement} and b.enabled
        order by b.sort, b.id`,
  );
  if (rows.length === 0) return [];
  const suppliers = await listSuppliers(db);
  const cards = await goodsCards(
    db,
    [...new Set(rows.flatMap((r) => r.goods_ids ?? []))],
    shopper,
    suppliers,
  );
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    goods: (r.goods_ids ?? []).flatMap((id) => {
      const card = cardById.get(id);
      return card ? [card] : [];
    }),
  }));
};

// ---------------------------------------------------------------------------------------------
// Terms for the suggestion dictionary

/** Words shorter than 3 letters and these never become suggestions. */
export const STOP_WORDS = [
  'and',
  'the',
  'with',
  'for',
  'from',
  'pack',
  'set',
  'of',
  'in',
  'on',
  'to',
  'x',
  'mm',
  'cm',
  'ml',
  'kg',
];

/**
 * How many enabled goods a text search for `keyword` (an SQL text expression) finds, as an SQL
 * expression, for another module's statement (the hot keywords' counts).
 */
export const goodsFoundCount = (keyword: SQL): SQL =>
  sql`(select count(*)::int from goods g
        where g.enabled and g.search_vector @@ websearch_to_tsquery('english', mall_unaccent(${keyword})))`;

/**
 * The suggestion terms of the shown catalogue: each word of goods names (with how many goods carry
 * it) and each category name (with how many goods it holds), lower-case.
 */
const catalogueTermColumns = columns({
  term: sql<string>`max(term)`,
  norm: sql<string>`mall_unaccent(term)`,
  weight: sql<number>`max(weight)::int`,
});

export const catalogueTerms = async (db: Db): Promise<RowOf<typeof catalogueTermColumns>[]> => {
  const suppliers = await enabledSupplierIds(db);
  return rowsOf(
    db,
    catalogueTermColumns.query`with words as (
          select distinct g.id, regexp_replace(w, '''s$', '') as term
          from goods g, regexp_split_to_table(lower(g.name), '[^a-zà-ɏ'']+') as w
          where g.enabled and ${supplierFilter(suppliers)}
        ), word_terms as (
          select term, count(*)::int as weight from words
          where char_length(term) >= 3 and term !~ '^''|''$' and term not in ${sql`(${sql.join(
            STOP_WORDS.map((w) => sql`${w}`),
            sql`, `,
          )})`}
          group by term
        ), category_counts as (
          select g.category_id as id, count(*) as n from goods g where g.enabled and ${supplierFilter(suppliers)} group by 1
          union all
          select g.sub_category_id, count(*) from goods g where g.enabled and ${supplierFilter(suppliers)} group by 1
          union all
          select g.top_category_id, count(*) from goods g where g.enabled and ${supplierFilter(suppliers)} group by 1
        ), category_terms as (
          select lower(c.name) as term, (coalesce(sum(cc.n), 0) + 10)::int as weight
          from category c left join category_counts cc on cc.id = c.id
          group by c.id, c.name
        ), all_terms as (select * from word_terms union all select * from category_terms)
        select ${catalogueTermColumns}
        from all_terms group by mall_unaccent(term)`,
  );
};
