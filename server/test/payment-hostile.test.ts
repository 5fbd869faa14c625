import type { AddressInfo } from 'node:net';
import { failureEnvelope } from '@mall/shared/envelope';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_PATH } from '../src/modules/payment/routes.ts';
import { signResult } from '../src/modules/payment/signature.ts';
import { STRIPE_WEBHOOK_PATH } from '../src/modules/payment/stripe-routes.ts';
import { randomIp } from './account-helpers.ts';
import { ORDER_TEST_ENV } from './order-helpers.ts';
import { STRIPE_TEST_KEYS, startStripeShop } from './stripe-helpers.ts';

/**
 * The two doors a payment gateway knocks on (the sandbox's signed callback and Stripe's webhook),
 * tried as an attacker would: huge bodies, wrong content types, NUL bytes, missing or doubled
 * signatures, and signed events of a shape Stripe never sends. Each answers a 4xx failure
 * envelope (or the documented 2xx), never a 500.
 */

let shop: Awaited<ReturnType<typeof startStripeShop>>;
let base: string;
beforeAll(async () => {
  shop = await startStripeShop({ seed: false });
  await shop.server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(shop.server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => shop.close());

const stripe = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);
const signed = (payload: string) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET });

interface Probe {
  what: string;
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  headers?: Record<string, string | string[]>;
  payload?: string | Buffer;
}

/** What is wrong with an answer to a hostile request: a 5xx, or a refusal that is not the envelope. */
const problemOf = (what: string, status: number, body: string) => {
  if (status >= 500) return `${what}: ${status} ${body.slice(0, 200)}`;
  if (status < 400) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${what}: ${status} not an envelope: ${body.slice(0, 120)}`;
  }
  return failureEnvelope.safeParse(json).success
    ? null
    : `${what}: ${status} not the envelope: ${body.slice(0, 120)}`;
};

const injected = async (p: Probe) => {
  const res = await shop.server.app.inject({
    method: p.method ?? 'POST',
    url: p.url,
    headers: p.headers ?? {},
    remoteAddress: randomIp(),
    ...(p.payload === undefined ? {} : { payload: p.payload }),
  });
  return { status: res.statusCode, body: res.body };
};

const overHttp = async (p: Probe) => {
  const res = await fetch(`${base}${p.url}`, {
    method: p.method ?? 'POST',
    headers: Object.fromEntries(
      Object.entries(p.headers ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    ),
    ...(p.payload === undefined ? {} : { body: p.payload }),
  });
  return { status: res.status, body: await res.text() };
};

const problemsOf = async (probes: Probe[], send: typeof injected) => {
  const problems: string[] = [];
  const statuses: Record<string, number> = {};
  for (const p of probes) {
    const res = await send(p);
    statuses[p.what] = res.status;
    const problem = problemOf(p.what, res.status, res.body);
    if (problem) problems.push(problem);
  }
  return { problems, statuses };
};

const eventBody = (type: string, object: unknown) =>
  JSON.stringify({
    id: `evt_hostile_${Math.random().toString(16).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });

const webhookProbes = (): Probe[] => {
  const json = { 'content-type': 'application/json' };
  const good = eventBody('customer.created', { id: 'cus_1' });
  const huge = Buffer.alloc(3 * 1024 * 1024, 'a');
  const nul = `{"id":"evt_\u0000","type":"checkout.session.completed\u0000","data":{"object":{}}}`;
  return [
    { what: 'no body, no signature', url: STRIPE_WEBHOOK_PATH },
    { what: 'no signature', url: STRIPE_WEBHOOK_PATH, headers: json, payload: good },
    {
      what: 'empty signature',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': '' },
      payload: good,
    },
    {
      what: 'forged signature',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': 't=1,v1=00' },
      payload: good,
    },
    {
      what: 'two signature headers',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': [signed(good), signed(good)] },
      payload: good,
    },
    {
      what: 'NUL bytes in the signature',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': 't=1\u0000,v1=ab' },
      payload: good,
    },
    {
      what: 'NUL bytes in the body',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': 't=1,v1=ab' },
      payload: nul,
    },
    {
      what: 'a 3 MB body',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': 't=1,v1=ab' },
      payload: huge,
    },
    {
      what: 'a 3 MB body as text/plain',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=ab' },
      payload: huge,
    },
    {
      what: 'a form body',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 't=1,v1=ab' },
      payload: 'a=1&b=%00',
    },
    {
      what: 'a multipart body',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'stripe-signature': 't=1,v1=ab' },
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    },
    {
      what: 'a body with no content type',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'stripe-signature': signed(good) },
      payload: good,
    },
    {
      what: 'a content type that is not one',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': '\u0000;;;', 'stripe-signature': 't=1,v1=ab' },
      payload: good,
    },
    {
      what: 'a gzip body that is not gzip',
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'content-encoding': 'gzip', 'stripe-signature': 't=1,v1=ab' },
      payload: good,
    },
    { what: 'GET', method: 'GET', url: STRIPE_WEBHOOK_PATH },
    { what: 'PUT', method: 'PUT', url: STRIPE_WEBHOOK_PATH, headers: json, payload: good },
    { what: 'a query string', url: `${STRIPE_WEBHOOK_PATH}?x=%00`, headers: json, payload: good },
    // Signed (only Stripe, or a leaked secret, can send these): shapes Stripe never sends.
    ...[
      ['signed, not JSON', '{"id":'],
      ['signed, NUL bytes', nul],
      ['signed, a JSON array', '[]'],
      ['signed, no data', JSON.stringify({ id: 'evt_hostile_nodata', type: 'checkout.session.completed' })],
      ['signed, empty session', eventBody('checkout.session.completed', {})],
      ['signed, empty expired session', eventBody('checkout.session.expired', {})],
      ['signed, empty async failure', eventBody('checkout.session.async_payment_failed', {})],
      ['signed, empty refund', eventBody('refund.updated', {})],
      [
        'signed, session of NUL ids',
        eventBody('checkout.session.completed', {
          id: 'cs_\u0000',
          metadata: { payment_reference: 'pay_\u0000' },
          payment_status: 'paid',
          amount_total: 1,
          currency: 'nzd',
        }),
      ],
      [
        'signed, session of odd types',
        eventBody('checkout.session.completed', {
          id: 7,
          metadata: { payment_reference: ['x'] },
          payment_status: 'paid',
          amount_total: '1e400',
          currency: 5,
        }),
      ],
      [
        'signed, refund of NUL ids',
        eventBody('refund.updated', {
          id: 're_\u0000',
          amount: 'x',
          status: 'succeeded',
          metadata: { payment_reference: 'pay_\u0000' },
        }),
      ],
      [
        'signed, huge amount',
        eventBody('checkout.session.completed', {
          id: 'cs_big',
          payment_status: 'paid',
          amount_total: 1e300,
          currency: 'nzd',
        }),
      ],
      ['signed, no event id', JSON.stringify({ type: 'checkout.session.completed', data: { object: {} } })],
      [
        'signed, event id of NUL',
        JSON.stringify({ id: 'evt_\u0000', type: 'customer.created', data: { object: {} } }),
      ],
      [
        'signed, a 2,000-character event id',
        JSON.stringify({ id: 'e'.repeat(2000), type: 'customer.created', data: { object: {} } }),
      ],
    ].map(([what, payload]) => ({
      what: what!,
      url: STRIPE_WEBHOOK_PATH,
      headers: { ...json, 'stripe-signature': signed(payload!) },
      payload: payload!,
    })),
  ];
};

const callbackProbes = (): Probe[] => {
  const ts = String(Date.now());
  const sign = (reference: string, amount = '100', currency = 'NZD') =>
    signResult(
      ORDER_TEST_ENV.PAYMENT_SECRET,
      { reference, status: 'succeeded', cardLast4: null, amountCents: Number(amount), currency },
      ts,
    );
  const q = (reference: string, extra = '') =>
    `${CALLBACK_PATH}?reference=${encodeURIComponent(reference)}&status=succeeded&amount=100&currency=NZD&ts=${ts}&signature=${sign(reference)}${extra}`;
  return [
    { what: 'no query', method: 'GET', url: CALLBACK_PATH },
    {
      what: 'NUL reference, unsigned',
      method: 'GET',
      url: `${CALLBACK_PATH}?reference=%00&status=succeeded&amount=1&currency=NZD&ts=1&signature=x`,
    },
    { what: 'NUL reference, signed', method: 'GET', url: q('pay_\u0000') },
    { what: 'unknown reference, signed', method: 'GET', url: q('pay_000000000000000000000000') },
    { what: 'a 2,000-character reference, signed', method: 'GET', url: q('r'.repeat(2000)) },
    {
      what: 'a 20-digit amount',
      method: 'GET',
      url: `${CALLBACK_PATH}?reference=a&status=succeeded&amount=99999999999999999999&currency=NZD&ts=1&signature=x`,
    },
    {
      what: 'a 20-digit ts',
      method: 'GET',
      url: `${CALLBACK_PATH}?reference=a&status=succeeded&amount=1&currency=NZD&ts=99999999999999999999&signature=x`,
    },
    { what: 'two signatures', method: 'GET', url: `${q('pay_000000000000000000000000')}&signature=x` },
    { what: 'two statuses', method: 'GET', url: q('pay_000000000000000000000000', '&status=declined') },
    { what: 'a 60 kB query', method: 'GET', url: `${CALLBACK_PATH}?reference=${'a'.repeat(60_000)}` },
    { what: 'a bad %-escape', method: 'GET', url: `${CALLBACK_PATH}?reference=%E0%A4%A&status=succeeded` },
    { what: 'POST', url: CALLBACK_PATH, headers: { 'content-type': 'application/json' }, payload: '{}' },
  ];
};

describe('the payment doors, tried as an attacker would', () => {
  it("answers hostile requests to Stripe's webhook with a 4xx envelope or the documented 2xx, never a 500", async () => {
    const { problems, statuses } = await problemsOf(webhookProbes(), injected);
    expect(problems).toEqual([]);
    expect(statuses['a 3 MB body']).toBe(413);
    expect(statuses['no signature']).toBe(400);
    expect(statuses['forged signature']).toBe(400);
    // Signed but of a shape Stripe never sends: refused naming the field, not a 500 Stripe retries.
    const signedOdd = Object.entries(statuses).filter(([what]) => what.startsWith('signed, '));
    expect(signedOdd.filter(([, status]) => status !== 400)).toEqual([]);
  });

  it('answers the same over real HTTP', async () => {
    const probes = webhookProbes().filter(
      (p) =>
        !Array.isArray(p.headers?.['stripe-signature']) && !/NUL bytes in the signature|not one/.test(p.what),
    );
    const { problems } = await problemsOf(probes, overHttp);
    expect(problems).toEqual([]);
  });

  it('answers hostile requests to the payment callback with a 4xx envelope, never a 500', async () => {
    const { problems, statuses } = await problemsOf(callbackProbes(), injected);
    expect(problems).toEqual([]);
    expect(statuses['unknown reference, signed']).toBe(404);
  });
});
