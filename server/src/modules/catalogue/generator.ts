import { mulberry32 } from '@mall/shared/seeded-random';
import {
  ART_COLOUR_NAMES,
  type ArtColour,
  cataloguePictureUrl,
  productPictureName,
} from '../../../seed/catalogue-pictures.ts';
import {
  type GoodsOptions,
  goodsOptions,
  type ThirdSeed,
  type TopSeed,
} from '../../../seed/demo-catalogue.ts';
import type { RawRow } from '../../db/columns.ts';
import { sanitizeDescription } from './description.ts';
import type { goods, promotion, sku } from './tables.ts';

/**
 * The demo goods generator: good number N (0, 1, 2, ...) is always the same good, whatever the
 * batch it is made in, because each good draws from its own seeded PRNG (mulberry32). Prices are
 * integer cents; derived prices use integer arithmetic only.
 */

export type Rng = () => number;
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export const between = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

export interface ThirdCategory {
  id: number;
  seed: ThirdSeed;
  top: TopSeed;
}

export interface GeneratorContext {
  thirds: readonly ThirdCategory[];
  /** Supplier id by code. */
  supplierIds: ReadonlyMap<string, number>;
  supplierNames: ReadonlyMap<number, string>;
  /** Code of the self supplier, which sells about 15% of the goods. */
  selfCode: string;
  now: Date;
}

/** The rows written, by column name; timestamps as ISO text. */
export type GoodsRow = Pick<
  RawRow<typeof goods>,
  | 'id'
  | 'supplier_id'
  | 'category_id'
  | 'name'
  | 'description'
  | 'pictures'
  | 'option_names'
  | 'retail_cents'
  | 'wholesale_cents'
  | 'club_cents'
  | 'sales'
> & { created_at: string };

/**
 * A SKU's code as the catalogue gives it (docs/order-import.md): the good's number and the SKU's
 * place among its options, e.g. KM001234-2. Migration 0015 gave existing SKUs the same.
 */
export const skuCodeOf = (goodsId: number, n: number): string => `KM${String(goodsId).padStart(6, '0')}-${n}`;

/** A GTIN-13 for a demo SKU: the New Zealand prefix 942, the SKU id and the check digit. */
export const gtinOf = (skuId: number): string => {
  const body = `942${String(skuId).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

/** A SKU row as the seed inserts it: every column of `sku`. */
export type SkuRow = RawRow<typeof sku>;

export type PromotionRow = Pick<RawRow<typeof promotion>, 'sku_id' | 'goods_id' | 'price_cents'> & {
  starts_at: string;
  ends_at: string;
};

export interface GeneratedBatch {
  goods: GoodsRow[];
  skus: SkuRow[];
  promotions: PromotionRow[];
}

const DAY = 86_400_000;
const ENDINGS = [99, 90, 50];

/** A retail price near `dollars`, in cents, ending in .99, .90 or .50. */
const retailCents = (rng: Rng, dollars: number) =>
  Math.max(1, Math.floor(dollars)) * 100 - 100 + pick(rng, ENDINGS);

/** `cents` x `basisPoints` / 10000, rounded half up, in integers. */
const share = (cents: number, basisPoints: number) => Math.floor((cents * basisPoints + 5000) / 10000);

interface OptionPlan {
  names: string[];
  combos: Record<string, string>[];
  /** Price step multipliers (percent) per combination. */
  steps: number[];
  /** Suffix for the name when there is one pack size. */
  suffix: string;
}

const consecutive = <T>(rng: Rng, xs: readonly T[], lo: number, hi: number): T[] => {
  const n = Math.min(xs.length, between(rng, lo, hi));
  const start = between(rng, 0, xs.length - n);
  return xs.slice(start, start + n);
};

const someColours = (rng: Rng, n: number, all: readonly string[]): string[] => {
  const start = between(rng, 0, all.length - 1);
  return Array.from({ length: n }, (_, i) => all[(start + i * 3) % all.length]!);
};

const planOptions = (rng: Rng, third: ThirdSeed, values: GoodsOptions): OptionPlan => {
  const kind = third.options;
  switch (kind) {
    case 'weight':
    case 'volume':
    case 'count': {
      const packs = consecutive(rng, values[kind], 1, 3);
      return {
        names: packs.length > 1 ? ['pack'] : [],
        combos: packs.length > 1 ? packs.map((pack) => ({ pack })) : [{}],
        steps: packs.map((_, i) => [100, 175, 310, 560][i]!),
        suffix: packs.length === 1 ? ` ${packs[0]}` : '',
      };
    }
    case 'storage': {
      const sizes = consecutive(rng, values.storage, 1, 3);
      const colours = someColours(rng, between(rng, 1, 2), values.colourNames);
      const combos = colours.flatMap((colour) => sizes.map((storage) => ({ colour, storage })));
      return {
        names: ['colour', 'storage'],
        combos,
        steps: combos.map((c) => 100 + sizes.indexOf(c.storage) * 22),
        suffix: '',
      };
    }
    case 'bed': {
      const sizes = consecutive(rng, values.bed, 2, 4);
      return {
        names: ['size'],
        combos: sizes.map((size) => ({ size })),
        steps: sizes.map((_, i) => 100 + i * 18),
        suffix: '',
      };
    }
    case 'apparel':
    case 'kids':
    case 'shoe': {
      const sizes = consecutive(rng, values[kind], 3, 4);
      const colours = someColours(rng, between(rng, 1, 2), values.colourNames);
      const combos = colours.flatMap((colour) => sizes.map((size) => ({ colour, size })));
      return { names: ['colour', 'size'], combos, steps: combos.map(() => 100), suffix: '' };
    }
    case 'colour': {
      const colours = someColours(rng, between(rng, 1, 4), values.colourNames);
      return {
        names: colours.length > 1 ? ['colour'] : [],
        combos: colours.length > 1 ? colours.map((colour) => ({ colour })) : [{}],
        steps: colours.map(() => 100),
        suffix: '',
      };
    }
    case 'none':
      return { names: [], combos: [{}], steps: [100], suffix: '' };
  }
};

const FEATURES = [
  'Checked by our team before dispatch',
  'Free standard delivery on orders of $99 or more',
  'Easy 14-day returns',
  'Backed by the Consumer Guarantees Act',
  'Ships from our Auckland or Christchurch warehouse',
  'Gift wrapping available at checkout',
];

const describe = (
  name: string,
  brand: string,
  top: TopSeed,
  third: ThirdSeed,
  plan: OptionPlan,
  supplier: string,
  rng: Rng,
) => {
  const optionLines = plan.names.map((n) => {
    const values = [...new Set(plan.combos.map((c) => c[n]!))];
    return `<li><strong>${n[0]!.toUpperCase()}${n.slice(1)}:</strong> ${values.join(', ')}</li>`;
  });
  const features = [pick(rng, FEATURES), pick(rng, FEATURES)].filter((f, i, a) => a.indexOf(f) === i);
  const html = `<p><strong>${name}</strong> by ${brand}. ${top.blurb}</p><ul>${optionLines.join('')}<li>Part of our ${third.name} range</li>${features.map((f) => `<li>${f}</li>`).join('')}</ul><p>Sold by ${supplier}. Prices include GST.</p>`;
  return sanitizeDescription(html);
};

/**
 * Goods number `from` to `from + count - 1`. Ids start at `goodsId` and `skuId`; names already
 * used (in `usedNames`) are varied so that each is unique within a run.
 */
export const generateGoods = (
  ctx: GeneratorContext,
  from: number,
  count: number,
  ids: { goodsId: number; skuId: number },
  usedNames: Set<string>,
): GeneratedBatch => {
  const batch: GeneratedBatch = { goods: [], skus: [], promotions: [] };
  const optionValues = goodsOptions();
  const colourArt = optionValues.colour;
  let skuId = ids.skuId;
  for (let n = from; n < from + count; n++) {
    const rng = mulberry32(0x6b61 ^ Math.imul(n + 1, 0x9e3779b1));
    const third = pick(rng, ctx.thirds);
    const { art, priceFrom: lo, priceTo: hi, products: items, colour: foodColour } = third.seed;
    const top = third.top;
    const supplierCode = rng() < 0.15 ? ctx.selfCode : pick(rng, top.suppliers);
    const supplierId = ctx.supplierIds.get(supplierCode)!;
    const item = pick(rng, items);
    // A brand never repeats a word of the product ('Kauri Merino Merino Gloves').
    const brands = top.brands.filter((b) => !b.split(' ').some((w) => w.length > 3 && item.includes(w)));
    const brand =
      supplierCode === ctx.selfCode && rng() < 0.5
        ? 'Local SPY'
        : pick(rng, brands.length ? brands : top.brands);
    const style = pick(rng, top.styles);
    const plan = planOptions(rng, third.seed, optionValues);
    let name = '';
    for (let attempt = 0; attempt < 6; attempt++) {
      const withStyle = attempt > 0 || rng() < 0.4;
      const styled =
        withStyle && !item.toLowerCase().includes(style.toLowerCase())
          ? `${attempt > 1 ? pick(rng, top.styles) : style} ${item}`
          : item;
      name = `${attempt > 2 ? pick(rng, brands.length ? brands : top.brands) : brand} ${styled}${plan.suffix}`;
      if (!usedNames.has(name)) break;
    }
    if (usedNames.has(name)) name = `${name} (No. ${n + 1})`;
    usedNames.add(name);

    const goodsId = ids.goodsId + (n - from);
    const base = lo + (hi - lo) * rng() ** 2;
    const baseCents = retailCents(rng, base);
    const wholesaleBp = between(rng, 7000, 8000);
    const clubBp = between(rng, 9000, 9500);
    const limited = rng() < 0.08 ? between(rng, 1, 5) : null;
    const colours = [...new Set(plan.combos.map((c) => c.colour).filter((c): c is string => Boolean(c)))];
    const mainColour: ArtColour = colours.length
      ? colourArt[colours[0]!]!
      : (foodColour ?? pick(rng, ART_COLOUR_NAMES));
    const skus: SkuRow[] = plan.combos.map((options, i) => {
      const step = plan.steps[i] ?? 100;
      const retail = step === 100 ? baseCents : retailCents(rng, ((baseCents / 100) * step) / 100);
      const skuArt = options.colour ? colourArt[options.colour] : undefined;
      const id = skuId++;
      return {
        id,
        goods_id: goodsId,
        code: skuCodeOf(goodsId, i + 1),
        gtin: gtinOf(id),
        options,
        retail_price_cents: retail,
        wholesale_price_cents: share(retail, wholesaleBp),
        club_price_cents: share(retail, clubBp),
        max_count: limited,
        picture_url: skuArt ? cataloguePictureUrl(productPictureName(art, skuArt)) : null,
        sort: (i + 1) * 10,
      };
    });
    const pictureColours = [
      ...colours.map((c) => colourArt[c]!),
      mainColour,
      ART_COLOUR_NAMES[(ART_COLOUR_NAMES.indexOf(mainColour) + 3) % ART_COLOUR_NAMES.length]!,
      ART_COLOUR_NAMES[(ART_COLOUR_NAMES.indexOf(mainColour) + 6) % ART_COLOUR_NAMES.length]!,
    ].filter((c, i, a) => a.indexOf(c) === i);
    const pictures = pictureColours.slice(0, 4).map((c) => cataloguePictureUrl(productPictureName(art, c)));
    const createdAt = new Date(ctx.now.getTime() - Math.floor(rng() * 400 * DAY));
    batch.goods.push({
      id: goodsId,
      supplier_id: supplierId,
      category_id: third.id,
      name,
      description: describe(
        name,
        brand,
        top,
        third.seed,
        plan,
        ctx.supplierNames.get(supplierId) ?? supplierCode,
        rng,
      ),
      pictures,
      option_names: plan.names,
      retail_cents: Math.min(...skus.map((s) => s.retail_price_cents)),
      wholesale_cents: Math.min(...skus.map((s) => s.wholesale_price_cents)),
      club_cents: Math.min(...skus.map((s) => s.club_price_cents)),
      sales: Math.floor(rng() ** 3 * 5000),
      created_at: createdAt.toISOString(),
    });
    batch.skus.push(...skus);

    // About 10% of goods are on promotion now; a few more have one that ended or has not started.
    const promo = rng();
    if (promo < 0.12) {
      const running = promo < 0.1;
      const ended = promo >= 0.11;
      const startsAt = running
        ? ctx.now.getTime() - between(rng, 1, 14) * DAY
        : ended
          ? ctx.now.getTime() - between(rng, 30, 60) * DAY
          : ctx.now.getTime() + between(rng, 3, 20) * DAY;
      const endsAt = running
        ? ctx.now.getTime() + between(rng, 3, 45) * DAY
        : startsAt + between(rng, 7, 21) * DAY;
      const offBp = between(rng, 7500, 9000);
      for (const sku of skus) {
        if (skus.length > 1 && rng() < 0.3) continue;
        batch.promotions.push({
          sku_id: sku.id,
          goods_id: goodsId,
          // 10-25% off retail: it beats the club price, and the wholesale price only sometimes.
          price_cents: share(sku.retail_price_cents, offBp),
          starts_at: new Date(startsAt).toISOString(),
          ends_at: new Date(endsAt).toISOString(),
        });
      }
    }
  }
  return batch;
};
