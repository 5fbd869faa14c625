import { z } from 'zod';

/** Where a banner shows: the thin strip above the header, the home carousel, the adverts beside it, the promo tiles. */
export const bannerPositionSchema = z.enum(['top', 'slide', 'advert', 'promo']);
export type BannerPosition = z.infer<typeof bannerPositionSchema>;

/**
 * A banner picture with its link. Picture sizes of the demo data (width x height):
 * top 1200x100, slide 1200x400, advert 600x250, promo 400x300.
 */
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** A link (name, linkUrl, title, key, children). External links are full https URLs. */
export interface Link {
  name: string;
  linkUrl: string;
  title: string;
  key: string;
  children: Link[];
}
export const linkSchema: z.ZodType<Link> = z.object({
  name: z.string(),
  linkUrl: z.string(),
  title: z.string(),
  key: z.string(),
  get children() {
    return z.array(linkSchema);
  },
});

/** Icon keys of the service highlights; the web maps each to an SVG. */
export const INTRODUCE_ICONS = ['truck', 'shield', 'return', 'headset', 'tag', 'store'] as const;
export type IntroduceIcon = (typeof INTRODUCE_ICONS)[number];

/** A shop-introduction entry: a service highlight or a help/service page in the footer. */
export const introduceSchema = z.object({
  id: z.number().int(),
  /** Stable slug of the page, e.g. 'privacy', 'returns', 'contact'. */
  key: z.string(),
  title: z.string(),
  summary: z.string(),
  /** One of INTRODUCE_ICONS. */
  icon: z.string(),
});
export type Introduce = z.infer<typeof introduceSchema>;

export const introduceGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  children: z.array(introduceSchema),
});
export type IntroduceGroup = z.infer<typeof introduceGroupSchema>;

export const introduceDetailSchema = introduceSchema.extend({
  groupName: z.string(),
  /** Trusted HTML written by the shop (h2, p, ul, li, strong, a only). */
  content: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type IntroduceDetail = z.infer<typeof introduceDetailSchema>;

/** A sister site of the mall group (the consolidation mall list). */
export const mallSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
});
export type MallSite = z.infer<typeof mallSiteSchema>;

/** GET /api/shop/terms/{key}: the terms a shopper agrees to, as sections of cleaned HTML. */
export const termsSchema = z.object({
  key: z.enum(['standard', 'wholesale']),
  sections: z.array(z.object({ id: z.string(), title: z.string(), html: z.string() })),
  /** When an operator last saved them (ISO 8601); null while the shop's own text applies. */
  updatedAt: z.string().nullable(),
});
export type Terms = z.infer<typeof termsSchema>;
