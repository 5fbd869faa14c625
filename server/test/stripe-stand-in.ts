import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe, for tests without the internet (docs/payment.md: Stripe). It answers
 * the API calls the shop makes the way Stripe does (form-encoded requests, JSON answers with the
 * objects' real shapes, idempotency keys, Stripe's error shape), keeps Checkout Sessions and
 * refunds, serves a stand-in hosted checkout page (Pay / Decline) and sends events to the shop
 * signed with the library's test-header helper. The Stripe journey (e2e) runs it as a process
 * (stripe-stand-in-main.ts); server tests start it in their own process and drive it directly.
 *
 * Calls: POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id},
 * POST /v1/checkout/sessions/{id}/expire, POST /v1/refunds. Page: /checkout/{id}.
 */

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
  url: string | null;
  /** Not Stripe's: what the page's product is called, for the page. */
  line_item_name: string;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: 'pending' | 'succeeded' | 'failed';
  metadata: Record<string, string>;
  created: number;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: unknown };
}

/** What the shop answered an event. */
export interface Delivery {
  event: StandInEvent;
  status: number;
  body: string;
}

/** Sends a signed event body to the shop: over HTTP by default, or `app.inject` in tests. */
export type Deliver = (body: string, signature: string) => Promise<{ status: number; body: string }>;

export interface StandInOptions {
  webhookSecret: string;
  /** The key the shop uses (its requests must carry it). */
  secretKey: string;
  port?: number;
  host?: string;
  /** Where events go: the shop's webhook URL, or a function (set later with `deliverTo`). */
  webhookUrl?: string;
  /** Refunds succeed by themselves right after they are made (the journey); else `settleRefund`. */
  autoSettleRefunds?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects; all-numeric keys become arrays. */
export const parseStripeForm = (body: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else {
        at[part] ??= {};
        at = at[part] as Record<string, unknown>;
      }
    });
  }
  const arrays = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, arrays(x)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))
      ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x)
      : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
};

const stripeError = (status: number, message: string, param?: string, code?: string) => ({
  status,
  body: {
    error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) },
  },
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const startStripeStandIn = async (opts: StandInOptions) => {
  const stripe = new Stripe(opts.secretKey);
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const answered = new Map<string, { request: string; status: number; body: unknown }>();
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  /** Every API call the shop made: method, path, idempotency key and the parsed form. */
  const requests: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    form: Record<string, unknown>;
  }[] = [];
  let deliver: Deliver | null = opts.webhookUrl
    ? async (body, signature) => {
        const res = await fetch(opts.webhookUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        return { status: res.status, body: await res.text() };
      }
    : null;

  const eventOf = (type: string, object: unknown): StandInEvent => ({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  });

  /** Sends `event` to the shop, signed (or with `signature` given, e.g. a forged one); what the shop answered. */
  const send = async (event: StandInEvent, opt: { signature?: string; secret?: string } = {}) => {
    if (!deliver) throw new Error('The stand-in has nowhere to send events: call deliverTo first.');
    const body = JSON.stringify(event, null, 2);
    const signature =
      opt.signature ??
      stripe.webhooks.generateTestHeaderString({ payload: body, secret: opt.secret ?? opts.webhookSecret });
    const answer = await deliver(body, signature);
    const delivery = { event, ...answer };
    deliveries.push(delivery);
    return delivery;
  };
  /** Sends without waiting, as Stripe does after the page or the API call answers; `idle` waits for them. */
  const sendLater = (event: StandInEvent) => {
    const p = send(event).catch(() => undefined);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const pay = (
    session: StandInSession,
    over: { amountTotal?: number; currency?: string; paymentStatus?: 'paid' | 'unpaid' } = {},
  ) => {
    session.status = 'complete';
    session.payment_status = over.paymentStatus ?? 'paid';
    session.payment_intent = id('pi');
    if (over.amountTotal !== undefined) session.amount_total = over.amountTotal;
    if (over.currency !== undefined) session.currency = over.currency;
    session.url = null;
    return eventOf('checkout.session.completed', session);
  };
  const expire = (session: StandInSession) => {
    session.status = 'expired';
    session.url = null;
    return eventOf('checkout.session.expired', session);
  };
  const settle = (refund: StandInRefund, status: 'succeeded' | 'failed') => {
    refund.status = status;
    return eventOf(status === 'failed' ? 'refund.failed' : 'refund.updated', refund);
  };

  let base = '';
  const api = (
    method: string,
    path: string,
    form: Record<string, unknown>,
  ): { status: number; body: unknown; after?: () => void } => {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (form.line_items ?? []) as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } };
      }[];
      const item = items[0];
      if (!item?.price_data?.currency || item.price_data.unit_amount === undefined)
        return stripeError(400, 'Missing required param: line_items[0][price_data].', 'line_items');
      const amount = Number(item.price_data.unit_amount) * Number(item.quantity ?? 1);
      if (!Number.isInteger(amount) || amount < 50)
        return stripeError(400, 'The Checkout Session total must be at least 50 cents.', 'line_items');
      const expiresAt = form.expires_at === undefined ? now() + 86_400 : Number(form.expires_at);
      if (expiresAt < now() + 1800 || expiresAt > now() + 86_400)
        return stripeError(
          400,
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'expires_at',
        );
      const sessionId = id('cs');
      const session: StandInSession = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        currency: item.price_data.currency,
        client_reference_id: (form.client_reference_id as string) ?? null,
        customer_email: (form.customer_email as string) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        mode: (form.mode as string) ?? 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.success_url as string,
        cancel_url: form.cancel_url as string,
        expires_at: expiresAt,
        created: now(),
        livemode: false,
        url: `${base}/checkout/${sessionId}`,
        line_item_name: item.price_data.product_data?.name ?? 'Payment',
      };
      sessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (one) {
      const session = sessions.get(one[1]!);
      if (!session)
        return stripeError(404, `No such checkout.session: '${one[1]}'`, 'session', 'resource_missing');
      if (method === 'GET' && !one[2]) return { status: 200, body: session };
      if (method === 'POST' && one[2]) {
        if (session.status !== 'open')
          return stripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        const event = expire(session);
        return { status: 200, body: session, after: () => sendLater(event) };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paid = [...sessions.values()].find((s) => s.payment_intent === form.payment_intent);
      if (!paid)
        return stripeError(
          404,
          `No such payment_intent: '${String(form.payment_intent)}'`,
          'payment_intent',
          'resource_missing',
        );
      const given = [...refunds.values()]
        .filter((r) => r.payment_intent === paid.payment_intent && r.status !== 'failed')
        .reduce((s, r) => s + r.amount, 0);
      const amount = form.amount === undefined ? paid.amount_total - given : Number(form.amount);
      if (amount <= 0 || amount > paid.amount_total - given)
        return stripeError(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount_total - given})`,
          'amount',
          'amount_too_large',
        );
      const refund: StandInRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: paid.currency,
        payment_intent: paid.payment_intent!,
        charge: `ch_${paid.payment_intent!.slice(3)}`,
        status: 'pending',
        metadata: (form.metadata as Record<string, string>) ?? {},
        created: now(),
      };
      refunds.set(refund.id, refund);
      const created = eventOf('refund.created', refund);
      return {
        status: 200,
        body: refund,
        after: () => {
          sendLater(created);
          if (opts.autoSettleRefunds) sendLater(settle(refund, 'succeeded'));
        },
      };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const page = (s: StandInSession, message: string | null) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stand-in Stripe Checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0}main{max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:32px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.amount{font-size:30px;font-weight:700;margin:12px 0}.note{background:#fff7e6;border-radius:6px;padding:6px 10px;font-size:13px}
button{display:block;width:100%;margin-top:14px;padding:12px;font-size:16px;border:0;border-radius:6px;color:#fff;background:#635bff;cursor:pointer}button.decline{background:#b91c1c}
.error{color:#b91c1c;margin-top:12px}</style></head><body><main>
<p class="note">Stand-in for Stripe Checkout (tests): no real money moves.</p>
<h1>${escapeHtml(s.line_item_name)}</h1>
<div class="amount">${(s.amount_total / 100).toFixed(2)} ${escapeHtml(s.currency.toUpperCase())}</div>
${s.customer_email ? `<p>${escapeHtml(s.customer_email)}</p>` : ''}
${
  s.status === 'open'
    ? `<form method="post" action="/checkout/${s.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${s.id}/decline"><button type="submit" class="decline">Pay with a card that is declined</button></form>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<p><a href="${escapeHtml(s.cancel_url)}">Back</a></p>`
    : `<p role="status">This Checkout Session is ${s.status}.</p>`
}
</main></body></html>`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      const html = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(body);
      };
      if (url.pathname.startsWith('/v1/')) {
        if (req.headers.authorization !== `Bearer ${opts.secretKey}`)
          return json(401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
          });
        const form = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : raw);
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key, form });
        const seen = key ? answered.get(key) : undefined;
        if (seen) {
          if (seen.request !== `${req.method} ${url.pathname} ${raw}`)
            return json(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
              },
            });
          return json(seen.status, seen.body);
        }
        const answer = api(req.method!, url.pathname, form);
        if (key && req.method === 'POST')
          answered.set(key, {
            request: `${req.method} ${url.pathname} ${raw}`,
            status: answer.status,
            body: answer.body,
          });
        json(answer.status, answer.body);
        answer.after?.();
        return;
      }
      if (url.pathname === '/health') return json(200, { ok: true });
      const hosted = /^\/checkout\/([^/]+)(?:\/(pay|decline))?$/.exec(url.pathname);
      const session = hosted ? sessions.get(hosted[1]!) : undefined;
      if (!hosted || !session)
        return html(404, '<!doctype html><title>Not found</title><p>No such page.</p>');
      if (req.method === 'GET' && !hosted[2]) return html(200, page(session, null));
      if (req.method === 'POST' && session.status === 'open' && hosted[2] === 'decline')
        return html(402, page(session, 'Your card was declined. Try another card.'));
      if (req.method === 'POST' && session.status === 'open' && hosted[2] === 'pay') {
        sendLater(pay(session));
        res.writeHead(303, { location: session.success_url });
        return res.end();
      }
      return html(409, page(session, null));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${opts.host ?? '127.0.0.1'}:${address.port}`;

  const session = (sessionId: string) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return s;
  };
  return {
    url: base,
    sessions,
    refunds,
    requests,
    deliveries,
    deliverTo: (d: Deliver) => {
      deliver = d;
    },
    /** The event of session `id` paid, not sent (for tests that send it themselves, e.g. to two processes). */
    paidEvent: (sessionId: string, over?: Parameters<typeof pay>[1]) => pay(session(sessionId), over),
    /** An event's body and its Stripe-Signature header, as Stripe would send them. */
    signed: (event: StandInEvent) => {
      const body = JSON.stringify(event, null, 2);
      return {
        body,
        signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: opts.webhookSecret }),
      };
    },
    /** The member pays session `id` on the page (with what Stripe reports changed, for wrong-amount tests); the shop's answer. */
    pay: (sessionId: string, over?: Parameters<typeof pay>[1]) => send(pay(session(sessionId), over)),
    /** Session `id` expires unpaid; the shop's answer. */
    expire: (sessionId: string) => send(expire(session(sessionId))),
    /** A delayed payment method's result on a completed session. */
    asyncResult: (sessionId: string, ok: boolean) =>
      send(
        eventOf(
          ok ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
          Object.assign(session(sessionId), { payment_status: ok ? 'paid' : 'unpaid' }),
        ),
      ),
    /** The bank's end of refund `id`; the shop's answer. */
    settleRefund: (refundId: string, status: 'succeeded' | 'failed' = 'succeeded') => {
      const r = refunds.get(refundId);
      if (!r) throw new Error(`no refund ${refundId}`);
      return send(settle(r, status));
    },
    /** Any event, e.g. one for a session of another shop. */
    emit: (type: string, object: unknown) => send(eventOf(type, object)),
    /** Sends an event again (Stripe's retry, or a replay), or with another signature. */
    send,
    /** Waits until the events sent in the background have been answered. */
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
