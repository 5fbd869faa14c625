import type {
  AdminGood,
  AdminGoodsRow,
  CheckedGoodInput,
  GoodsPage,
  SkuInput,
} from '@mall/shared/contract/admin/catalogue';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { aliased, columns } from '../../db/columns.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { listAllSuppliers, supplierNameOf } from '../reference/index.ts';
import { sanitizeDescription } from './description.ts';
import { foldText, likeEscape, subtreeColumn } from './service.ts';
import { category, goods, sku } from './tables.ts';

/**
 * The back office's reads and writes of goods, their SKUs and promotions
 * (docs/back-office-catalogue.md). Writes take the caller's transaction, so the area code
 * records its audit row in the same one.
 */

export interface AdminGoodsFilter {
  /** Words of the name, or a SKU code (exact, or its start). */
  q?: string | undefined;
  categoryId?: number | undefined;
  supplierId?: number | undefined;
  published?: boolean | undefined;
  pageNum: number;
  pageSize: number;
}

const g = aliased(goods, 'g');
const c = aliased(category, 'c');
/** A good as the list shows it, `g` with its category `c`. */
const listColumns = columns({
  id: g.id,
  name: g.name,
  brand: g.brand,
  thumbUrl: sql<string>`coalesce(g.pictures[1], '')`,
  categoryId: g.categoryId,
  categoryName: c.name,
  supplierId: g.supplierId,
  supplierName: sql<string>`${supplierNameOf(sql`g.supplier_id`)}`,
  published: g.enabled,
  retailCents: g.retailCents,
  skuCount: sql<number>`(select count(*)::int from sku k where k.goods_id = g.id)`,
  createdAt: g.createdAt,
});

/** Totals past this are answered as "more than" (counting every match of a wide filter is what makes lists slow). */
export const ADMIN_COUNT_CAP = 1000;

const skuCodeLike = (q: string) => /^[A-Za-z0-9]+(-[A-Za-z0-9]*)*$/.test(q) && /\d/.test(q);

/**
 * The filter on `a`, the good's row of goods_admin_row: `rest` (category, supplier, published)
 * and `text`, the ways a typed text matches, any of which is enough: words of the name, or the
 * start of one of its SKU codes (codes are upper case; `sku_code_prefix_idx` serves the LIKE).
 */
const adminGoodsWhere = (f: AdminGoodsFilter, categoryLevel: number | null) => {
  const parts: SQL[] = [];
  const text: SQL[] = [];
  /** The same tests for reading a few rows one by one (the newest sample): strpos is cheaper than LIKE. */
  const scanned: SQL[] = [];
  const q = f.q ? foldText(f.q) : '';
  if (q) {
    text.push(sql`a.name_norm like ${`%${likeEscape(q)}%`}`);
    scanned.push(sql`strpos(a.name_norm, ${q}) > 0`);
  }
  if (q && skuCodeLike(q)) {
    const byCode = sql`a.id in (select s.goods_id from sku s where s.code like ${`${likeEscape(q.toUpperCase())}%`})`;
    text.push(byCode);
    scanned.push(byCode);
  }
  if (f.categoryId !== undefined)
    parts.push(
      categoryLevel === null
        ? sql`false`
        : sql`${sql.raw(`a.${subtreeColumn(categoryLevel)}`)} = ${f.categoryId}`,
    );
  if (f.supplierId !== undefined) parts.push(sql`a.supplier_id = ${f.supplierId}`);
  if (f.published !== undefined) parts.push(sql`a.enabled = ${f.published}`);
  return { rest: parts.length ? sql.join(parts, sql` and `) : sql`true`, text, scanned };
};
type AdminGoodsWhere = ReturnType<typeof adminGoodsWhere>;

/**
 * Every good the text matches: one index-driven select per way it matches, joined by a union
 * (an `or` of a trigram match and a SKU lookup makes PostgreSQL walk the whole table instead).
 */
const textMatches = ({ rest, text }: AdminGoodsWhere): SQL =>
  sql.join(
    text.map((match) => sql`select a.id from goods_admin_row a where ${match} and ${rest}`),
    sql` union `,
  );

/** How many of the newest goods a text search looks through first (see `pageIdsOf`). */
const NEWEST_SAMPLE = 3000;

/**
 * The ids of the page, newest first, and the total (capped), in one statement.
 *
 * With a text, the newest NEWEST_SAMPLE goods are matched first: a common fragment fills the page
 * from them, and how many of them match says whether the total is past the cap (an estimate:
 * "1,000+" may stand for a few less). Only a rarer fragment is matched across the whole table,
 * through the trigram index, once for both the page and the count: `matches` is read only in the
 * branches that need it, so PostgreSQL never runs it for a common fragment. Without a text, the
 * page follows the id index and the count stops at the cap.
 */
const pageIdsOf = async (db: Db, f: AdminGoodsFilter, where: AdminGoodsWhere) => {
  const offset = (f.pageNum - 1) * f.pageSize;
  const size = f.pageSize;
  const cap = ADMIN_COUNT_CAP;
  const idsNewestFirst = sql`coalesce(array_agg(id order by id desc), '{}')`;
  const page =
    where.text.length === 0
      ? columns({
          ids: sql<number[]>`(select ${idsNewestFirst} from page)`,
          total: sql<number>`(case when ${offset === 0} and (select count(*) from page) < ${size} then (select count(*) from page)
               else (select count(*) from (select 1 from goods_admin_row a where ${where.rest} limit ${cap + 1}) c)
               end)::int`,
        })
      : columns({
          ids: sql<number[]>`(case when (select yes from common)
                then (select (${idsNewestFirst})[${offset + 1}:${offset + size}] from sample)
                else (select ${idsNewestFirst} from (select id from matches order by id desc limit ${size} offset ${offset}) m)
              end)`,
          total: sql<number>`(case when (select yes from common) then ${cap + 1}
               else least((select count(*) from matches), ${cap + 1}) end)::int`,
        });
  const query =
    where.text.length === 0
      ? page.query`with page as materialized (select a.id from goods_admin_row a where ${where.rest}
                order by a.id desc limit ${size} offset ${offset})
            select ${page}`
      : page.query`with sample as materialized (
              select a.id from (select * from goods_admin_row order by id desc limit ${NEWEST_SAMPLE}) a
              where (${sql.join(where.scanned, sql` or `)}) and ${where.rest}),
            common as (select count(*) >= ${offset + size}
                and count(*) * (select reltuples from pg_class where oid = 'goods_admin_row'::regclass)
                  >= ${cap * NEWEST_SAMPLE} as yes
              from sample),
            matches as materialized (${textMatches(where)})
            select ${page}`;
  const [row] = await rowsOf(db, query, { prepared: true });
  return { ids: row!.ids, n: row!.total };
};

/**
 * The goods of `ids` as the list shows them, in that order. Its own statement, so PostgreSQL
 * plans it once per connection (the page's ids are its only parameter).
 */
const listRowsOf = async (db: Db, ids: number[]): Promise<AdminGoodsRow[]> => {
  if (ids.length === 0) return [];
  const rows = await rowsOf(
    db,
    listColumns.query`select ${listColumns}
        from unnest(${`{${ids.join(',')}}`}::int[]) p(id) join goods g on g.id = p.id join category c on c.id = g.category_id
        order by g.id desc`,
    { prepared: true },
  );
  return rows.map((g) => ({ ...g, createdAt: new Date(g.createdAt).toISOString() }));
};

const levelColumn = columns({ level: category.level });

/** A page of goods, newest first, whatever their state (published or not, any supplier). */
export const listAdminGoods = async (db: Db, f: AdminGoodsFilter): Promise<GoodsPage> => {
  let level: number | null = null;
  if (f.categoryId !== undefined) {
    const [c] = await rowsOf(
      db,
      levelColumn.query`select ${levelColumn} from category where id = ${f.categoryId}`,
    );
    level = c?.level ?? null;
  }
  const { ids, n } = await pageIdsOf(db, f, adminGoodsWhere(f, level));
  return {
    records: await listRowsOf(db, ids),
    total: Math.min(n, ADMIN_COUNT_CAP),
    pageNum: f.pageNum,
    pageSize: f.pageSize,
    totalCapped: n > ADMIN_COUNT_CAP,
  };
};

/** A good as the editor sends it, checked (@mall/shared/contract/admin/catalogue). */
export type AdminGoodInput = CheckedGoodInput;
type AdminSku = SkuInput;

export type { AdminGood };

const iso = (v: Date | string) => new Date(v).toISOString();

/** A good as the editor shows it, with every SKU and promotion; null when there is none. */
export const readAdminGood = async (db: Db, id: number): Promise<AdminGood | null> => {
  const good = columns({
    id: goods.id,
    name: goods.name,
    brand: goods.brand,
    category_id: goods.categoryId,
    supplier_id: goods.supplierId,
    description: goods.description,
    pictures: goods.pictures,
    option_names: goods.optionNames,
    enabled: goods.enabled,
  });
  const [g] = await rowsOf(
    db,
    good.query`select ${good}
        from goods where id = ${id}`,
  );
  if (!g) return null;
  const sk = aliased(sku, 's');
  const skuColumns = columns({
    id: sk.id,
    code: sk.code,
    options: sk.options,
    retail_price_cents: sk.retailPriceCents,
    wholesale_price_cents: sk.wholesalePriceCents,
    club_price_cents: sk.clubPriceCents,
    max_count: sk.maxCount,
    promos: sql<
      [number, string, string][]
    >`(select coalesce(json_agg(json_build_array(p.price_cents, p.starts_at, p.ends_at) order by p.starts_at, p.id), '[]'::json)
           from promotion p where p.sku_id = s.id)`,
  });
  const skus = await rowsOf(
    db,
    skuColumns.query`select ${skuColumns}
        from sku s where s.goods_id = ${id} order by s.sort, s.id`,
  );
  return {
    id: g.id,
    name: g.name,
    brand: g.brand,
    categoryId: g.category_id,
    supplierId: g.supplier_id,
    description: g.description,
    pictures: g.pictures,
    optionNames: g.option_names,
    published: g.enabled,
    skus: skus.map((s) => ({
      id: s.id,
      code: s.code,
      options: s.options,
      retailCents: s.retail_price_cents,
      wholesaleCents: s.wholesale_price_cents,
      clubCents: s.club_price_cents,
      maxCount: s.max_count,
      promotions: s.promos.map(([priceCents, startsAt, endsAt]) => ({
        priceCents,
        startsAt: iso(startsAt),
        endsAt: iso(endsAt),
      })),
    })),
  };
};

/** A third-level category and an existing supplier, or a 400 naming the field. */
const checkPlace = async (tx: Tx, input: AdminGoodInput) => {
  const [c] = await rowsOf(
    tx,
    levelColumn.query`select ${levelColumn} from category where id = ${input.categoryId}`,
  );
  if (c?.level !== 3) throw badField('categoryId', 'must be a category of the third level');
  if (!(await listAllSuppliers(tx)).some((s) => s.id === input.supplierId))
    throw badField('supplierId', 'is not a supplier');
};

const badField = (field: string, message: string) => badRequest({ field, message });

const skuCode = columns({ code: sku.code });
const idOf = { goods: columns({ id: goods.id }), sku: columns({ id: sku.id }) };

/** Codes that other goods' SKUs already use, among `codes`. */
const codesTaken = async (tx: Tx, goodsId: number, codes: string[]) =>
  codes.length === 0
    ? []
    : (
        await rowsOf(
          tx,
          skuCode.query`select ${skuCode} from sku where code = any(${`{${codes.join(',')}}`}::text[]) and goods_id <> ${goodsId}`,
        )
      ).map((r) => r.code);

/**
 * Creates (`id` null) or replaces a good with its SKUs and their promotions, and answers its id.
 * A SKU once saved is never removed (orders name it): leaving one out is refused. The good's
 * price columns become the lowest of its SKUs per tier, as the catalogue keeps them.
 */
export const saveAdminGood = async (tx: Tx, id: number | null, input: AdminGoodInput): Promise<number> => {
  await checkPlace(tx, input);
  const description = sanitizeDescription(input.description);
  const lowest = (pick: (s: AdminSku) => number) => Math.min(...input.skus.map(pick));
  const prices = {
    retail: lowest((s) => s.retailCents),
    wholesale: lowest((s) => s.wholesaleCents),
    club: lowest((s) => s.clubCents),
  };
  const pictures = `{${input.pictures.map((p) => `"${p.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const optionNames = `{${input.optionNames.map((p) => `"${p.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  let goodsId: number;
  if (id === null) {
    const [row] = await rowsOf(
      tx,
      idOf.goods
        .query`insert into goods (supplier_id, category_id, name, brand, description, pictures, option_names,
            retail_cents, wholesale_cents, club_cents, enabled)
          values (${input.supplierId}, ${input.categoryId}, ${input.name}, ${input.brand}, ${description},
            ${pictures}::text[], ${optionNames}::text[], ${prices.retail}, ${prices.wholesale}, ${prices.club}, false)
          returning ${idOf.goods}`,
    );
    goodsId = row!.id;
  } else {
    const updated = await rowsOf(
      tx,
      idOf.goods
        .query`update goods set supplier_id = ${input.supplierId}, category_id = ${input.categoryId}, name = ${input.name},
            brand = ${input.brand}, description = ${description}, pictures = ${pictures}::text[],
            option_names = ${optionNames}::text[], retail_cents = ${prices.retail},
            wholesale_cents = ${prices.wholesale}, club_cents = ${prices.club}
          where id = ${id} returning ${idOf.goods}`,
    );
    if (updated.length === 0) throw notFound('There is no such good.');
    goodsId = id;
  }
  const existingColumns = columns({ id: sku.id, code: sku.code });
  const existing = await rowsOf(
    tx,
    existingColumns.query`select ${existingColumns} from sku where goods_id = ${goodsId} for update`,
  );
  const kept = new Set(input.skus.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  for (const s of input.skus) {
    if (s.id !== undefined && !existing.some((e) => e.id === s.id))
      throw badField('skus', `SKU ${s.id} is not one of this good's SKUs`);
  }
  if (existing.some((e) => !kept.has(e.id)))
    throw badField('skus', 'A saved SKU cannot be removed (orders name it); unpublish the good instead.');
  const codes = input.skus.flatMap((s) => (s.code ? [s.code] : []));
  const taken = await codesTaken(tx, goodsId, codes);
  if (taken.length) throw conflict({ field: 'skus', message: `code ${taken[0]} is taken by another good` });
  // Codes may move between this good's SKUs: clear them first so the unique index never sees two.
  if (existing.length) await tx.execute(sql`update sku set code = 'TMP-' || id where goods_id = ${goodsId}`);
  for (const [sort, s] of input.skus.entries()) {
    const options = JSON.stringify(s.options);
    let skuId: number;
    if (s.id === undefined) {
      const [row] = await rowsOf(
        tx,
        s.code
          ? idOf.sku
              .query`insert into sku (goods_id, code, options, retail_price_cents, wholesale_price_cents, club_price_cents, max_count, sort)
                values (${goodsId}, ${s.code}, ${options}::jsonb, ${s.retailCents}, ${s.wholesaleCents}, ${s.clubCents}, ${s.maxCount}, ${sort})
                returning ${idOf.sku}`
          : idOf.sku
              .query`insert into sku (goods_id, options, retail_price_cents, wholesale_price_cents, club_price_cents, max_count, sort)
                values (${goodsId}, ${options}::jsonb, ${s.retailCents}, ${s.wholesaleCents}, ${s.clubCents}, ${s.maxCount}, ${sort})
                returning ${idOf.sku}`,
      );
      skuId = row!.id;
    } else {
      skuId = s.id;
      await tx.execute(
        sql`update sku set options = ${options}::jsonb, retail_price_cents = ${s.retailCents},
              wholesale_price_cents = ${s.wholesaleCents}, club_price_cents = ${s.clubCents},
              max_count = ${s.maxCount}, sort = ${sort},
              code = ${s.code || existing.find((e) => e.id === s.id)!.code}
            where id = ${skuId}`,
      );
    }
    await tx.execute(sql`delete from promotion where sku_id = ${skuId}`);
    for (const p of s.promotions) {
      await tx.execute(
        sql`insert into promotion (sku_id, goods_id, price_cents, starts_at, ends_at)
            values (${skuId}, ${goodsId}, ${p.priceCents}, ${p.startsAt}::timestamptz, ${p.endsAt}::timestamptz)`,
      );
    }
  }
  return goodsId;
};

/** Publishes or unpublishes a good; answers whether it was published before (null: no such good). */
export const setGoodPublished = async (tx: Tx, id: number, published: boolean): Promise<boolean | null> => {
  const before = columns({ before: aliased(goods, 'old').enabled });
  const [row] = await rowsOf(
    tx,
    before.query`update goods g set enabled = ${published} from (select id, enabled from goods where id = ${id} for update) old
        where g.id = old.id returning ${before}`,
  );
  return row ? row.before : null;
};

const leafColumns = columns({
  id: aliased(category, 'c3').id,
  path: sql<string>`concat_ws(' > ', c1.name, c2.name, c3.name)`,
});

/** The third-level categories with their path ("Food > Pantry > Honey"), for the editor's choice. */
export const listLeafCategories = (db: Db) =>
  rowsOf(
    db,
    leafColumns.query`select ${leafColumns}
        from category c3 join category c2 on c2.id = c3.parent_id join category c1 on c1.id = c2.parent_id
        where c3.level = 3 order by c1.sort, c1.id, c2.sort, c2.id, c3.sort, c3.id`,
  );
