import { describe, expect, it } from 'vitest';
import { failureEnvelope, fieldErrorText } from '../src/envelope.ts';

describe('the failure envelope', () => {
  it('carries null, or the named fields as data.errors', () => {
    const plain = { success: false, code: 409, message: 'Out of stock', data: null };
    expect(failureEnvelope.parse(plain)).toEqual(plain);
    const named = {
      success: false,
      code: 400,
      message: 'postcode: A New Zealand postcode is 4 digits',
      data: { errors: [{ field: 'postcode', message: 'A New Zealand postcode is 4 digits' }] },
    };
    expect(failureEnvelope.parse(named)).toEqual(named);
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
