import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

// A built web app in miniature: index.html with the config marker, and one asset with its
// build-time .br and .gz copies.
const dist = mkdtempSync(path.join(os.tmpdir(), 'mall-dist-'));
const asset = `export const shop = ${JSON.stringify('Kauri '.repeat(400))};\n`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><!--mall-config--><title>x</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), asset);
writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(asset));
writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(asset));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: {
      WEB_DIST: dist,
      BRAND: 'Harbour & Co <Test>',
      MALL_MODE: 'supplier',
      WECHAT_FOLLOW_URL: 'https://weixin.qq.com/r/harbour',
    },
  });
});
afterAll(() => server.close());

describe(`serving the web app (${testDbKind})`, () => {
  it('serves every page route as the app shell with the runtime config and the brand as title', async () => {
    const res = await server.app.inject('/pages/goods/index?id=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Harbour &amp; Co &lt;Test&gt;</title>');
    const meta = /<meta name="mall-config" content="([^"]+)"/.exec(res.body)?.[1] ?? '';
    const config = JSON.parse(
      meta.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'),
    );
    expect(config).toMatchObject({
      brand: 'Harbour & Co <Test>',
      mode: 'supplier',
      wechatFollowUrl: 'https://weixin.qq.com/r/harbour',
    });
  });

  it('serves built assets from their brotli or gzip copies, cached for good', async () => {
    const br = await server.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(asset);

    const gz = await server.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(asset);

    const plain = await server.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(asset);
  });

  it('sends a cached read written once (goods detail, search, categories, recommendations) compressed as each client asks, the same JSON every way', async () => {
    for (const url of [
      '/api/sale/good/detail/1',
      '/api/org/sale/good/search?keyword=all&pageSize=30',
      '/api/good/category/headers',
      '/api/hot/recommend/app/1',
    ]) {
      const ask = (encoding?: string) =>
        server.app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
      const plain = await ask();
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      const json = plain.body;
      expect(JSON.parse(json)).toMatchObject({ success: true, code: 200 });
      expect(json.length).toBeGreaterThan(1024);

      const br = await ask('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(json);
      // Asked again (now from the kept bytes), the same answer.
      const again = await ask('br');
      expect(again.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(again.rawPayload).toString()).toBe(json);

      const gz = await ask('br;q=0, gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(json);
      const anything = await ask('*');
      expect(anything.headers['content-encoding']).toBe('gzip');
      const identity = await ask('identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(json);
    }
    // An unknown good is still the envelope of a 404, never a kept answer.
    const missing = await server.app.inject({ url: '/api/sale/good/detail/2000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 404 });
  });

  it('compresses larger API answers for clients that accept it, and leaves small ones alone', async () => {
    const big = await server.app.inject({ url: '/api/shop/link/up', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(body.success).toBe(true);
    const small = await server.app.inject({ url: '/api/sys/ping', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
