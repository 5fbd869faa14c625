import { randomBytes } from 'node:crypto';
import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { PAYMENT_CURRENCY, type PaymentView, paymentByReference, SANDBOX_PROVIDER } from './service.ts';
import { type SignedResult, signResult } from './signature.ts';

/**
 * The sandbox payment gateway (docs/payment.md: the sandbox gateway): a stand-in for a card gateway, served by the same
 * process so a fresh machine can pay without any account. Its hosted card page takes test cards;
 * the result reaches the shop the way a real gateway's does, as a signed server-to-server call to
 * GET /api/sale/order/pay/callback; then the member's browser goes to the payment notice page.
 * The gateway works on plain inputs (`createSandboxGateway`); its HTTP pages are in routes.ts.
 */

export const SANDBOX_PATH = '/sandbox-gateway/pay';

/** The test cards: what the bank answers for each. */
export const TEST_CARDS = {
  '4242424242424242': { outcome: 'succeeded', label: 'Succeeds' },
  '4000000000000002': { outcome: 'declined', label: 'Declined by the bank' },
  '4000000000003220': { outcome: 'wait', label: 'The bank answers after a short wait, then succeeds' },
} as const;

export const sandboxProvider = (): PaymentProvider => ({
  name: SANDBOX_PROVIDER,
  start: async (p) => ({ redirectUrl: `${SANDBOX_PATH}/${p.reference}`, providerRef: null }),
  // The sandbox's bank gives every refund back at once.
  refund: async () => ({ reference: `refund_${randomBytes(12).toString('hex')}`, status: 'succeeded' }),
});

const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

const page = (brand: string, p: PaymentView, error: string | null) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay ${escapeHtml(formatPrice(fromCents(p.amountCents)))} - Sandbox gateway</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;margin:0;color:#111827}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#6b7280;font-size:14px}.amount{font-size:32px;font-weight:700;margin:16px 0}
button,input{font:inherit}label{display:block;font-size:14px;font-weight:600;margin:16px 0 6px}input{width:100%;box-sizing:border-box;font-size:16px;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}button{margin-top:24px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#0f766e;border:0;border-radius:8px;cursor:pointer}
.error{background:#fef2f2;color:#b91c1c;border-radius:8px;padding:10px 12px;margin-top:16px;font-size:14px}
table{width:100%;font-size:13px;margin-top:24px;border-collapse:collapse}td{padding:4px 8px 4px 0;border-top:1px solid #f3f4f6}td:first-child{white-space:nowrap;font-variant-numeric:tabular-nums}
.badge{display:inline-block;background:#fef3c7;color:#92400e;font-size:12px;font-weight:600;border-radius:999px;padding:2px 10px;margin-bottom:12px}
a{color:#0f766e}
</style></head><body><main>
<span class="badge">Sandbox: no real money moves</span>
<h1>${escapeHtml(brand)}</h1><div class="muted">Order ${escapeHtml(p.orderNo)}</div>
<div class="amount">${escapeHtml(formatPrice(fromCents(p.amountCents)))} <span class="muted">${PAYMENT_CURRENCY}</span></div>
${
  p.status === 'pending'
    ? `<form method="post" action="${SANDBOX_PATH}/${escapeHtml(p.reference)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" placeholder="12/30" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" required></div></div>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<button type="submit">Pay ${escapeHtml(formatPrice(fromCents(p.amountCents)))}</button></form>
<table><caption class="muted" style="text-align:left">Test cards (any future expiry, any CVC)</caption>
${Object.entries(TEST_CARDS)
  .map(([n, c]) => `<tr><td>${spaced(n)}</td><td>${escapeHtml(c.label)}</td></tr>`)
  .join('')}</table>`
    : `<p role="status">This payment has ${p.status === 'succeeded' ? 'been paid' : 'been declined'}.</p>`
}
<p class="muted"><a href="/pages/order/pay/index?orderId=${p.orderId}">Cancel and return to the shop</a></p>
</main></body></html>`;

const cardForm = z.object({
  card: z.string().transform((s) => s.replace(/[\s-]/g, '')),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY.'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'The CVC is 3 or 4 digits.'),
});

/** What the gateway answers a browser: a page (with its HTTP status), or where to go next. */
export type GatewayAnswer = { page: string; status: 200 | 400 | 404 } | { redirect: string };

export interface SandboxGateway {
  /** The hosted card page of payment `reference`. */
  show(reference: string): Promise<GatewayAnswer>;
  /**
   * A card submitted on the page of payment `reference` (`form`: the posted fields): the page
   * again with what is wrong, or, once the bank has been asked, the shop's payment notice.
   */
  pay(reference: string, form: Record<string, unknown>): Promise<GatewayAnswer>;
}

export interface SandboxGatewayDeps {
  db: Db;
  /** The shop's name, on the page. */
  brand: string;
  /** The key the shop's callback checks the result's signature with. */
  secret: string;
  /** How long the bank takes to answer for the "wait" test card. */
  waitMs: number;
  /** Sends a signed result (the callback's query) to the shop, as a gateway's server-to-server call. */
  deliver: (query: Record<string, string>) => Promise<void>;
  /** A result sent after a wait that the shop did not take (nobody is waiting on it to hear). */
  deliveryFailed: (err: unknown) => void;
}

export const createSandboxGateway = (deps: SandboxGatewayDeps): SandboxGateway => {
  /** The callback's query, signed when it is sent (a result sent after a wait is signed then). */
  const signed = (r: SignedResult) => {
    const ts = String(Date.now());
    return {
      reference: r.reference,
      status: r.status,
      amount: String(r.amountCents),
      currency: r.currency,
      last4: r.cardLast4 ?? '',
      ts,
      signature: signResult(deps.secret, r, ts),
    };
  };

  const show = async (reference: string, error: string | null): Promise<GatewayAnswer> => {
    const p = await paymentByReference(deps.db, reference);
    if (!p) return { status: 404, page: '<!doctype html><title>Not found</title><p>No such payment.</p>' };
    return { status: error ? 400 : 200, page: page(deps.brand, p, error) };
  };

  return {
    show: (reference) => show(reference, null),
    pay: async (reference, body) => {
      const p = await paymentByReference(deps.db, reference);
      const form = cardForm.safeParse(body);
      const card = form.success ? TEST_CARDS[form.data.card as keyof typeof TEST_CARDS] : undefined;
      const problem = !form.success
        ? (form.error.issues[0]?.message ?? 'Check the card details.')
        : !card
          ? 'Use one of the test cards below.'
          : null;
      if (p?.status !== 'pending' || problem)
        return show(reference, p?.status === 'pending' ? problem : null);
      // The bank charges what the page asked, in the shop's currency.
      const result: SignedResult = {
        reference,
        status: card!.outcome === 'declined' ? 'declined' : 'succeeded',
        cardLast4: form.data!.card.slice(-4),
        amountCents: p.amountCents,
        currency: PAYMENT_CURRENCY,
      };
      if (card!.outcome === 'wait') {
        setTimeout(() => {
          deps.deliver(signed(result)).catch(deps.deliveryFailed);
        }, deps.waitMs).unref();
      } else {
        await deps.deliver(signed(result));
      }
      return { redirect: `/pages/order/pay/notice?orderId=${p.orderId}` };
    },
  };
};
