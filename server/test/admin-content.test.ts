import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from './account-helpers.ts';
import { type MatrixCall, roleMatrixTests, signInEveryone } from './admin-matrix.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

/** The back office's content: banners, sections, hot keywords, links, service pages (docs/back-office-content.md). */

let server: TestServer;
let everyone: Awaited<ReturnType<typeof signInEveryone>>;
let owner: Record<string, string>;
let goodsIds: number[];

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  everyone = await signInEveryone(server);
  owner = everyone.as.catalogue.headers;
  const { rows } = await server.database.db.execute<{ id: number }>(
    sql`select id from goods order by id limit 3`,
  );
  goodsIds = rows.map((r) => r.id);
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const admin = <T = unknown>(method: Method, url: string, payload?: Record<string, unknown>) =>
  server.call<T>({
    method,
    url: `/api/admin/content${url}`,
    headers: owner,
    ...(payload ? { payload } : {}),
  });
const shop = <T = unknown>(url: string) => server.call<T>({ url: `/api${url}` });

const CONTENT_TABLES = [
  'banner',
  'site_link',
  'introduce',
  'introduce_group',
  'recommend_block',
  'recommend_goods',
  'audit_log',
];
const counts = async () =>
  Object.fromEntries(await Promise.all(CONTENT_TABLES.map(async (t) => [t, await countRows(server, t)])));

const lastAudit = async () =>
  (
    await server.database.db.execute<{ action: string; subject: string; before: unknown; after: unknown }>(
      sql`select action, subject, before, after from audit_log order by id desc limit 1`,
    )
  ).rows[0];

const ALLOWED = ['owner', 'catalogue'] as const;
const NONE = 2_000_000_000;
const calls: MatrixCall[] = [
  ['GET', '/banners', undefined, 200],
  [
    'POST',
    '/banners',
    { position: 'promo', title: 'Matrix', imageUrl: '/uploads/content/m.png', enabled: false },
    200,
  ],
  ['PATCH', `/banners/${NONE}`, { title: 'x' }, 404],
  ['DELETE', `/banners/${NONE}`, undefined, 404],
  ['GET', '/sections', undefined, 200],
  ['POST', '/sections', { placement: 1, title: 'x', goodsIds: [NONE] }, 409],
  ['PATCH', `/sections/${NONE}`, { title: 'x' }, 404],
  ['DELETE', `/sections/${NONE}`, undefined, 404],
  ['GET', '/keywords', undefined, 200],
  ['PUT', '/keywords', { keyword: 'matrix', hidden: false }, 200],
  ['GET', '/links', undefined, 200],
  ['POST', '/links', { placement: 'up', parentId: NONE, key: 'matrix', name: 'x' }, 409],
  ['PATCH', `/links/${NONE}`, { name: 'x' }, 404],
  ['DELETE', `/links/${NONE}`, undefined, 404],
  ['GET', '/pages', undefined, 200],
  ['GET', `/pages/${NONE}`, undefined, 404],
  ['POST', '/pages', { groupId: NONE, key: 'matrix', title: 'x', content: '' }, 404],
  ['PATCH', `/pages/${NONE}`, { title: 'x' }, 404],
  ['POST', '/page-groups', { placement: 'main', name: 'Matrix', enabled: false }, 200],
  ['PATCH', `/page-groups/${NONE}`, { name: 'x' }, 404],
  ['POST', '/pictures', undefined, 400],
  ['GET', '/terms/standard', undefined, 200],
  ['PUT', '/terms/wholesale', { sections: [{ id: 'matrix', title: 'Matrix', html: '<p>x</p>' }] }, 200],
  ['DELETE', '/terms/wholesale', undefined, 200],
].map(([method, url, payload, okStatus]) => ({
  name: `${method} content${url}`,
  allowed: ALLOWED,
  request: () => ({
    method: method as Method,
    url: `/api/admin/content${url}`,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  }),
  okStatus: okStatus as number,
}));

describe(`content: the role x call matrix (${testDbKind})`, () => {
  roleMatrixTests(calls, () => ({ server, headersOf: everyone.headersOf }), counts);
});

describe(`content: banners (${testDbKind})`, () => {
  it('adds a slide that the home carousel shows, hides it, schedules it, deletes it; each change audited', async () => {
    const made = await admin<{ id: number }>('POST', '/banners', {
      position: 'slide',
      title: 'Spring honey week',
      imageUrl: '/uploads/content/spring.png',
      linkUrl: '/pages/search/index?keyword=honey',
      sort: -5,
    });
    expect(made.status).toBe(200);
    const { id } = made.body.data;
    const slides = async () => (await shop<{ id: number; title: string }[]>('/banner/slides')).body.data;
    expect((await slides())[0]).toMatchObject({ id, title: 'Spring honey week' });
    expect(await lastAudit()).toMatchObject({ action: 'banner.create', subject: `banner ${id} (slide)` });

    expect((await admin('PATCH', `/banners/${id}`, { enabled: false })).status).toBe(200);
    expect((await slides()).map((s) => s.id)).not.toContain(id);
    expect(await lastAudit()).toMatchObject({
      action: 'banner.update',
      before: { enabled: true, title: 'Spring honey week' },
      after: { enabled: false, title: 'Spring honey week' },
    });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await admin('PATCH', `/banners/${id}`, { enabled: true, startsAt: tomorrow });
    expect((await slides()).map((s) => s.id)).not.toContain(id);
    await admin('PATCH', `/banners/${id}`, { startsAt: null });
    expect((await slides()).map((s) => s.id)).toContain(id);

    expect((await admin('DELETE', `/banners/${id}`)).status).toBe(200);
    expect((await slides()).map((s) => s.id)).not.toContain(id);
    expect((await admin('GET', '/banners')).body.data).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('refuses bad banners with 400 naming the field, and changes nothing', async () => {
    const good = { position: 'advert', title: 'Ad', imageUrl: 'https://cdn.example.co.nz/a.png' };
    const [{ id }] = [(await admin<{ id: number }>('POST', '/banners', good)).body.data];
    const before = await counts();
    for (const [payload, field] of [
      [{ ...good, imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ ...good, linkUrl: '//evil.example/x' }, 'linkUrl'],
      [{ ...good, position: 'sky' }, 'position'],
      [{ ...good, title: 'x'.repeat(2000) }, 'title'],
      [{ ...good, title: 'a\u0000b' }, 'title'],
      [{ ...good, sort: 1e19 }, 'sort'],
      [{ ...good, enabled: 'yes' }, 'enabled'],
      [{ ...good, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'endsAt'],
      [{ ...good, startsAt: 'soon' }, 'startsAt'],
    ] as const) {
      const res = await admin('POST', '/banners', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await admin('PATCH', `/banners/${id}`, {})).status).toBe(400);
    expect((await admin('PATCH', '/banners/12345678901234567890', { title: 'x' })).status).toBe(400);
    expect((await admin('PATCH', '/banners/abc', { title: 'x' })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('stores an uploaded picture by its bytes, and refuses what is not a picture', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (bytes: Buffer, name: string) => {
      const boundary = 'kauriboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return server.call<{ url: string }>({
        method: 'POST',
        url: '/api/admin/content/pictures',
        headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const ok = await upload(png, 'banner.png');
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toMatch(/^\/uploads\/content\/[0-9a-f]{24}\.png$/);
    const served = await server.app.inject({ url: ok.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    const fake = await upload(Buffer.from('<script>alert(1)</script>'), 'banner.png');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toContain('PNG, JPEG, WebP or GIF');
  });
});

describe(`content: sections of goods (${testDbKind})`, () => {
  it('adds a home section whose goods the shop shows in that order; replaces and deletes them', async () => {
    const [a, b, c] = goodsIds as [number, number, number];
    const made = await admin<{ id: number; goods: { id: number }[] }>('POST', '/sections', {
      placement: 1,
      title: 'Picked for spring',
      goodsIds: [c, a],
      sort: -100,
    });
    expect(made.status).toBe(200);
    const { id } = made.body.data;
    expect(made.body.data.goods.map((g) => g.id)).toEqual([c, a]);
    const home = async () =>
      (await shop<{ id: number; title: string; goods: { id: number }[] }[]>('/hot/recommend/app/1')).body
        .data;
    expect((await home())[0]).toMatchObject({ id, title: 'Picked for spring' });
    expect((await home())[0]!.goods.map((g) => g.id)).toEqual([c, a]);

    await admin('PATCH', `/sections/${id}`, { goodsIds: [b] });
    expect((await home())[0]!.goods.map((g) => g.id)).toEqual([b]);
    expect(await lastAudit()).toMatchObject({
      action: 'section.update',
      before: { goodsIds: [c, a] },
      after: { goodsIds: [b] },
    });

    const before = await counts();
    const unknown = await admin('PATCH', `/sections/${id}`, { goodsIds: [b, 1_999_999_999] });
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toContain('1999999999');
    expect((await admin('POST', '/sections', { placement: 1, title: 'x', goodsIds: ['1'] })).status).toBe(
      400,
    );
    expect(await counts()).toEqual(before);
    expect((await home())[0]!.goods.map((g) => g.id)).toEqual([b]);

    await admin('DELETE', `/sections/${id}`);
    expect((await home()).map((s) => s.id)).not.toContain(id);
  });
});

describe(`content: hot keywords (${testDbKind})`, () => {
  it('a pinned keyword leads the hot keywords; a hidden one is never hot nor suggested', async () => {
    const hot = async () => (await shop<string[]>('/search/keyword/hot')).body.data;
    const suggest = async (text: string) => (await shop<string[]>(`/search/keyword/query/${text}`)).body.data;
    // A phrase shoppers searched a lot (it found goods), which the shop would rather not offer.
    const victim = 'honey scam';
    await server.database.db.execute(
      sql`insert into hot_keyword (keyword, search_count, result_count) values (${victim}, 100000, 3)`,
    );
    expect((await hot())[0]).toBe(victim);

    const pinned = await admin<{ pinned: number }>('PUT', '/keywords', {
      keyword: '  Manuka   GIFT box ',
      pinned: 1,
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.data).toMatchObject({ keyword: 'manuka gift box', pinned: 1, hidden: false });
    expect((await hot())[0]).toBe('manuka gift box');

    expect(await suggest('honey s')).toContain(victim);
    await admin('PUT', '/keywords', { keyword: victim, hidden: true });
    expect(await hot()).not.toContain(victim);
    expect(await suggest('honey s')).not.toContain(victim);
    expect(await lastAudit()).toMatchObject({
      action: 'keyword.update',
      before: { keyword: victim, hidden: false },
      after: { keyword: victim, hidden: true },
    });
    const listed = (await admin<{ keyword: string }[]>('GET', '/keywords')).body.data.map((k) => k.keyword);
    expect(listed.slice(0, 1)).toEqual(['manuka gift box']);
    expect(listed).toContain(victim);

    await admin('PUT', '/keywords', { keyword: victim, hidden: false });
    await admin('PUT', '/keywords', { keyword: 'manuka gift box', pinned: null });
    expect(await hot()).toContain(victim);
    expect(await hot()).not.toContain('manuka gift box');
    expect((await admin('PUT', '/keywords', { keyword: 'x', pinned: 0 })).status).toBe(400);
    expect((await admin('PUT', '/keywords', { keyword: 'x'.repeat(2000), hidden: true })).status).toBe(400);
  });
});

describe(`content: links (${testDbKind})`, () => {
  it('adds a footer column with a link under it, shows it in the footer tree, refuses loops and taken keys, and deletes with sub-links', async () => {
    const col = await admin<{ id: number }>('POST', '/links', {
      placement: 'down',
      key: 'test-column',
      name: 'Visit us',
      sort: 99,
    });
    expect(col.status).toBe(200);
    const child = await admin<{ id: number }>('POST', '/links', {
      placement: 'down',
      parentId: col.body.data.id,
      key: 'test-showroom',
      name: 'Showroom',
      linkUrl: '/pages/home/html?id=1',
    });
    expect(child.status).toBe(200);
    const footer = async () =>
      (await shop<{ key: string; children: { key: string; linkUrl: string }[] }[]>('/shop/link/down')).body
        .data;
    expect((await footer()).find((l) => l.key === 'test-column')?.children).toEqual([
      expect.objectContaining({ key: 'test-showroom', linkUrl: '/pages/home/html?id=1' }),
    ]);

    const before = await counts();
    const loop = await admin('PATCH', `/links/${col.body.data.id}`, { parentId: child.body.data.id });
    expect(loop.status).toBe(409);
    expect(JSON.stringify(loop.body)).toContain('parentId');
    const self = await admin('PATCH', `/links/${col.body.data.id}`, { parentId: col.body.data.id });
    expect(self.status).toBe(409);
    const taken = await admin('POST', '/links', { placement: 'up', key: 'test-column', name: 'Again' });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.body)).toContain('key');
    const wrongPlace = await admin('POST', '/links', {
      placement: 'up',
      parentId: col.body.data.id,
      key: 'x1',
      name: 'X',
    });
    expect(wrongPlace.status).toBe(409);
    expect((await admin('POST', '/links', { placement: 'up', key: 'Bad Key!', name: 'X' })).status).toBe(400);
    expect(await counts()).toEqual(before);

    const gone = await admin<{ subLinksDeleted: number }>('DELETE', `/links/${col.body.data.id}`);
    expect(gone.body.data).toEqual({ subLinksDeleted: 1 });
    expect((await footer()).find((l) => l.key === 'test-column')).toBeUndefined();
    expect((await admin<{ key: string }[]>('GET', '/links')).body.data.map((l) => l.key)).not.toContain(
      'test-showroom',
    );
  });
});

describe(`content: service pages (${testDbKind})`, () => {
  it('adds a page whose HTML is cleaned, shows it at its address and in the footer, and hides it when disabled', async () => {
    const group = await admin<{ id: number }>('POST', '/page-groups', {
      placement: 'main',
      name: 'Our stores',
    });
    expect(group.status).toBe(200);
    const page = await admin<{ id: number; content: string }>('POST', '/pages', {
      groupId: group.body.data.id,
      key: 'queen-street',
      title: 'Queen Street store',
      summary: 'Open daily',
      content:
        '<h2>Hours</h2><p onclick="steal()">9 to 5</p><script>alert(1)</script><a href="javascript:x()">x</a>',
    });
    expect(page.status).toBe(200);
    const { id } = page.body.data;
    expect(page.body.data.content).toContain('<h2>Hours</h2><p>9 to 5</p>');
    expect(page.body.data.content).not.toMatch(/script|onclick|javascript/);

    const detail = await shop<{ title: string; content: string; groupName: string }>(
      `/shop/introduce/detail/${id}`,
    );
    expect(detail.body.data).toMatchObject({ title: 'Queen Street store', groupName: 'Our stores' });
    const footer = (await shop<{ name: string; children: { id: number }[] }[]>('/shop/introduce/main')).body
      .data;
    expect(footer.find((g) => g.name === 'Our stores')?.children.map((p) => p.id)).toEqual([id]);

    const changed = await admin<{ title: string }>('PATCH', `/pages/${id}`, { title: 'Queen St store' });
    expect(changed.body.data.title).toBe('Queen St store');
    expect((await admin<{ content: string }>('GET', `/pages/${id}`)).body.data.content).toContain('9 to 5');
    await admin('PATCH', `/pages/${id}`, { enabled: false });
    expect((await shop(`/shop/introduce/detail/${id}`)).status).toBe(404);
    await admin('PATCH', `/pages/${id}`, { enabled: true });
    await admin('PATCH', `/page-groups/${group.body.data.id}`, { enabled: false });
    expect((await shop(`/shop/introduce/detail/${id}`)).status).toBe(404);

    const before = await counts();
    const taken = await admin('POST', '/pages', {
      groupId: group.body.data.id,
      key: 'queen-street',
      title: 'T',
      content: '',
    });
    expect(taken.status).toBe(409);
    const noGroup = await admin('POST', '/pages', { groupId: NONE, key: 'nowhere', title: 'T', content: '' });
    expect(noGroup.status).toBe(404);
    expect(JSON.stringify(noGroup.body)).toContain('groupId');
    const huge = await admin('PATCH', `/pages/${id}`, { content: 'x'.repeat(100_001) });
    expect(huge.status).toBe(400);
    expect((await admin('PATCH', `/pages/${id}`, { icon: 'rocket' })).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe(`content: the agreement (${testDbKind})`, () => {
  it("shows the shop's own terms until an operator saves others, cleaned; back to the shop's own on reset", async () => {
    type Terms = { sections: { id: string; title: string; html: string }[]; updatedAt: string | null };
    const shopTerms = async () => (await shop<Terms>('/shop/terms/standard')).body.data;
    const own = await shopTerms();
    expect(own.updatedAt).toBeNull();
    expect(own.sections.find((x) => x.id === 'discounts')?.html).toContain(
      'A coupon cannot be combined with another promotion code.',
    );

    const sections = [
      { id: 'about', title: 'About', html: '<p>Welcome.</p>' },
      {
        id: 'discounts',
        title: 'Coupons',
        html: '<p onmouseover="x()">One coupon an order.</p><script>x()</script>',
      },
    ];
    const saved = await admin<Terms>('PUT', '/terms/standard', { sections });
    expect(saved.status).toBe(200);
    const now = await shopTerms();
    expect(now.updatedAt).not.toBeNull();
    expect(now.sections).toEqual([
      { id: 'about', title: 'About', html: '<p>Welcome.</p>' },
      { id: 'discounts', title: 'Coupons', html: '<p>One coupon an order.</p>' },
    ]);
    expect(await lastAudit()).toMatchObject({
      action: 'terms.update',
      subject: 'standard terms',
      after: now.sections,
    });
    // The wholesale terms are apart.
    expect((await shop<Terms>('/shop/terms/wholesale')).body.data.updatedAt).toBeNull();

    const before = await counts();
    for (const body of [
      { sections: [] },
      { sections: [sections[0], sections[0]] },
      { sections: [{ id: 'Not An Id', title: 'x', html: '' }] },
      { sections: [{ id: 'a', title: '', html: '' }] },
      { sections: [{ id: 'a', title: 'x', html: 'x'.repeat(50_001) }] },
      { sections: 'everything' },
    ]) {
      expect((await admin('PUT', '/terms/standard', body)).status, JSON.stringify(body).slice(0, 80)).toBe(
        400,
      );
    }
    expect((await admin('PUT', '/terms/other', { sections })).status).toBe(400);
    expect((await shop('/shop/terms/other')).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await shopTerms()).sections).toHaveLength(2);

    const reset = await admin<Terms>('DELETE', '/terms/standard');
    expect(reset.body.data).toEqual(own);
    expect(await shopTerms()).toEqual(own);
  });
});
