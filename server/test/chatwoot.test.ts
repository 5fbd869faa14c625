import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ChatwootIdentity, chatwootIdentitySchema } from '@mall/shared/contract/chatwoot';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { getData, newMember } from './wallet-helpers.ts';

/** CHAT_PROVIDER=chatwoot (docs/chat.md: Chatwoot): configuration, the page's policy, the signed identity. */

const BASE = 'https://chat.example.co.nz';
const HMAC = 'inbox-hmac-token-0123456789';
const CHATWOOT = {
  CHAT_PROVIDER: 'chatwoot',
  CHATWOOT_BASE_URL: `${BASE}/`,
  CHATWOOT_WEBSITE_TOKEN: 'WebsiteToken123',
  CHATWOOT_HMAC_TOKEN: HMAC,
};
const IDENTITY = '/api/chat/chatwoot/identity';

const dist = mkdtempSync(path.join(os.tmpdir(), 'mall-dist-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><!--mall-config--><title>x</title></head><body></body></html>',
);

const configWith = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

describe('Chatwoot configuration', () => {
  it('wants its server, its inbox token and the HMAC token, naming each one missing', () => {
    expect(configWith({ CHAT_PROVIDER: 'chatwoot' })).toThrow(ConfigError);
    expect(configWith({ CHAT_PROVIDER: 'chatwoot' })).toThrow(
      /CHATWOOT_BASE_URL[\s\S]*CHATWOOT_WEBSITE_TOKEN[\s\S]*CHATWOOT_HMAC_TOKEN/,
    );
    const { CHATWOOT_HMAC_TOKEN: _, ...withoutHmac } = CHATWOOT;
    expect(configWith(withoutHmac)).toThrow(/CHATWOOT_HMAC_TOKEN: the inbox's HMAC token/);
  });

  it('refuses a base address with a path, a malformed token, and plain http on a live shop', () => {
    expect(configWith({ ...CHATWOOT, CHATWOOT_BASE_URL: `${BASE}/widget` })).toThrow(/no path/);
    expect(configWith({ ...CHATWOOT, CHATWOOT_WEBSITE_TOKEN: 'a b<script>' })).toThrow(/website inbox/);
    expect(
      configWith({
        ...CHATWOOT,
        CHATWOOT_BASE_URL: 'http://chat.example.co.nz',
        PUBLIC_URL: 'https://shop.example.co.nz',
        TOKEN_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.co.nz',
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_SECRET: 'y'.repeat(40),
      }),
    ).toThrow(/live shop loads Chatwoot over https/);
  });

  it('is the built-in chat unless chosen, and keeps the base address without its last slash', () => {
    expect(configWith({})().chat).toEqual({ provider: 'builtin' });
    expect(configWith(CHATWOOT)().chat).toEqual({
      provider: 'chatwoot',
      baseUrl: BASE,
      websiteToken: 'WebsiteToken123',
      hmacToken: HMAC,
    });
  });
});

describe(`Chatwoot's widget on a shop (${testDbKind})`, () => {
  let shop: TestServer;
  let builtin: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ env: { ...CHATWOOT, WEB_DIST: dist } });
    builtin = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await shop?.close();
    await builtin?.close();
  });

  const identity = (headers: Record<string, string>, query = '') =>
    getData(shop, `${IDENTITY}${query}`, headers, chatwootIdentitySchema);
  const expectedHash = (identifier: string) => createHmac('sha256', HMAC).update(identifier).digest('hex');

  it("lets the page load exactly Chatwoot's origin, and tells the page where, never the HMAC token", async () => {
    const page = await shop.app.inject('/pages/index');
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'img-src'])
      expect(csp).toMatch(new RegExp(`${directive} [^;]*${BASE.replaceAll('.', '\\.')}(;|$| )`));
    expect(csp).toMatch(/default-src 'self';/);
    expect(csp).not.toContain('http://chat.example');
    expect(page.body).not.toContain(HMAC);
    expect(page.body).toContain('&quot;provider&quot;:&quot;chatwoot&quot;');
    expect(page.body).toContain(`&quot;baseUrl&quot;:&quot;${BASE}&quot;`);

    const own = await builtin.app.inject('/pages/index');
    expect(String(own.headers['content-security-policy'])).not.toContain('chat.example');
    expect(own.body).toContain('&quot;provider&quot;:&quot;builtin&quot;');
  });

  it("signs a member's identifier with the inbox's HMAC token and feeds the widget who they are", async () => {
    const m = await newMember(shop, 'retail');
    await shop.database.db.execute(sql`update member set phone = '0211234567' where id = ${m.id}`);
    const got: ChatwootIdentity = await identity(
      { ...m.headers, store: '1' },
      `?pagePath=${encodeURIComponent('/pages/goods/index?id=7')}&cartCount=2`,
    );
    expect(got.identifier).toBe(`kauri-member-${m.id}`);
    expect(got.identifierHash).toBe(expectedHash(got.identifier));
    expect(got.user).toEqual({ name: expect.any(String), email: m.email });
    expect(got.labels).toEqual(['retail']);
    expect(got.customAttributes).toMatchObject({
      member_kind: 'retail',
      label: 'Retail',
      phone: '0211234567',
      shop_mode: 'store',
      page: '/pages/goods/index?id=7',
      cart_count: 2,
    });
    expect(got.customAttributes.member_no).toEqual(expect.any(String));
    // Nothing empty: no order yet, so no last order.
    expect(got.customAttributes).not.toHaveProperty('last_order_no');
  });

  it('labels a club member vip and retail, and a wholesale member wholesale, in supplier mode', async () => {
    const vip = await newMember(shop, 'retail');
    await shop.database.db.execute(
      sql`update member set vip = true, vip_until = now() + interval '30 days' where id = ${vip.id}`,
    );
    expect((await identity(vip.headers)).labels).toEqual(['vip', 'retail']);
    const w = await newMember(shop, 'wholesale');
    const wholesale = await identity({ ...w.headers, store: '0' });
    expect(wholesale.labels).toEqual(['wholesale']);
    expect(wholesale.customAttributes).toMatchObject({ member_kind: 'wholesale', shop_mode: 'supplier' });
    expect(wholesale.identifierHash).toBe(expectedHash(`kauri-member-${w.id}`));
  });

  it('gives a guest nothing, refuses bad queries with 400, and is not served by a built-in shop', async () => {
    const guest = await shop.call(IDENTITY);
    expect(guest.status).toBe(401);
    expect(guest.body.success).toBe(false);
    const m = await newMember(shop, 'retail');
    for (const query of [
      '?cartCount=lots',
      '?cartCount=99999999999999999999',
      `?pagePath=${'x'.repeat(600)}`,
      '?pagePath=%00',
    ]) {
      const res = await shop.call({ url: `${IDENTITY}${query}`, headers: m.headers });
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const own = await builtin.call({ url: IDENTITY, headers: m.headers });
    expect(own.status).toBe(404);
  });
});
