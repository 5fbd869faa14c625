import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { sanitizeDescription } from '../src/modules/catalogue/description.ts';
import { category, goods, promotion, sku, stock } from '../src/modules/catalogue/tables.ts';
import { organisation, supplier } from '../src/modules/reference/tables.ts';

/** A small, exactly known corner of the catalogue, inserted next to (or instead of) the demo data. */
export interface FixtureGood {
  name: string;
  description?: string;
  supplier: string;
  /** Retail, wholesale and club price of each SKU, in cents. */
  skus: {
    retail: number;
    wholesale: number;
    club: number;
    options?: Record<string, string>;
    maxCount?: number;
  }[];
  sales?: number;
  createdAt?: Date;
  enabled?: boolean;
}

let seq = 0;

/** Inserts a fixture category path (top > sub > third) and returns the third-level id with its parents. */
export const insertFixtureCategories = async (db: Db, name: string) => {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++seq}`;
  const [top] = await db
    .insert(category)
    .values({ level: 1, key: `${slug}-top`, name: `${name} Top`, sort: 9000 + seq })
    .returning({ id: category.id });
  const [sub] = await db
    .insert(category)
    .values({ level: 2, parentId: top!.id, key: `${slug}-sub`, name: `${name} Sub`, sort: 10 })
    .returning({ id: category.id });
  const [third] = await db
    .insert(category)
    .values({ level: 3, parentId: sub!.id, key: `${slug}-third`, name: `${name} Third`, sort: 10 })
    .returning({ id: category.id });
  return { topId: top!.id, subId: sub!.id, thirdId: third!.id };
};

export const supplierIdOf = async (db: Db, code: string) =>
  (await db.select({ id: supplier.id }).from(supplier).where(eq(supplier.code, code)))[0]!.id;

export const organisationIdOf = async (db: Db, code: string) =>
  (await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.code, code)))[0]!.id;

/** Inserts goods with their SKUs into a third-level category; returns goods ids and SKU ids in order. */
export const insertFixtureGoods = async (db: Db, categoryId: number, list: FixtureGood[]) => {
  const out: { id: number; skuIds: number[] }[] = [];
  for (const g of list) {
    const [row] = await db
      .insert(goods)
      .values({
        supplierId: await supplierIdOf(db, g.supplier),
        categoryId,
        name: g.name,
        description: sanitizeDescription(g.description ?? ''),
        pictures: ['/uploads/demo/catalogue/goods-jar-navy.svg'],
        optionNames: [...new Set(g.skus.flatMap((s) => Object.keys(s.options ?? {})))],
        retailCents: Math.min(...g.skus.map((s) => s.retail)),
        wholesaleCents: Math.min(...g.skus.map((s) => s.wholesale)),
        clubCents: Math.min(...g.skus.map((s) => s.club)),
        sales: g.sales ?? 0,
        enabled: g.enabled ?? true,
        ...(g.createdAt ? { createdAt: g.createdAt } : {}),
      })
      .returning({ id: goods.id });
    const skus = await db
      .insert(sku)
      .values(
        g.skus.map((s, i) => ({
          goodsId: row!.id,
          options: s.options ?? {},
          retailPriceCents: s.retail,
          wholesalePriceCents: s.wholesale,
          clubPriceCents: s.club,
          maxCount: s.maxCount ?? null,
          sort: i,
        })),
      )
      .returning({ id: sku.id });
    out.push({ id: row!.id, skuIds: skus.map((s) => s.id) });
  }
  return out;
};

export const setStock = async (db: Db, skuId: number, orgId: number, quantity: number) => {
  await db
    .insert(stock)
    .values({ skuId, orgId, quantity })
    .onConflictDoUpdate({
      target: [stock.skuId, stock.orgId],
      set: { quantity },
    });
};

export const addPromotion = async (
  db: Db,
  goodsId: number,
  skuId: number,
  priceCents: number,
  startsAt: Date,
  endsAt: Date,
) => {
  await db.insert(promotion).values({ goodsId, skuId, priceCents, startsAt, endsAt });
};
