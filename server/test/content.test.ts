import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Banner,
  bannerSchema,
  INTRODUCE_ICONS,
  type IntroduceDetail,
  introduceDetailSchema,
  introduceGroupSchema,
  introduceSchema,
  type Link,
  linkSchema,
  mallSiteSchema,
} from '@mall/shared/contract/content';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedLog } from '../src/db/meta-tables.ts';
import { runSeeds } from '../src/db/run-seeds.ts';
import { demoSeedSets } from '../src/demo-seed-sets.ts';
import { banner, introduce, introduceGroup, mallSite, siteLink } from '../src/modules/content/tables.ts';
import { codeItem, codeList, organisation, supplier } from '../src/modules/reference/tables.ts';
import { expectData, startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const getData = <S extends z.ZodType>(url: string, schema: S) => expectData(server, url, schema);

const banners = z.array(bannerSchema);
const links = z.array(linkSchema);
const DAY = 86_400_000;

/** App routes the storefront has (docs/routes.md), plus the home info page. */
const APP_ROUTE = /^\/pages\/[a-z/-]+(\?[a-zA-Z]+=[^&]+(&[a-zA-Z]+=[^&]+)*)?$/;

const flatten = (tree: Link[]): Link[] => tree.flatMap((l) => [l, ...flatten(l.children)]);

describe(`banners (${testDbKind})`, () => {
  it('serves the top banner and the seeded slides, adverts and promos in order', async () => {
    const top = await getData('/api/banner/top', bannerSchema.nullable());
    expect(top).not.toBeNull();
    expect(top!.title).toMatch(/delivery/i);
    const slides = await getData('/api/banner/slides', banners);
    const adverts = await getData('/api/banner/adverts', banners);
    const promos = await getData('/api/banner/promos', banners);
    expect(slides).toHaveLength(5);
    expect(adverts).toHaveLength(4);
    expect(promos).toHaveLength(6);
    expect(slides[0]!.title).toBe('Layer up for winter');
    for (const b of [top!, ...slides, ...adverts, ...promos]) {
      expect(b.imageUrl).toMatch(/^\/uploads\/demo\/banner-[a-z0-9-]+\.svg$/);
      expect(b.linkUrl).toMatch(APP_ROUTE);
      expect(b.title.length).toBeGreaterThan(0);
    }
  });

  it('never serves the expired Black Friday slide', async () => {
    const slides = await getData('/api/banner/slides', banners);
    expect(slides.map((s) => s.title)).not.toContain('Black Friday deals');
    const [expired] = await server.database.db
      .select()
      .from(banner)
      .where(eq(banner.title, 'Black Friday deals'));
    expect(expired!.endsAt!.getTime()).toBeLessThan(Date.now());
  });

  it('shows a banner only while it is enabled and within its start and end', async () => {
    const db = server.database.db;
    const now = Date.now();
    const base = {
      position: 'advert' as const,
      subtitle: 'test',
      imageUrl: '/uploads/demo/x.svg',
      linkUrl: '/',
    };
    const rows = await db
      .insert(banner)
      .values([
        { ...base, title: 'T expired', startsAt: new Date(now - 10 * DAY), endsAt: new Date(now - DAY) },
        { ...base, title: 'T future', startsAt: new Date(now + DAY), endsAt: new Date(now + 10 * DAY) },
        { ...base, title: 'T current', startsAt: new Date(now - DAY), endsAt: new Date(now + DAY), sort: 1 },
        { ...base, title: 'T open-ended', endsAt: null, startsAt: new Date(now - DAY), sort: 99 },
        { ...base, title: 'T disabled', enabled: false },
      ])
      .returning({ id: banner.id });
    try {
      const titles = (await getData('/api/banner/adverts', banners)).map((b: Banner) => b.title);
      expect(titles).toContain('T current');
      expect(titles).toContain('T open-ended');
      expect(titles).not.toContain('T expired');
      expect(titles).not.toContain('T future');
      expect(titles).not.toContain('T disabled');
      // Sort 1 comes before the seeded adverts (sort 10...), sort 99 after them.
      expect(titles[0]).toBe('T current');
      expect(titles.at(-1)).toBe('T open-ended');

      // The future one appears once its start has passed...
      await db
        .update(banner)
        .set({ startsAt: new Date(now - 1000) })
        .where(eq(banner.title, 'T future'));
      expect((await getData('/api/banner/adverts', banners)).map((b) => b.title)).toContain('T future');
      // ...and a current one disappears once it is disabled.
      await db.update(banner).set({ enabled: false }).where(eq(banner.title, 'T current'));
      expect((await getData('/api/banner/adverts', banners)).map((b) => b.title)).not.toContain('T current');
    } finally {
      await db.delete(banner).where(
        inArray(
          banner.id,
          rows.map((r) => r.id),
        ),
      );
    }
    expect(await getData('/api/banner/adverts', banners)).toHaveLength(4);
  });

  it('answers null when no top banner is showing', async () => {
    const db = server.database.db;
    await db.update(banner).set({ enabled: false }).where(eq(banner.position, 'top'));
    try {
      const res = await server.call('/api/banner/top');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, code: 200, message: 'success', data: null });
    } finally {
      await db.update(banner).set({ enabled: true }).where(eq(banner.position, 'top'));
    }
    expect(await getData('/api/banner/top', bannerSchema.nullable())).not.toBeNull();
  });

  it('refuses a banner that ends before it starts or has an unknown position', async () => {
    const db = server.database.db;
    const base = { title: 'bad', imageUrl: '/x.svg' };
    await expect(
      db
        .insert(banner)
        .values({ ...base, position: 'slide', startsAt: new Date(2_000), endsAt: new Date(1_000) }),
    ).rejects.toThrow();
    await expect(db.insert(banner).values({ ...base, position: 'sidebar' as 'slide' })).rejects.toThrow();
  });

  it('writes every banner picture to disk and serves it as an SVG without script', async () => {
    const rows = await server.database.db.select({ imageUrl: banner.imageUrl }).from(banner);
    expect(rows.length).toBe(17);
    for (const { imageUrl } of rows) {
      const file = path.join(server.config.uploadsDir, imageUrl.replace(/^\/uploads\//, ''));
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
      expect(svg).not.toMatch(/<script|\son\w+=|<foreignObject|href="(https?:|javascript:)/i);
      const res = await server.app.inject(imageUrl);
      expect(res.statusCode, imageUrl).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });
});

describe(`links (${testDbKind})`, () => {
  it('serves the header top links as a nested tree of app routes', async () => {
    const up = await getData('/api/shop/link/up', links);
    expect(up.map((l) => l.key)).toEqual(['account', 'wallet', 'favourites', 'order-import', 'help']);
    const account = up.find((l) => l.key === 'account')!;
    expect(account.children.map((c) => c.name)).toEqual([
      'Personal Center',
      'Profile',
      'Shipping addresses',
      'Account security',
    ]);
    expect(up.find((l) => l.key === 'favourites')!.children).toEqual([]);
    for (const l of flatten(up)) expect(l.linkUrl).toMatch(APP_ROUTE);
  });

  it('serves the footer site links as groups with children; external links are https', async () => {
    const down = await getData('/api/shop/link/down', links);
    expect(down.map((g) => g.name)).toEqual(['About Kauri Mall', 'Customer care', 'Trade', 'Policies']);
    for (const g of down) expect(g.children.length).toBeGreaterThanOrEqual(3);
    const all = flatten(down);
    const keys = all.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const l of all) expect(l.linkUrl).toMatch(/^(https:\/\/[a-z0-9.-]+\.[a-z]{2,}\/|\/pages\/)/);
    expect(all.some((l) => l.linkUrl.startsWith('https://'))).toBe(true);
    expect(all.find((l) => l.key === 'trade-register')!.linkUrl).toBe('/pages/user/register/windex');
    expect(all.find((l) => l.key === 'trade-all')!.linkUrl).toBe('/pages/search/index?keyword=all');
  });

  it('points every info-page link at a page that exists', async () => {
    const all = flatten([
      ...(await getData('/api/shop/link/up', links)),
      ...(await getData('/api/shop/link/down', links)),
    ]);
    const pageLinks = all.filter((l) => l.linkUrl.startsWith('/pages/home/html'));
    expect(pageLinks.length).toBeGreaterThan(10);
    for (const l of pageLinks) {
      const id = new URL(l.linkUrl, 'http://x').searchParams.get('id');
      const res = await server.call(`/api/shop/introduce/detail/${id}`);
      expect(res.status, l.key).toBe(200);
    }
  });
});

describe(`introduction pages (${testDbKind})`, () => {
  it('serves the service highlights with known icon keys', async () => {
    const highlights = await getData('/api/shop/introduce/app', z.array(introduceSchema));
    expect(highlights.map((h) => h.title)).toEqual([
      'NZ-wide delivery',
      'Secure payment',
      '14-day returns',
      'Local support',
    ]);
    for (const h of highlights) {
      expect(INTRODUCE_ICONS).toContain(h.icon);
      expect(h.summary.length).toBeGreaterThan(10);
    }
  });

  it('serves the help links in groups', async () => {
    const groups = await getData('/api/shop/introduce/main', z.array(introduceGroupSchema));
    expect(groups.map((g) => g.name)).toEqual([
      'Shopping guide',
      'Delivery',
      'After-sales',
      'About us',
      'Policies',
    ]);
    const titles = (name: string) => groups.find((g) => g.name === name)!.children.map((c) => c.title);
    expect(titles('Shopping guide')).toEqual(['How to order', 'Payment methods', 'Club membership']);
    expect(titles('Delivery')).toEqual(['Shipping rates', 'Delivery areas', 'Click & collect']);
    expect(titles('After-sales')).toEqual(['Returns & refunds', 'Warranty', 'Contact us']);
    expect(titles('About us')).toEqual(['Our story', 'Showroom', 'Careers']);
    expect(titles('Policies')).toEqual(['Privacy & cookies']);
  });

  it('has a detail page with real HTML for every highlight and help link', async () => {
    const highlights = await getData('/api/shop/introduce/app', z.array(introduceSchema));
    const groups = await getData('/api/shop/introduce/main', z.array(introduceGroupSchema));
    const entries = [
      ...highlights.map((h) => ({ ...h, groupName: 'Service highlights' })),
      ...groups.flatMap((g) => g.children.map((c) => ({ ...c, groupName: g.name }))),
    ];
    expect(entries).toHaveLength(17);
    for (const entry of entries) {
      const detail: IntroduceDetail = await getData(
        `/api/shop/introduce/detail/${entry.id}`,
        introduceDetailSchema,
      );
      expect(detail).toMatchObject(entry);
      expect(new Date(detail.updatedAt).toISOString()).toBe(detail.updatedAt);
      expect(detail.content).toMatch(/^<(h2|p)>/);
      // Only the simple tags the storefront styles, and no unresolved placeholders.
      const tags = new Set([...detail.content.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]));
      for (const tag of tags) expect(['h2', 'p', 'ul', 'li', 'strong', 'a']).toContain(tag);
      expect(detail.content).not.toContain('{{');
      for (const [, href] of detail.content.matchAll(/href="([^"]+)"/g)) {
        expect(href).toMatch(/^(\/pages\/|https:\/\/|mailto:)/);
      }
    }
  });

  it('leads to the terms pages of the storefront, which hold the one copy of the terms', async () => {
    const down = await getData('/api/shop/link/down', z.array(linkSchema));
    const urls = down.flatMap((l) => [l.linkUrl, ...l.children.map((c) => c.linkUrl)]);
    expect(urls).toContain('/pages/terms/standard');
    expect(urls).toContain('/pages/terms/wholesale');
    const groups = await getData('/api/shop/introduce/main', z.array(introduceGroupSchema));
    const byKey = new Map(groups.flatMap((g) => g.children).map((c) => [c.key, c.id]));
    const returns = await getData(
      `/api/shop/introduce/detail/${byKey.get('returns')}`,
      introduceDetailSchema,
    );
    expect(returns.content).toContain('Consumer Guarantees Act');
  });

  it('answers 404 for a missing page and 400 naming id for a bad one', async () => {
    const missing = await server.call('/api/shop/introduce/detail/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      success: false,
      code: 404,
      message: 'No page with id 999999.',
      data: null,
      reason: 'not_found',
    });
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await server.call(`/api/shop/introduce/detail/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400, data: { errors: [{ field: 'id' }] } });
      expect(res.body.message, bad).toMatch(/^id: /);
    }
  });

  it('hides a disabled page and every page of a disabled group', async () => {
    const db = server.database.db;
    const [howTo] = await db.select().from(introduce).where(eq(introduce.key, 'how-to-order'));
    await db.update(introduce).set({ enabled: false }).where(eq(introduce.id, howTo!.id));
    try {
      expect((await server.call(`/api/shop/introduce/detail/${howTo!.id}`)).status).toBe(404);
      const groups = await getData('/api/shop/introduce/main', z.array(introduceGroupSchema));
      expect(groups.flatMap((g) => g.children).map((c) => c.key)).not.toContain('how-to-order');
    } finally {
      await db.update(introduce).set({ enabled: true }).where(eq(introduce.id, howTo!.id));
    }
    await db.update(introduceGroup).set({ enabled: false }).where(eq(introduceGroup.id, howTo!.groupId));
    try {
      expect((await server.call(`/api/shop/introduce/detail/${howTo!.id}`)).status).toBe(404);
      const groups = await getData('/api/shop/introduce/main', z.array(introduceGroupSchema));
      expect(groups.map((g) => g.name)).not.toContain('Shopping guide');
    } finally {
      await db.update(introduceGroup).set({ enabled: true }).where(eq(introduceGroup.id, howTo!.groupId));
    }
  });
});

describe(`what the service pages promise (${testDbKind})`, () => {
  it('names only the ways to pay the shop takes', async () => {
    const pages = await server.database.db.select().from(introduce);
    for (const p of pages) {
      for (const promise of [/Apple Pay/i, /Google Pay/i, /bank transfer/i, /trade account/i]) {
        expect(`${p.key}: ${p.summary} ${p.content}`).not.toMatch(promise);
      }
    }
  });

  it('brings a database loaded before the change up to date, but keeps a page edited since', async () => {
    const db = server.database.db;
    const old = new Date('2025-06-12T21:30:00.000Z');
    await db
      .update(introduce)
      .set({ summary: 'Cards, Apple Pay, Google Pay, bank transfer and cash cards', updatedAt: old })
      .where(eq(introduce.key, 'payment-methods'));
    const edited = new Date('2027-01-01T00:00:00.000Z');
    await db
      .update(introduce)
      .set({ summary: 'Edited by the shop', updatedAt: edited })
      .where(eq(introduce.key, 'secure-payment'));
    await db.delete(seedLog).where(eq(seedLog.name, 'content-pages-v2'));
    expect(await runSeeds({ db, uploadsDir: server.config.uploadsDir }, demoSeedSets)).toEqual([
      'content-pages-v2',
    ]);
    const [methods] = await db.select().from(introduce).where(eq(introduce.key, 'payment-methods'));
    expect(methods!.summary).toBe('Visa and Mastercard, cash cards and points');
    expect(methods!.content).toMatch(/href="\/pages\/home\/html\?id=\d+"|<h2>Payment methods<\/h2>/);
    const [secure] = await db.select().from(introduce).where(eq(introduce.key, 'secure-payment'));
    expect(secure!.summary).toBe('Edited by the shop');
    expect(secure!.content).not.toContain('{{page:');
  });
});

describe(`sister sites (${testDbKind})`, () => {
  it('lists the enabled sister sites of the mall group', async () => {
    const sites = await getData('/api/consolidation/mall/list', z.array(mallSiteSchema));
    expect(sites.map((s) => s.name)).toEqual([
      'Kauri Trade Centre',
      'Kauri Outlet',
      'Kauri Fresh Market',
      'Kauri Gift Cards',
    ]);
    for (const s of sites) {
      expect(s.url).toMatch(/^https:\/\//);
      expect(s.description.length).toBeGreaterThan(10);
    }
    const [closed] = await server.database.db
      .select()
      .from(mallSite)
      .where(eq(mallSite.name, 'Kauri Travel'));
    expect(closed!.enabled).toBe(false);
  });

  it('documents every content call in the OpenAPI document', async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const p of [
      '/api/banner/top',
      '/api/banner/slides',
      '/api/banner/adverts',
      '/api/banner/promos',
      '/api/shop/link/up',
      '/api/shop/link/down',
      '/api/shop/introduce/app',
      '/api/shop/introduce/main',
      '/api/shop/introduce/detail/{id}',
      '/api/consolidation/mall/list',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});

describe(`demo data (${testDbKind})`, () => {
  it('adds nothing when the demo seeds run again', async () => {
    const db = server.database.db;
    const tables = {
      banner,
      introduce,
      introduceGroup,
      mallSite,
      siteLink,
      codeList,
      codeItem,
      organisation,
      supplier,
    };
    const count = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(async ([name, table]) => [name, await db.$count(table)] as const),
        ),
      );
    const before = await count();
    expect(before).toEqual({
      banner: 17,
      introduce: 17,
      introduceGroup: 6,
      mallSite: 5,
      siteLink: 37,
      codeList: 14,
      codeItem: 69,
      organisation: 6,
      supplier: 8,
    });
    const applied = await runSeeds({ db, uploadsDir: server.config.uploadsDir }, demoSeedSets);
    expect(applied).toEqual([]);
    expect(await count()).toEqual(before);
  });
});
