import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from './harness.ts';
import { startStripeShop } from './stripe-helpers.ts';

/**
 * A payment Stripe reports for no order of this shop (another shop on the same Stripe account,
 * an old test) is answered 2xx, so Stripe stops sending it, and written to the log with what an
 * operator needs to find it in Stripe's dashboard (docs/payment.md: Stripe).
 */

const lines: string[] = [];
let shop: Awaited<ReturnType<typeof startStripeShop>>;
beforeAll(async () => {
  shop = await startStripeShop({
    seed: false,
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => shop.close());

describe(`a Stripe payment of no order of this shop (${testDbKind})`, () => {
  it('is answered 2xx and logged with its session, order number, amount and currency', async () => {
    const answer = await shop.standIn.emit('checkout.session.completed', {
      id: 'cs_test_elsewhere01',
      object: 'checkout.session',
      amount_total: 1250,
      currency: 'nzd',
      client_reference_id: 'KM999999999999',
      metadata: { payment_reference: 'pay_111111111111111111111111' },
      payment_intent: 'pi_test_elsewhere01',
      payment_status: 'paid',
      status: 'complete',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.result).toBe('unknown');
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.session === 'cs_test_elsewhere01');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'Stripe payment for no order of this shop: nothing changed',
        event: 'checkout.session.completed',
        orderNo: 'KM999999999999',
        amount: 1250,
        currency: 'nzd',
      }),
    ]);
  });
});
