import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import { centsOfDollars, fieldErrorsOf } from '../src/features/admin/catalogue/catalogue-api.ts';

describe('the back office catalogue forms', () => {
  it('reads typed dollars as exact cents, and nothing else', () => {
    expect(centsOfDollars('19.99')).toBe(1999);
    expect(centsOfDollars('$0.1')).toBe(10);
    expect(centsOfDollars(' 30 ')).toBe(3000);
    expect(centsOfDollars('0.29')).toBe(29);
    for (const bad of ['', '-1', '1.999', '1,000', 'abc', '12345678', '1e3'])
      expect(centsOfDollars(bad)).toBeNull();
  });

  it('finds the fields a server refusal names in its data.errors', () => {
    const refusal = new ApiError('skus.1.wholesaleCents: must not be more than retail', 400, 400, [
      { field: 'skus.1.wholesaleCents', message: 'must not be more than retail' },
    ]);
    expect(fieldErrorsOf(refusal)).toEqual({
      'skus.1.wholesaleCents': 'must not be more than retail',
    });
    expect(fieldErrorsOf(new ApiError('The good could not be saved.', 409, 409))).toEqual({});
  });
});
