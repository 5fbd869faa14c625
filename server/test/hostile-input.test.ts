import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { failureEnvelope } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { type HostileRequest, hostileRequests, type OpenApiDoc } from './hostile-input.ts';

/**
 * Every operation of the OpenAPI document, sent hostile input anonymously and signed in: never a
 * 5xx, every refusal the failure envelope (a 400 naming the field), and no data changes. `npm
 * test` runs a fixed, seeded set of at most 20 requests per operation; `npm run fuzz`
 * (FUZZ=full) sends every generated request.
 */
const FULL = process.env.FUZZ === 'full';
const SEED = Number(process.env.FUZZ_SEED ?? 19);

let server: TestServer;
let signedIn: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  signedIn = bearer(await registerMember(server, 'retail'));
  // The member has a cart already, as a shopper would (an empty sync makes it).
  await server.call({ method: 'POST', url: '/api/cart/sync', headers: signedIn, payload: [] });
}, 120_000);
afterAll(() => server.close());

/** Each table's rows as one digest: equal digests, no change. */
const dataDigest = async () => {
  const tables = (
    (await server.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as { rows: Array<{ table_name: string }> }
  ).rows.map((r) => r.table_name);
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const [row] = (
      (await server.database.db.execute(
        sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from "${table}" t`),
      )) as unknown as { rows: Array<{ d: string }> }
    ).rows;
    digest[table] = row!.d;
  }
  return digest;
};

const problemsOf = async (requests: HostileRequest[], headers: Record<string, string>) => {
  const problems: string[] = [];
  for (const r of requests) {
    const res = await server.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: { ...r.headers, ...headers },
      remoteAddress: randomIp(),
      ...(r.payload === undefined
        ? {}
        : {
            payload: JSON.stringify(r.payload),
            headers: { ...r.headers, ...headers, 'content-type': 'application/json' },
          }),
    });
    const where = `${r.method} ${r.url.slice(0, 80)} (${r.what}) -> ${res.statusCode}`;
    if (res.statusCode >= 500) {
      problems.push(`${where}: ${res.body.slice(0, 160)}`);
      continue;
    }
    if (res.statusCode < 400) continue;
    let body: unknown;
    try {
      body = res.json();
    } catch {
      problems.push(`${where}: not an envelope: ${res.body.slice(0, 80)}`);
      continue;
    }
    const parsed = failureEnvelope.safeParse(body);
    if (!parsed.success) problems.push(`${where}: not the failure envelope: ${res.body.slice(0, 120)}`);
    else if (res.statusCode === 400 && !parsed.data.data?.errors?.length) {
      problems.push(`${where}: a 400 naming no field: ${parsed.data.message}`);
    }
  }
  return problems;
};

const operationsOf = () =>
  hostileRequests(server.app.swagger() as unknown as OpenApiDoc, {
    seed: SEED,
    ...(FULL ? {} : { perOperation: 20 }),
  });

describe(`hostile input on every operation of the OpenAPI document (${testDbKind}${FULL ? ', full' : ''})`, () => {
  it('answers the classic hostile cases with a 400 envelope naming the field', async () => {
    const long = 'x'.repeat(2000);
    const cases: Array<[string, string]> = [
      ['/api/org/sale/good/search?keyword=honey%00', 'keyword'],
      ['/api/search/keyword/query/ho%00ney', 'text'],
      ['/api/search/keyword/query?keyword=ho%00ney', 'keyword'],
      ['/api/good/category/keyword/ho%00ney', 'k'],
      ['/sandbox-gateway/pay/pay_%00', 'reference'],
      ['/api/promotion/org/prom/price?skuIds=99999999999999999999', 'skuIds'],
      [`/api/good/category/keyword/${long}`, 'path'],
      [`/api/sale/good/detail/${long}`, 'path'],
    ];
    for (const [url, field] of cases) {
      const res = await server.app.inject({ url, remoteAddress: randomIp() });
      expect(res.statusCode, url.slice(0, 60)).toBe(400);
      expect(failureEnvelope.parse(res.json()).data?.errors?.[0]?.field, url.slice(0, 60)).toBe(field);
    }
  });

  it('takes a compressed request body as the unreadable body it is: a 4xx envelope, nothing changed', async () => {
    const before = await dataDigest();
    const body = JSON.stringify([{ skuId: 1, count: 1, checked: true }]);
    for (const encoding of ['gzip', 'deflate', 'br'] as const) {
      const packed =
        encoding === 'gzip'
          ? gzipSync(body)
          : encoding === 'deflate'
            ? deflateSync(body)
            : brotliCompressSync(body);
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/cart/sync',
        headers: { ...signedIn, 'content-type': 'application/json', 'content-encoding': encoding },
        payload: packed,
        remoteAddress: randomIp(),
      });
      expect(res.statusCode, encoding).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, encoding).toBeLessThan(500);
      expect(failureEnvelope.safeParse(res.json()).success, encoding).toBe(true);
    }
    expect(await dataDigest()).toEqual(before);
  });

  for (const who of ['anonymous', 'signed in'] as const) {
    it(
      `answers ${who} hostile input with 4xx envelopes and changes nothing`,
      async () => {
        const problems: string[] = [];
        const operations = operationsOf();
        expect(operations.length).toBeGreaterThan(90);
        const before = await dataDigest();
        for (const op of operations) {
          problems.push(...(await problemsOf(op.requests, who === 'anonymous' ? {} : signedIn)));
        }
        const after = await dataDigest();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        expect(changed, 'tables changed by hostile requests').toEqual([]);
        expect(problems).toEqual([]);
      },
      FULL ? 3_600_000 : 300_000,
    );
  }
});
