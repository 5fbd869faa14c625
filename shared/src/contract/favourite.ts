import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.ts';
import { goodsCardSchema, skuSchema } from './catalogue.ts';
import { ROW_ID_MAX } from './row-id.ts';

/**
 * A member's favourite goods (docs/favourites.md). The calls, under /api, are those of the
 * specification (section 7, "Favourites").
 */
export const FAVOURITE_CALLS = {
  collect: '/user/favorite/collect/:id',
  list: '/user/favorite',
  clear: '/user/favorite/clear',
} as const;

/** The path that collects (or un-collects) good `id`. */
export const collectPath = (id: number) => `/api/user/favorite/collect/${id}`;

/** The default of `FAVOURITES_MAX`: how many goods a member may keep as favourites. */
export const FAVOURITES_MAX_DEFAULT = 1000;

/** The refusal of a good that is unknown or no longer sold (404). */
export const FAVOURITE_NOT_SOLD = 'This good is not sold any more, so it cannot be added to your favourites.';

/** The refusal of one favourite too many (409). */
export const favouritesFullMessage = (max: number) =>
  `You can keep at most ${max.toLocaleString('en-US')} favourite goods. Remove some to add new ones.`;

/** PATCH /api/user/favorite/collect/{id}: the good's state after the toggle, and how many the member keeps. */
export const collectAnswerSchema = z.object({
  goodsId: z.number().int(),
  collected: z.boolean(),
  total: z.number().int(),
});
export type CollectAnswer = z.infer<typeof collectAnswerSchema>;

/** At most this many ids in `goodsIds` (a page of search results is 20). */
export const FAVOURITE_IDS_MAX = 100;

/**
 * GET /api/user/favorite: a page of the member's favourites, newest first; with `goodsIds`
 * (comma-separated), only those of these goods that are favourites (the hearts of a page).
 */
export const favouriteListQuery = pageQuery.extend({
  goodsIds: z
    .string()
    .regex(
      new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${FAVOURITE_IDS_MAX - 1}}$`),
      `must be a comma-separated list of up to ${FAVOURITE_IDS_MAX} goods ids`,
    )
    .transform((s, ctx) => {
      const ids = [...new Set(s.split(',').map(Number))];
      if (ids.some((id) => id < 1 || id > ROW_ID_MAX)) {
        ctx.addIssue({ code: 'custom', message: 'must hold goods ids from 1 to 2147483647' });
        return z.NEVER;
      }
      return ids;
    })
    .optional(),
});

/**
 * A favourite: the good's name and picture always; `goods` is its card as this member sees it
 * now (price for their tier or the running promotion, stock, supplier), or null when the good is
 * no longer sold. `sku` is its only SKU when it has exactly one (added to the cart directly);
 * with several, the SKU is chosen first.
 */
export const favouriteSchema = z.object({
  goodsId: z.number().int(),
  name: z.string(),
  thumbUrl: z.string(),
  collectedAt: z.string(),
  goods: goodsCardSchema.nullable(),
  skuCount: z.number().int(),
  sku: skuSchema.nullable(),
});
export type Favourite = z.infer<typeof favouriteSchema>;

export const favouritePageSchema = pageOf(favouriteSchema);
export type FavouritePage = z.infer<typeof favouritePageSchema>;

/** DELETE /api/user/favorite/clear: how many favourites were removed. */
export const clearAnswerSchema = z.object({ removed: z.number().int() });
