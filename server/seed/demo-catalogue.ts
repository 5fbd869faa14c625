import { z } from 'zod';
import { ART_COLOUR_NAMES, ART_KINDS } from './catalogue-pictures.ts';
import { seedData } from './data-files.ts';

/*
 * The demo catalogue a New Zealand shopper would recognise (server/seed/categories.json): top-level
 * categories with their sub-categories and third-level categories, and for each third level the
 * products it sells, with their illustration, options and a retail price range in dollars. Brands
 * are made up. The goods themselves are generated from it (generator.ts).
 */

/** How the goods of a third-level category vary; the generator plans each kind's SKUs. */
export const OPTION_KINDS = [
  'weight',
  'volume',
  'count',
  'apparel',
  'kids',
  'shoe',
  'colour',
  'storage',
  'bed',
  'none',
] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

const words = z.array(z.string().min(1)).min(1);

const thirdSchema = z
  .strictObject({
    name: z.string().min(1),
    /** The product illustration. */
    art: z.enum(ART_KINDS),
    options: z.enum(OPTION_KINDS),
    /** Retail price range in dollars. */
    priceFrom: z.number().positive(),
    priceTo: z.number().positive(),
    /** Colour of the illustration when the goods have no colour option (food-like art). */
    colour: z.enum(ART_COLOUR_NAMES).optional(),
    products: words,
  })
  .refine((t) => t.priceFrom <= t.priceTo, { message: 'priceFrom is above priceTo' });

const topSchema = z.strictObject({
  name: z.string().min(1),
  /** Supplier codes that sell in this category (besides the self supplier, which sells everywhere). */
  suppliers: words,
  brands: words,
  /** Words placed before a product name for variety, e.g. 'Organic'. */
  styles: words,
  /** A sentence about the range, used in descriptions. */
  blurb: z.string().min(1),
  subs: z.array(z.strictObject({ name: z.string().min(1), thirds: z.array(thirdSchema).min(1) })).min(1),
});

export type ThirdSeed = z.output<typeof thirdSchema>;
export type TopSeed = z.output<typeof topSchema>;

/** The category tree, in display order. */
export const catalogueSeed = seedData('categories.json', z.array(topSchema).min(1));

/**
 * The option values goods are made with (server/seed/goods-options.json): pack sizes, storage,
 * bed and clothing sizes, and the colours with the illustration colour that draws each.
 */
export const goodsOptions = seedData(
  'goods-options.json',
  z
    .strictObject({
      weight: words,
      volume: words,
      count: words,
      storage: words,
      bed: words,
      apparel: words,
      kids: words,
      shoe: words,
      colour: z.record(z.string().min(1), z.enum(ART_COLOUR_NAMES)),
    })
    .transform((options) => ({ ...options, colourNames: Object.keys(options.colour) })),
);
export type GoodsOptions = ReturnType<typeof goodsOptions>;
