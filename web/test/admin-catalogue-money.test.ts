import { describe, expect, it } from 'vitest';
import { centsOfDollars, fieldOfRefusal } from '../src/features/admin/catalogue/catalogue-api.ts';

describe('the back office catalogue forms', () => {
  it('reads typed dollars as exact cents, and nothing else', () => {
    expect(centsOfDollars('19.99')).toBe(1999);
    expect(centsOfDollars('$0.1')).toBe(10);
    expect(centsOfDollars(' 30 ')).toBe(3000);
    expect(centsOfDollars('0.29')).toBe(29);
    for (const bad of ['', '-1', '1.999', '1,000', 'abc', '12345678', '1e3'])
      expect(centsOfDollars(bad)).toBeNull();
  });

  it('finds the field a server refusal names', () => {
    expect(fieldOfRefusal('skus.1.wholesaleCents: must not be more than retail')).toEqual({
      field: 'skus.1.wholesaleCents',
      message: 'must not be more than retail',
    });
    expect(fieldOfRefusal('The good could not be saved.')).toBeNull();
  });
});
