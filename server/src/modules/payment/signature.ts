import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentResult } from './provider.ts';

/**
 * The signed payment callback (docs/payment.md: the flow): the result and what was paid, as the
 * gateway signs it with HMAC-SHA256 over the reference, status, amount (cents), currency, card
 * digits and time, in that order, so no field can be changed or left out without the signature
 * failing. The time is the gateway's when it signed (ms since 1970): a callback signed longer ago
 * than CALLBACK_MAX_AGE_MS (or further ahead than CALLBACK_MAX_AHEAD_MS, a clock running fast) is
 * refused, so a callback captured on its way cannot be played back later.
 */

/** A result as the gateway reports it: what it says happened, and the money it says was paid. */
export interface SignedResult extends PaymentResult {
  /** In cents (the currency's minor unit). */
  amountCents: number;
  /** ISO 4217, e.g. NZD. */
  currency: string;
}

/** How old a callback's signed time may be. */
export const CALLBACK_MAX_AGE_MS = 5 * 60_000;
/** How far ahead of the shop's clock a callback's signed time may be (the two clocks differ a little). */
export const CALLBACK_MAX_AHEAD_MS = 60_000;

const canonical = (r: SignedResult, ts: string) =>
  [r.reference, r.status, String(r.amountCents), r.currency, r.cardLast4 ?? '', ts].join('|');

export const signResult = (secret: string, r: SignedResult, ts: string): string =>
  createHmac('sha256', secret).update(canonical(r, ts)).digest('hex');

export const signatureValid = (secret: string, r: SignedResult, ts: string, signature: string): boolean => {
  const expected = Buffer.from(signResult(secret, r, ts), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Whether a callback signed at `ts` (ms) is fresh at `now`. */
export const signedRecently = (ts: string, now = Date.now()): boolean => {
  const at = Number(ts);
  return Number.isSafeInteger(at) && now - at <= CALLBACK_MAX_AGE_MS && at - now <= CALLBACK_MAX_AHEAD_MS;
};
