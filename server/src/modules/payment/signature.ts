import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentResult } from './provider.ts';

/**
 * The HMAC-SHA256 signature of a payment callback: over the reference, status, card digits and
 * time, in that order, so no field can be changed or left out without the signature failing.
 */
const canonical = (r: PaymentResult, ts: string) => [r.reference, r.status, r.cardLast4 ?? '', ts].join('|');

export const signResult = (secret: string, r: PaymentResult, ts: string): string =>
  createHmac('sha256', secret).update(canonical(r, ts)).digest('hex');

export const signatureValid = (secret: string, r: PaymentResult, ts: string, signature: string): boolean => {
  const expected = Buffer.from(signResult(secret, r, ts), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
