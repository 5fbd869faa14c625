import { describe, expect, it } from 'vitest';
import {
  gstOf,
  lineAmount,
  minimumOrderMessage,
  orderTotals,
  type PricedLine,
  type ShippingRule,
  shippingRuleFor,
} from '../src/checkout-rules.ts';
import { MINIMUM_ORDER } from '../src/constants.ts';

/** The rules migration 0012 seeds: retail $8.90, free from $99; wholesale free. */
const RULES: ShippingRule[] = [
  { island: 'north', memberKind: 'retail', fee: 8.9, freeFrom: 99 },
  { island: 'south', memberKind: 'retail', fee: 8.9, freeFrom: 99 },
  { island: 'north', memberKind: 'wholesale', fee: 0, freeFrom: null },
  { island: 'south', memberKind: 'wholesale', fee: 0, freeFrom: null },
];
const one = (price: number, count = 1): PricedLine[] => [{ price, count }];

describe('gstOf: 3/23 of a GST-inclusive amount, to the cent', () => {
  it.each([
    [115, 15],
    [23, 3],
    [0.23, 0.03],
    [8.9, 1.16], // 1.16087
    [10, 1.3], // 1.30435
    [6, 0.78], // 0.78261
    [99, 12.91], // 12.91304
    [107.89, 14.07], // 14.07261
    [0.04, 0.01], // 0.52 of a cent rounds up
    [0.19, 0.02], // 2.48 cents round down
    [0.01, 0], // 0.13 of a cent
    [0, 0],
    [1_000_000, 130_434.78], // 130434.7826
  ])('gstOf(%s) = %s', (inclusive, gst) => {
    expect(gstOf(inclusive)).toBe(gst);
  });

  it('takes decimal strings and float noise alike', () => {
    expect(gstOf('107.89')).toBe(14.07);
    expect(gstOf(0.1 + 0.2)).toBe(gstOf(0.3));
    expect(gstOf(0.3)).toBe(0.04); // 3.91 cents
  });

  it('is exactly 3/23 for every cent amount up to $50 (no float drift)', () => {
    for (let cents = 0; cents <= 5000; cents++) {
      // Integer arithmetic: 3c/23 cents, half-up (a half is impossible: 6c/23 is never odd).
      const expected = Math.floor((3 * cents * 2 + 23) / 46) / 100;
      expect(gstOf(cents / 100), `${cents} cents`).toBe(expected);
    }
  });
});

describe('lineAmount', () => {
  it('is price times count, exact to the cent', () => {
    expect(lineAmount({ price: 0.1, count: 3 })).toBe(0.3); // 0.1 * 3 = 0.30000000000000004 in floats
    expect(lineAmount({ price: 19.99, count: 3 })).toBe(59.97);
    expect(lineAmount({ price: 1.15, count: 100 })).toBe(115); // 114.99999999999999 in floats
    expect(lineAmount({ price: 99_999.99, count: 1000 })).toBe(99_999_990);
  });
});

describe('orderTotals: shipping', () => {
  it('is free exactly at the threshold and charged one cent below', () => {
    const at = orderTotals(one(99), RULES, 'north', 'retail');
    expect(at).toMatchObject({ goods: 99, shipping: 0, total: 99, gst: 12.91 });
    const below = orderTotals(one(98.99), RULES, 'north', 'retail');
    expect(below).toMatchObject({ goods: 98.99, shipping: 8.9, total: 107.89, gst: 14.07 });
    expect(orderTotals(one(99.01), RULES, 'south', 'retail').shipping).toBe(0);
    expect(orderTotals(one(98.99), RULES, 'south', 'retail').shipping).toBe(8.9);
  });

  it('adds up the goods exactly before comparing with the threshold', () => {
    // 21.4 * 3 + 34.8 is 98.99999999999999 in floats, one hair short of free; exactly it is 99.00.
    const lines = [
      { price: 21.4, count: 3 },
      { price: 34.8, count: 1 },
    ];
    expect(orderTotals(lines, RULES, 'north', 'retail')).toMatchObject({ goods: 99, shipping: 0, total: 99 });
    const thirds = [
      { price: 33.33, count: 2 },
      { price: 32.34, count: 1 },
    ];
    expect(orderTotals(thirds, RULES, 'north', 'retail')).toMatchObject({ goods: 99, shipping: 0 });
    const short = [
      { price: 33.33, count: 2 },
      { price: 32.33, count: 1 },
    ];
    expect(orderTotals(short, RULES, 'north', 'retail')).toMatchObject({
      goods: 98.99,
      shipping: 8.9,
      total: 107.89,
    });
  });

  it('has the total and its GST exact when float sums are not', () => {
    // 0.1 * 3 is 0.30000000000000004 in floats; + 0.2, + 8.90 shipping.
    const t = orderTotals(
      [
        { price: 0.1, count: 3 },
        { price: 0.2, count: 1 },
      ],
      RULES,
      'north',
      'retail',
    );
    expect(t).toEqual({ goods: 0.5, shipping: 8.9, total: 9.4, gst: 1.23, minimum: null, missing: 0 });
  });

  it('charges nothing for an empty order', () => {
    expect(orderTotals([], RULES, 'north', 'retail')).toEqual({
      goods: 0,
      shipping: 0,
      total: 0,
      gst: 0,
      minimum: null,
      missing: 0,
    });
  });

  it('follows the rule of the member kind and island, and a rule without a threshold is never free', () => {
    const rules: ShippingRule[] = [
      ...RULES.filter((r) => !(r.island === 'south' && r.memberKind === 'wholesale')),
      { island: 'south', memberKind: 'wholesale', fee: 45.5, freeFrom: null },
    ];
    expect(shippingRuleFor(rules, 'south', 'wholesale')).toMatchObject({ fee: 45.5 });
    expect(orderTotals(one(5000), rules, 'south', 'wholesale')).toMatchObject({
      goods: 5000,
      shipping: 45.5,
      total: 5045.5,
    });
    expect(orderTotals(one(5000), rules, 'north', 'wholesale').shipping).toBe(0);
    expect(orderTotals(one(50), rules, 'north', 'retail').shipping).toBe(8.9);
  });
});

describe('orderTotals: the wholesale minimum of goods', () => {
  it('is 600 on the North Island and 2000 on the South Island', () => {
    expect(MINIMUM_ORDER).toEqual({ north: 600, south: 2000 });
    expect(orderTotals(one(600), RULES, 'north', 'wholesale')).toMatchObject({ minimum: 600, missing: 0 });
    expect(orderTotals(one(599.99), RULES, 'north', 'wholesale')).toMatchObject({
      minimum: 600,
      missing: 0.01,
    });
    expect(orderTotals(one(2000), RULES, 'south', 'wholesale')).toMatchObject({ minimum: 2000, missing: 0 });
    expect(orderTotals(one(1999.99), RULES, 'south', 'wholesale')).toMatchObject({
      minimum: 2000,
      missing: 0.01,
    });
    // 1000 reaches the North Island's minimum but not the South Island's.
    expect(orderTotals(one(1000), RULES, 'north', 'wholesale').missing).toBe(0);
    expect(orderTotals(one(1000), RULES, 'south', 'wholesale').missing).toBe(1000);
    expect(orderTotals([], RULES, 'south', 'wholesale')).toMatchObject({ minimum: 2000, missing: 2000 });
  });

  it('counts the goods only, not shipping, exactly', () => {
    const rules: ShippingRule[] = [{ island: 'north', memberKind: 'wholesale', fee: 25, freeFrom: null }];
    expect(orderTotals(one(599.99), rules, 'north', 'wholesale')).toMatchObject({
      goods: 599.99,
      shipping: 25,
      total: 624.99,
      missing: 0.01,
    });
    // 0.1 * 3 = 0.30000000000000004 in floats: the missing amount stays exact.
    expect(orderTotals(one(0.1, 3), RULES, 'north', 'wholesale').missing).toBe(599.7);
    expect(orderTotals(one(199.7, 3), RULES, 'north', 'wholesale').missing).toBe(0.9);
  });

  it('does not apply to retail', () => {
    expect(orderTotals(one(1), RULES, 'south', 'retail')).toMatchObject({ minimum: null, missing: 0 });
  });

  it('names the island and the missing amount in its message', () => {
    expect(minimumOrderMessage('south', 2000, 0.01)).toBe(
      'Wholesale orders to the South Island need at least $2,000.00 of goods. Add $0.01 more to place this order.',
    );
    expect(minimumOrderMessage('north', 600, 599.7)).toBe(
      'Wholesale orders to the North Island need at least $600.00 of goods. Add $599.70 more to place this order.',
    );
  });
});
