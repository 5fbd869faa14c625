import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ART_COLOUR_NAMES,
  allProductPictures,
  cataloguePictureUrl,
  productSvg,
  writeCataloguePictures,
} from '../../../seed/catalogue-pictures.ts';
import { seedData } from '../../../seed/data-files.ts';
import { catalogueSeed, type ThirdSeed, type TopSeed } from '../../../seed/demo-catalogue.ts';
import type { Db } from '../../db/client.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { rowsOf } from '../../lib/sql.ts';
import { findNzStockOrganisation, listOnlineStores, listSuppliers } from '../reference/index.ts';
import {
  type GeneratedBatch,
  type GeneratorContext,
  type GoodsRow,
  generateGoods,
  type ThirdCategory,
} from './generator.ts';
import { foldText } from './service.ts';
import { category, recommendBlock, recommendGoods } from './tables.ts';

/** How many goods the demo catalogue holds. */
export const DEMO_GOODS = 2400;
/** Goods per insert statement (about 3 SKUs each). */
const BATCH = 1000;

export const slugOf = (name: string) =>
  foldText(name)
    .replaceAll('&', ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface KeyedTop {
  key: string;
  seed: TopSeed;
  subs: { key: string; name: string; thirds: { key: string; seed: ThirdSeed }[] }[];
}

/** Every category of the demo tree with its unique key (a name used twice gets its parent's key in front). */
export const keyedCatalogue = (): KeyedTop[] => {
  const used = new Set<string>();
  const unique = (key: string, parentKey: string) => {
    const k = used.has(key) ? `${parentKey}-${key}` : key;
    used.add(k);
    return k;
  };
  return catalogueSeed().map((top) => {
    const topKey = unique(slugOf(top.name), '');
    return {
      key: topKey,
      seed: top,
      subs: top.subs.map((sub) => {
        const subKey = unique(slugOf(sub.name), topKey);
        return {
          key: subKey,
          name: sub.name,
          thirds: sub.thirds.map((t) => ({ key: unique(slugOf(t.name), subKey), seed: t })),
        };
      }),
    };
  });
};

const categoryPictureName = (key: string) => `category-${key}`;

/** Inserts the category tree and writes a picture for every third-level category. */
const insertCategories = async (db: Db, uploadsDir: string): Promise<ThirdCategory[]> => {
  const tree = keyedCatalogue();
  const pictures: { name: string; svg: string }[] = [];
  const thirds: ThirdCategory[] = [];
  let colourAt = 0;
  for (const [i, top] of tree.entries()) {
    const [topRow] = await db
      .insert(category)
      .values({ level: 1, key: top.key, name: top.seed.name, sort: (i + 1) * 10 })
      .returning({ id: category.id });
    for (const [j, sub] of top.subs.entries()) {
      const firstThird = sub.thirds[0]!;
      const [subRow] = await db
        .insert(category)
        .values({
          parentId: topRow!.id,
          level: 2,
          key: sub.key,
          name: sub.name,
          sort: (j + 1) * 10,
          pictureUrl: cataloguePictureUrl(categoryPictureName(firstThird.key)),
        })
        .returning({ id: category.id });
      const rows = await db
        .insert(category)
        .values(
          sub.thirds.map((t, k) => {
            const colour = t.seed.colour ?? ART_COLOUR_NAMES[colourAt++ % ART_COLOUR_NAMES.length]!;
            pictures.push({
              name: categoryPictureName(t.key),
              svg: productSvg(t.seed.art, colour, t.seed.name),
            });
            return {
              parentId: subRow!.id,
              level: 3,
              key: t.key,
              name: t.seed.name,
              sort: (k + 1) * 10,
              pictureUrl: cataloguePictureUrl(categoryPictureName(t.key)),
              // The first two third-level categories of the first two sub-categories star in the home hero.
              featured: j < 2 && k < 2,
            };
          }),
        )
        .returning({ id: category.id, key: category.key });
      for (const [k, row] of rows.entries())
        thirds.push({ id: row.id, seed: sub.thirds[k]!.seed, top: top.seed });
    }
  }
  await writeCataloguePictures(uploadsDir, [...pictures, ...allProductPictures()]);
  return thirds;
};

/** The generator's context for the catalogue in the database: its third-level categories and suppliers. */
export const loadGeneratorContext = async (db: Db, now = new Date()): Promise<GeneratorContext> => {
  const byKey = new Map<string, { seed: ThirdSeed; top: TopSeed }>();
  for (const top of keyedCatalogue())
    for (const sub of top.subs) for (const t of sub.thirds) byKey.set(t.key, { seed: t.seed, top: top.seed });
  const rows = await rowsOf<{ id: number; key: string }>(
    db,
    sql`select id, key from category where level = 3 order by id`,
  );
  const thirds = rows.flatMap((r) => {
    const seed = byKey.get(r.key);
    return seed ? [{ id: r.id, ...seed }] : [];
  });
  const suppliers = await listSuppliers(db);
  const self = suppliers.find((s) => s.self);
  if (thirds.length === 0 || !self) throw new Error('The demo categories and suppliers must be loaded first');
  return {
    thirds,
    supplierIds: new Map(suppliers.map((s) => [s.code, s.id])),
    supplierNames: new Map(suppliers.map((s) => [s.id, s.name])),
    selfCode: self.code,
    now,
  };
};

/** Inserts generated goods, SKUs and promotions (ids given), then stock at every online store. */
export const insertGenerated = async (db: Db, batch: GeneratedBatch): Promise<void> => {
  if (batch.goods.length === 0) return;
  await db.execute(
    sql`insert into goods (id, supplier_id, category_id, name, description, pictures, option_names,
          retail_cents, wholesale_cents, club_cents, sales, created_at)
        select * from jsonb_to_recordset(${JSON.stringify(batch.goods)}::jsonb) as x(id int, supplier_id int,
          category_id int, name text, description text, pictures text[], option_names text[],
          retail_cents int, wholesale_cents int, club_cents int, sales int, created_at timestamptz)`,
  );
  await db.execute(
    sql`insert into sku (id, goods_id, code, gtin, options, retail_price_cents, wholesale_price_cents, club_price_cents,
          max_count, picture_url, sort)
        select * from jsonb_to_recordset(${JSON.stringify(batch.skus)}::jsonb) as x(id int, goods_id int,
          code text, gtin text, options jsonb, retail_price_cents int, wholesale_price_cents int, club_price_cents int,
          max_count int, picture_url text, sort int)`,
  );
  if (batch.promotions.length > 0) {
    await db.execute(
      sql`insert into promotion (sku_id, goods_id, price_cents, starts_at, ends_at)
          select * from jsonb_to_recordset(${JSON.stringify(batch.promotions)}::jsonb) as x(sku_id int,
            goods_id int, price_cents int, starts_at timestamptz, ends_at timestamptz)`,
    );
  }
  const [stores, nz] = await Promise.all([listOnlineStores(db), findNzStockOrganisation(db)]);
  const skuIds = batch.skus.map((s) => s.id);
  // Deterministic quantities: the NZ stock warehouse holds the most; ~4% of SKU-store pairs and
  // ~3% of goods (at every store) are out of stock.
  await db.execute(
    sql`insert into stock (sku_id, org_id, quantity)
        select s.id, o.id,
          case when s.goods_id % 37 = 0 or (s.id::bigint * 37 + o.id * 101) % 23 = 0 then 0
               when o.id = ${nz?.id ?? 0} then 20 + (s.id::bigint * 7919 + o.id) % 480
               else (s.id::bigint * 104729 + o.id * 13) % 60 end
        from sku s
        cross join unnest(${`{${stores.map((o) => o.id).join(',')}}`}::int[]) as o(id)
        where s.id between ${Math.min(...skuIds)} and ${Math.max(...skuIds)}`,
  );
};

const syncSequences = async (db: Db) => {
  for (const table of ['goods', 'sku']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.raw(table)}), 1))`,
    );
  }
};

/**
 * Tops the catalogue up to `target` goods with the demo generator, in batches; returns how many
 * goods were added. Categories and suppliers must be loaded (the demo sets).
 */
export const topUpCatalogue = async (
  db: Db,
  target: number,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<number> => {
  const ctx = await loadGeneratorContext(db);
  const [state] = await rowsOf<{ n: number; goods_id: number; sku_id: number }>(
    db,
    sql`select (select count(*)::int from goods) as n, (select coalesce(max(id), 0)::int from goods) as goods_id,
          (select coalesce(max(id), 0)::int from sku) as sku_id`,
  );
  const missing = target - state!.n;
  if (missing <= 0) return 0;
  const usedNames = new Set(
    (await rowsOf<{ name: string }>(db, sql`select name from goods`)).map((r) => r.name),
  );
  let goodsId = state!.goods_id + 1;
  let skuId = state!.sku_id + 1;
  for (let done = 0; done < missing; done += BATCH) {
    const count = Math.min(BATCH, missing - done);
    const batch = generateGoods(ctx, state!.n + done, count, { goodsId, skuId }, usedNames);
    await insertGenerated(db, batch);
    goodsId += batch.goods.length;
    skuId += batch.skus.length;
    onProgress(done + count, missing);
  }
  await syncSequences(db);
  return missing;
};

const goodsCount = z.int().positive();
const goodsRule = z.discriminatedUnion('rule', [
  /** The best-selling goods, skipping the first `skip`. */
  z.strictObject({ rule: z.literal('best-selling'), skip: z.int().nonnegative(), count: goodsCount }),
  /** The best sellers among goods on a promotion running now, skipping the first `skip`. */
  z.strictObject({ rule: z.literal('on-promotion'), skip: z.int().nonnegative(), count: goodsCount }),
  z.strictObject({ rule: z.literal('newest'), count: goodsCount }),
  /** The best sellers of the mall's own range (the self supplier). */
  z.strictObject({ rule: z.literal('own-range'), count: goodsCount }),
  /** The best sellers whose name holds one of the words (any case). */
  z.strictObject({
    rule: z.literal('name-has'),
    words: z.array(z.string().regex(/^[a-z0-9 ]+$/, 'plain lower-case words')).min(1),
    count: goodsCount,
  }),
]);
type GoodsRule = z.output<typeof goodsRule>;

/** Placements of recommendation blocks, by their names in the data file. */
const PLACEMENTS = { home: 1, recommendations: 2, 'goods-detail': 3 } as const;

/** Recommendation blocks, in display order: their goods are chosen from the generated goods by rules. */
const recommendBlockSeed = seedData(
  'recommend-blocks.json',
  z.array(
    z.strictObject({
      placement: z.enum(Object.keys(PLACEMENTS) as (keyof typeof PLACEMENTS)[]),
      title: z.string().min(1),
      subtitle: z.string(),
      goods: goodsRule,
    }),
  ),
);

/** The ids of the goods a rule picks from the generated goods. */
const goodsPicker = (batch: GeneratedBatch, selfId: number) => {
  const bySales = [...batch.goods].sort((a, b) => b.sales - a.sales || a.id - b.id);
  const now = new Date().toISOString();
  const onPromo = new Set(
    batch.promotions.filter((p) => p.starts_at <= now && now < p.ends_at).map((p) => p.goods_id),
  );
  const promoGoods = bySales.filter((g) => onPromo.has(g.id));
  const newest = [...batch.goods].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id - b.id);
  const pickFrom = (rule: GoodsRule): GoodsRow[] => {
    switch (rule.rule) {
      case 'best-selling':
        return bySales.slice(rule.skip);
      case 'on-promotion':
        return promoGoods.slice(rule.skip);
      case 'newest':
        return newest;
      case 'own-range':
        return bySales.filter((g) => g.supplier_id === selfId);
      case 'name-has': {
        const re = new RegExp(rule.words.join('|'), 'i');
        return bySales.filter((g) => re.test(g.name));
      }
    }
  };
  return (rule: GoodsRule): number[] =>
    pickFrom(rule)
      .slice(0, rule.count)
      .map((g) => g.id);
};

/** The demo catalogue: the category tree with pictures, 2,400 goods with SKUs, stock, promotions and recommendations. */
export const catalogueDemoSeed: SeedSet = {
  name: 'catalogue-v1',
  async run({ db, uploadsDir }) {
    await insertCategories(db, uploadsDir);
    const ctx = await loadGeneratorContext(db);
    const usedNames = new Set<string>();
    const all: GeneratedBatch = { goods: [], skus: [], promotions: [] };
    const [max] = await rowsOf<{ goods_id: number; sku_id: number }>(
      db,
      sql`select (select coalesce(max(id), 0)::int from goods) as goods_id, (select coalesce(max(id), 0)::int from sku) as sku_id`,
    );
    let ids = { goodsId: max!.goods_id + 1, skuId: max!.sku_id + 1 };
    for (let from = 0; from < DEMO_GOODS; from += BATCH) {
      const batch = generateGoods(ctx, from, Math.min(BATCH, DEMO_GOODS - from), ids, usedNames);
      await insertGenerated(db, batch);
      all.goods.push(...batch.goods);
      all.skus.push(...batch.skus);
      all.promotions.push(...batch.promotions);
      ids = { goodsId: ids.goodsId + batch.goods.length, skuId: ids.skuId + batch.skus.length };
    }
    await syncSequences(db);

    const goodsOf = goodsPicker(all, ctx.supplierIds.get(ctx.selfCode)!);
    for (const [i, block] of recommendBlockSeed().entries()) {
      const goods = goodsOf(block.goods);
      const [row] = await db
        .insert(recommendBlock)
        .values({
          placement: PLACEMENTS[block.placement],
          title: block.title,
          subtitle: block.subtitle,
          sort: (i + 1) * 10,
        })
        .returning({ id: recommendBlock.id });
      if (goods.length > 0) {
        await db
          .insert(recommendGoods)
          .values(goods.map((goodsId, j) => ({ blockId: row!.id, goodsId, sort: (j + 1) * 10 })));
      }
    }
  },
};
