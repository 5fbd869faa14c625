import { orderTotals } from '@mall/shared/checkout-rules';
import { shippingRulesSchema } from '@mall/shared/contract/order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingRules } from '../src/modules/shipping/service.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { expectData, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const URL = '/api/good/price/configured/shipping/fee';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The rules seeded by migration 0012, in NZD. */
const SEEDED = [
  { island: 'north', memberKind: 'retail', fee: 8.9, freeFrom: 99 },
  { island: 'north', memberKind: 'wholesale', fee: 0, freeFrom: null },
  { island: 'south', memberKind: 'retail', fee: 8.9, freeFrom: 99 },
  { island: 'south', memberKind: 'wholesale', fee: 0, freeFrom: null },
];

describe('GET /api/good/price/configured/shipping/fee', () => {
  it('answers the seeded rules in NZD to a guest', async () => {
    expect(await expectData(server, URL, shippingRulesSchema)).toEqual(SEEDED);
  });

  it('answers the same to a signed-in member, and ignores a bad token rather than refusing', async () => {
    const h = bearer(await registerMember(server, 'retail'));
    const res = await server.call({ url: URL, headers: h });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(SEEDED);
    const bad = await server.call({ url: URL, headers: { authorization: 'Bearer nonsense' } });
    expect(bad.status).toBe(200);
    expect(bad.body.data).toEqual(SEEDED);
  });

  it('reads the rules on every call, exact to the cent, and they apply at the threshold', async () => {
    const db = server.database.db;
    await db.execute(
      sql`update shipping_rule set fee_cents = 1234, free_from_cents = 15001 where island = 'south' and member_kind = 'retail'`,
    );
    try {
      const rules = await expectData(server, URL, shippingRulesSchema);
      expect(rules).toContainEqual({ island: 'south', memberKind: 'retail', fee: 12.34, freeFrom: 150.01 });
      expect(await shippingRules(db)).toEqual(rules);
      expect(orderTotals([{ price: 150, count: 1 }], rules, 'south', 'retail').shipping).toBe(12.34);
      expect(orderTotals([{ price: 150.01, count: 1 }], rules, 'south', 'retail').shipping).toBe(0);
      expect(orderTotals([{ price: 150, count: 1 }], rules, 'north', 'retail').shipping).toBe(0);
    } finally {
      await db.execute(
        sql`update shipping_rule set fee_cents = 890, free_from_cents = 9900 where island = 'south' and member_kind = 'retail'`,
      );
    }
    expect(await shippingRules(db)).toEqual(SEEDED);
  });

  it('is listed in the OpenAPI document', async () => {
    const res = await server.app.inject('/api/docs/json');
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths[URL] ?? {})).toEqual(['get']);
  });
});
