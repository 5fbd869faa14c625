import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REFUSAL_REASON_LIST } from '@mall/shared/reasons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe(`contract and hygiene (${testDbKind})`, () => {
  it('reports health with a real database round trip', async () => {
    const res = await server.call('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      code: 200,
      message: 'success',
      data: {
        status: 'ok',
        database: testDbKind,
        payments: { provider: 'sandbox', simulated: true },
        // The goods index's state: test/search-index.test.ts
        searchIndex: expect.anything(),
        chatSockets: 0,
      },
    });
  });

  it('answers an unknown /api path with a 404 envelope, never the SPA HTML', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await server.call({ method, url: '/api/no/such/thing?x=1' });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ success: false, code: 404, data: null });
      expect(res.body.message).toContain('/api/no/such/thing');
    }
  });

  it('serves page routes as the SPA and other missing files as plain 404s', async () => {
    const page = await server.app.inject('/pages/user/login/index');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const asset = await server.app.inject('/assets/missing.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/text\/plain/);
  });

  it('sends a strict Content-Security-Policy and security headers', async () => {
    const res = await server.app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends JSON answers, errors included, the API security headers: nothing may load, frame or sniff them', async () => {
    const answers = [
      await server.app.inject('/api/health'),
      await server.app.inject('/api/no/such/thing'),
      await server.app.inject({ method: 'POST', url: '/api/cart/app/add', payload: {} }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Document-only policies stay with documents.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    const file = await server.app.inject('/assets/missing.js');
    expect(file.headers['content-security-policy']).toContain("script-src 'self'");
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives every response a request id, echoing the one the caller sent', async () => {
    const fresh = await server.app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await server.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
  });

  it('refuses a body over the size limit with 413 and malformed JSON with 400', async () => {
    const big = await server.call({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(server.config.bodyLimit + 10) }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ success: false, code: 413, message: 'The request is too large.' });
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const res = await server.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
    const ui = await server.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("lists every refusal's reason in the failure schema of the OpenAPI document and in docs/calls.md", async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const failure = doc.paths['/api/cart/app/add']!.post!.responses['4XX'] as {
      content: { 'application/json': { schema: { properties: { reason: { enum: string[] } } } } };
    };
    expect(failure.content['application/json'].schema.properties.reason.enum).toEqual(REFUSAL_REASON_LIST);
    const calls = readFileSync(path.resolve(import.meta.dirname, '../../docs/calls.md'), 'utf8');
    const section = calls.slice(calls.indexOf('## Refusal reasons'), calls.indexOf('## Who may call'));
    const documented = [...section.matchAll(/^\| `([a-z_.]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(REFUSAL_REASON_LIST);
  });

  it('answers a bad path parameter with 400 and a message naming the field', async () => {
    const res = await server.call('/api/shop/introduce/detail/abc');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ success: false, code: 400, data: { errors: [{ field: 'id' }] } });
    expect(res.body.message).toMatch(/^id: /);
  });
});

describe(`failures inside the server (${testDbKind})`, () => {
  let broken: TestServer;
  beforeAll(async () => {
    broken = await startTestServer();
    const close = broken.database.close;
    await close();
    // Already closed: the harness must not close it a second time.
    broken.database.close = async () => {};
  });
  afterAll(() => broken.close());

  it('answers 500 with a generic envelope when the database is gone, leaking no SQL or stack', async () => {
    for (const url of ['/api/sys/dict/type/tree', '/api/supplier/website/name/list', '/api/banner/slides']) {
      const res = await broken.call(url);
      expect(res.status, url).toBe(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({
        success: false,
        code: 500,
        message: 'Something went wrong on our side. Please try again later.',
        data: null,
        reason: 'server.error',
      });
      const raw = JSON.stringify(res.body);
      expect(raw).not.toMatch(/select|from "|code_list|supplier"|banner"|pool|pglite|\bat \S+ \(|\.ts:\d+/i);
    }
  });
});
