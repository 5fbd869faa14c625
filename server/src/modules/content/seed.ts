import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { seedNote as note, seedData } from '../../../seed/data-files.ts';
import {
  advertSvg,
  type DemoPicture,
  MOTIFS,
  promoSvg,
  slideSvg,
  THEMES,
  topBannerSvg,
  writeDemoPictures,
} from '../../../seed/pictures.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { banner, introduce, introduceGroup, mallSite, siteLink } from './tables.ts';

/*
 * In page content and link URLs, `{{page:key}}` stands for the address of the introduction page
 * with that key (`/pages/home/html?id=<its id>`), known once the pages are inserted.
 */

const pagesSchema = z.array(
  z.strictObject({
    placement: z.enum(['app', 'main']),
    name: z.string().min(1),
    pages: z.array(
      z.strictObject({
        key: z.string().regex(/^[a-z0-9-]+$/),
        title: z.string().min(1),
        summary: z.string().min(1),
        icon: z.string().min(1),
        updatedAt: z.iso.datetime().transform((at) => new Date(at)),
        /** HTML, one line per array item. */
        content: z.array(z.string()).transform((lines) => lines.join('\n')),
      }),
    ),
  }),
);

interface LinkSeed {
  key: string;
  name: string;
  title?: string | undefined;
  linkUrl: string;
  children?: LinkSeed[] | undefined;
}
const linkSchema: z.ZodType<LinkSeed> = z.lazy(() =>
  z.strictObject({
    key: z.string().min(1),
    name: z.string().min(1),
    /** The tooltip; the name when absent. */
    title: z.string().min(1).optional(),
    linkUrl: z.string().min(1),
    children: z.array(linkSchema).optional(),
  }),
);
const siteLinksSchema = z.strictObject({
  /** Header top links, shown in the signed-in user menu. */
  header: z.array(linkSchema),
  /** Footer site links: groups of links. */
  footer: z.array(linkSchema),
});

const art = z.strictObject({
  title: z.string().min(1),
  subtitle: z.string().min(1),
  eyebrow: z.string().min(1).optional(),
  cta: z.string().min(1).optional(),
  theme: z.enum(Object.keys(THEMES) as (keyof typeof THEMES)[]),
  motif: z.enum(MOTIFS),
});
const bannerHead = {
  /** Picture file name (without 'banner-' and '.svg'). */
  name: z.string().regex(/^[a-z0-9-]+$/),
  linkUrl: z.string().min(1),
  startsAt: z.iso
    .datetime()
    .transform((at) => new Date(at))
    .optional(),
  endsAt: z.iso
    .datetime()
    .transform((at) => new Date(at))
    .optional(),
  enabled: z.boolean().optional(),
  note,
};
const bannersSchema = z.array(
  z.discriminatedUnion('position', [
    z.strictObject({ position: z.enum(['top', 'slide', 'advert']), ...bannerHead, art }),
    z.strictObject({
      position: z.literal('promo'),
      ...bannerHead,
      promo: z.strictObject({ offer: z.string().min(1), ...art.omit({ eyebrow: true, cta: true }).shape }),
    }),
  ]),
);
type BannerSeed = z.output<typeof bannersSchema>[number];

const mallSitesSchema = z.array(
  z.strictObject({
    name: z.string().min(1),
    url: z.url(),
    description: z.string().min(1),
    enabled: z.boolean().optional(),
  }),
);

/** Shop-introduction pages: the footer service highlights and the grouped help pages. */
const introduceSeed = seedData('pages.json', pagesSchema);
const siteLinkSeed = seedData('site-links.json', siteLinksSchema);
const bannerSeed = seedData('banners.json', bannersSchema);
/** Sister sites of the mall. */
const mallSiteSeed = seedData('mall-sites.json', mallSitesSchema);

const bannerPicture = (b: BannerSeed): DemoPicture => {
  const name = `banner-${b.name}`;
  switch (b.position) {
    case 'top':
      return { name, svg: topBannerSvg(b.art) };
    case 'slide':
      return { name, svg: slideSvg(b.art) };
    case 'advert':
      return { name, svg: advertSvg(b.art) };
    case 'promo':
      return { name, svg: promoSvg(b.promo) };
  }
};

/** `{{page:key}}` in `text` as the address of that introduction page. */
const resolvePageLinks = (text: string, pageIds: ReadonlyMap<string, number>) =>
  text.replaceAll(/\{\{page:([a-z0-9-]+)\}\}/g, (_m, key: string) => {
    const id = pageIds.get(key);
    if (id === undefined) throw new Error(`Unknown introduce page '${key}'`);
    return `/pages/home/html?id=${id}`;
  });

/**
 * The introduction pages' words as pages.json now has them, for databases loaded before: each
 * page whose stored text is older than its `updatedAt` there takes the new title, summary and
 * content (the payment pages once promised methods the shop does not take).
 */
export const pageTextSeed: SeedSet = {
  name: 'content-pages-v2',
  async run({ db }) {
    const stored = await db.select({ id: introduce.id, key: introduce.key }).from(introduce);
    const pageIds = new Map(stored.map((r) => [r.key, r.id]));
    for (const group of introduceSeed()) {
      for (const p of group.pages) {
        if (!pageIds.has(p.key)) continue;
        await db
          .update(introduce)
          .set({
            title: p.title,
            summary: p.summary,
            content: resolvePageLinks(p.content, pageIds),
            updatedAt: p.updatedAt,
          })
          .where(and(eq(introduce.key, p.key), lt(introduce.updatedAt, p.updatedAt)));
      }
    }
  },
};

/** Content: banners (with their pictures), header and footer links, introduction pages and sister sites. */
export const contentSeed: SeedSet = {
  name: 'content-v1',
  async run({ db, uploadsDir }) {
    // Pages first: links and other pages refer to them by key.
    const pages = introduceSeed();
    const pageIds = new Map<string, number>();
    for (const [i, group] of pages.entries()) {
      const [g] = await db
        .insert(introduceGroup)
        .values({ placement: group.placement, name: group.name, sort: (i + 1) * 10 })
        .returning({ id: introduceGroup.id });
      const rows = await db
        .insert(introduce)
        .values(
          group.pages.map((p, j) => ({
            groupId: g!.id,
            key: p.key,
            title: p.title,
            summary: p.summary,
            icon: p.icon,
            content: p.content,
            updatedAt: p.updatedAt,
            sort: (j + 1) * 10,
          })),
        )
        .returning({ id: introduce.id, key: introduce.key });
      for (const r of rows) pageIds.set(r.key, r.id);
    }
    const resolve = (text: string) => resolvePageLinks(text, pageIds);
    for (const group of pages) {
      for (const p of group.pages) {
        if (p.content.includes('{{page:')) {
          await db
            .update(introduce)
            .set({ content: resolve(p.content) })
            .where(eq(introduce.id, pageIds.get(p.key)!));
        }
      }
    }

    const insertLinks = async (placement: 'up' | 'down', links: LinkSeed[], parentId: number | null) => {
      for (const [i, link] of links.entries()) {
        const [row] = await db
          .insert(siteLink)
          .values({
            placement,
            parentId,
            key: link.key,
            name: link.name,
            title: link.title ?? link.name,
            linkUrl: resolve(link.linkUrl),
            sort: (i + 1) * 10,
          })
          .returning({ id: siteLink.id });
        if (link.children) await insertLinks(placement, link.children, row!.id);
      }
    };
    const links = siteLinkSeed();
    await insertLinks('up', links.header, null);
    await insertLinks('down', links.footer, null);

    const banners = bannerSeed();
    const urls = await writeDemoPictures(uploadsDir, banners.map(bannerPicture));
    const sortIn = new Map<string, number>();
    await db.insert(banner).values(
      banners.map((b) => {
        const sort = (sortIn.get(b.position) ?? 0) + 10;
        sortIn.set(b.position, sort);
        const text =
          b.position === 'promo'
            ? { title: b.promo.title, subtitle: `${b.promo.offer} · ${b.promo.subtitle}` }
            : { title: b.art.title, subtitle: b.art.subtitle };
        return {
          position: b.position,
          ...text,
          imageUrl: urls[`banner-${b.name}`]!,
          linkUrl: b.linkUrl,
          sort,
          enabled: b.enabled ?? true,
          startsAt: b.startsAt ?? null,
          endsAt: b.endsAt ?? null,
        };
      }),
    );

    await db.insert(mallSite).values(mallSiteSeed().map((s, i) => ({ ...s, sort: (i + 1) * 10 })));
  },
};
