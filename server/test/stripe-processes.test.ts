import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_STATUS } from '@mall/shared/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { STRIPE_WEBHOOK_PATH } from '../src/modules/payment/stripe-routes.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { type TestServer, testDbKind } from './harness.ts';
import { caller, orderFixtures } from './order-helpers.ts';
import { killProcesses, startProcess } from './processes.ts';
import { startStripePayment, startStripeShop, stripeEnv } from './stripe-helpers.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

/**
 * Two server processes on one PostgreSQL receive the same Stripe event at the same moment (Stripe
 * retrying while the first delivery is still being handled, or two endpoints): it is handled once.
 * PostgreSQL only: an embedded database belongs to one process.
 */
describe.skipIf(testDbKind !== 'postgres')('two server processes receiving the same Stripe event', () => {
  let shop: Awaited<ReturnType<typeof startStripeShop>>;
  let server: TestServer;
  let standIn: StripeStandIn;
  let urls: string[];
  let api: ReturnType<typeof caller>;
  let fx: Awaited<ReturnType<typeof orderFixtures>>;

  beforeAll(async () => {
    shop = await startStripeShop();
    ({ server, standIn } = shop);
    api = caller(server);
    fx = await orderFixtures(server, 'StripeRace');
    const env = {
      ...stripeEnv(standIn.url),
      DATABASE_URL: server.databaseUrl!,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    const processes = await Promise.all([
      startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-stripe-a-')) }),
      startProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mall-stripe-b-')) }),
    ]);
    urls = processes.map((p) => p.url);
  }, 120_000);
  afterAll(async () => {
    killProcesses();
    await shop.close();
  });

  const placed = async () => {
    const h = bearer(await registerMember(server, 'retail'));
    const address = await api.address(h);
    const line = await api.add(h, fx.skus.kete, 1);
    const order = (await api.submit(h, { cartItemIds: [line.id], addressId: address.id })).body.data;
    return { h, order, ...(await startStripePayment(server, standIn, h, order.id)) };
  };

  /** The same signed event to both processes at once; what each answered. */
  const toBoth = async (event: Parameters<StripeStandIn['signed']>[0]) => {
    const { body, signature } = standIn.signed(event);
    return Promise.all(
      urls.map(async (url) => {
        const res = await fetch(`${url}${STRIPE_WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { result: string } }).data.result;
      }),
    );
  };

  it('pays the order once', async () => {
    for (let round = 0; round < 5; round++) {
      const { h, order, sessionId } = await placed();
      const results = await toBoth(standIn.paidEvent(sessionId));
      expect(results.sort()).toEqual(['already', 'applied']);
      const detail = (await api.detail(h, order.id)).body.data;
      expect(detail.status).toBe(ORDER_STATUS.toShip);
      expect(detail.timeline.filter((e) => e.kind === 'paid')).toHaveLength(1);
    }
  });

  it('gives a wrong-amount payment back once', async () => {
    for (let round = 0; round < 3; round++) {
      const { order, sessionId } = await placed();
      const event = standIn.paidEvent(sessionId, { amountTotal: 999 });
      const results = await toBoth(event);
      expect(results.sort()).toEqual(['already', 'refunded']);
      const intent = standIn.sessions.get(sessionId)!.payment_intent;
      expect([...standIn.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
      const rows = await rowsOf<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from payment_refund r join payment p on p.id = r.payment_id
            where p.order_id = ${order.id}`,
      );
      expect(rows[0]!.n).toBe(1);
    }
  });
});
