import { describe, expect, it } from 'vitest';
import { failureEnvelope, fieldErrorText } from '../src/envelope.ts';
import { REFUSAL_REASON_LIST, reasonOfStatus } from '../src/reasons.ts';

describe('the failure envelope', () => {
  it('carries null, or the named fields as data.errors', () => {
    const plain = { success: false, code: 409, message: 'Out of stock', data: null, reason: 'cart.stock' };
    expect(failureEnvelope.parse(plain)).toEqual(plain);
    const named = {
      success: false,
      code: 400,
      message: 'postcode: A New Zealand postcode is 4 digits',
      data: { errors: [{ field: 'postcode', message: 'A New Zealand postcode is 4 digits' }] },
      reason: 'request.invalid',
    };
    expect(failureEnvelope.parse(named)).toEqual(named);
  });

  it('carries a listed reason, and nothing else as one', () => {
    const base = { success: false, code: 409, message: 'Out of stock', data: null };
    expect(failureEnvelope.safeParse(base).success).toBe(false);
    expect(failureEnvelope.safeParse({ ...base, reason: 'out_of_stock' }).success).toBe(false);
    for (const reason of REFUSAL_REASON_LIST)
      expect(failureEnvelope.safeParse({ ...base, reason }).success, reason).toBe(true);
  });

  it("gives a refusal without a reason of its own its status's", () => {
    expect([400, 401, 403, 404, 409, 413, 429, 500, 502, 503].map(reasonOfStatus)).toEqual([
      'request.invalid',
      'auth.required',
      'auth.forbidden',
      'not_found',
      'conflict',
      'request.too_large',
      'request.too_many',
      'server.error',
      'server.upstream',
      'server.unavailable',
    ]);
    expect(reasonOfStatus(405)).toBe('request.invalid');
    expect(reasonOfStatus(504)).toBe('server.error');
  });

  it('refuses an empty list of errors, or an error without its field', () => {
    const base = { success: false, code: 400, message: 'The request is not valid.' };
    expect(failureEnvelope.safeParse({ ...base, data: { errors: [] } }).success).toBe(false);
    expect(failureEnvelope.safeParse({ ...base, data: { errors: [{ message: 'x' }] } }).success).toBe(false);
  });

  it('says a field error in one line, the field first', () => {
    expect(fieldErrorText({ field: 'address.postcode', message: 'must be 4 digits' })).toBe(
      'address.postcode: must be 4 digits',
    );
  });
});
