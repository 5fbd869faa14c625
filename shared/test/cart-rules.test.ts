import { describe, expect, it } from 'vitest';
import {
  type CartRuleItem,
  cartTotals,
  exceedsLimit,
  LIMIT_MESSAGE,
  MIX_MESSAGE,
  mergeAdd,
  mixConflict,
  refuseAdd,
  refuseCount,
  stockMessage,
  supplierChoiceConflict,
} from '../src/cart-rules.ts';

const SPY = 1; // the own (self) supplier
const item = (over: Partial<CartRuleItem> = {}): CartRuleItem => ({
  skuId: 10,
  count: 1,
  maxCount: null,
  stock: 100,
  self: false,
  supplierId: 2,
  ...over,
});
const own = (over: Partial<CartRuleItem> = {}) => item({ self: true, supplierId: SPY, ...over });

describe('purchase limit (docs/cart.md)', () => {
  it('refuses only when existing plus added is above maxCount', () => {
    expect(exceedsLimit(2, 1, 3)).toBe(false);
    expect(exceedsLimit(2, 2, 3)).toBe(true);
    expect(exceedsLimit(0, 3, 3)).toBe(false);
    expect(exceedsLimit(0, 4, 3)).toBe(true);
    expect(exceedsLimit(500, 500, null)).toBe(false);
  });

  it('applies to the merged count of the same SKU, with the exact message', () => {
    const cart = [item({ skuId: 7, count: 2, maxCount: 3 })];
    expect(refuseAdd(cart, item({ skuId: 7, maxCount: 3 }), 1)).toBeNull();
    expect(refuseAdd(cart, item({ skuId: 7, maxCount: 3 }), 2)).toEqual({
      rule: 'limit',
      message: LIMIT_MESSAGE,
    });
    expect(LIMIT_MESSAGE).toBe(
      'The number of products added to the shopping cart exceeds the purchase limit',
    );
    expect(refuseCount({ maxCount: 3, stock: 100 }, 3)).toBeNull();
    expect(refuseCount({ maxCount: 3, stock: 100 }, 4)?.rule).toBe('limit');
  });
});

describe('stock', () => {
  it('refuses more than is in stock, counting what the cart holds', () => {
    const cart = [item({ skuId: 7, count: 4, stock: 5 })];
    expect(refuseAdd(cart, item({ skuId: 7, stock: 5 }), 1)).toBeNull();
    expect(refuseAdd(cart, item({ skuId: 7, stock: 5 }), 2)).toEqual({
      rule: 'stock',
      message: 'Only 5 left in stock',
    });
    expect(refuseAdd([], item({ stock: 0 }), 1)?.message).toBe(stockMessage(0));
    expect(refuseCount({ maxCount: null, stock: 5 }, 6)?.rule).toBe('stock');
    // Stock fell below what the line holds: lowering is allowed, raising is not.
    expect(refuseCount({ maxCount: null, stock: 3, count: 5 }, 4)).toBeNull();
    expect(refuseCount({ maxCount: null, stock: 3, count: 5 }, 6)?.rule).toBe('stock');
  });
});

describe('mixing rule (docs/cart.md)', () => {
  it('keeps own-supplier goods alone when adding', () => {
    expect(mixConflict([], own())).toBe(false);
    expect(mixConflict([], item())).toBe(false);
    expect(mixConflict([own({ skuId: 1 })], own({ skuId: 2 }))).toBe(false);
    expect(mixConflict([own()], item())).toBe(true);
    expect(mixConflict([item()], own())).toBe(true);
    // Other suppliers mix freely.
    expect(mixConflict([item({ supplierId: 2 })], item({ supplierId: 3 }))).toBe(false);
    expect(refuseAdd([own({ skuId: 1 })], item({ skuId: 2 }), 1)).toEqual({
      rule: 'mix',
      message: MIX_MESSAGE,
    });
    expect(MIX_MESSAGE).toBe(
      'Products in Local SPY can only be purchased independently and cannot be mixed with products from other suppliers.',
    );
  });

  it('guards choosing a supplier in the top nav with a non-empty cart', () => {
    const spy = { id: SPY, self: true };
    const other = { id: 2, self: false };
    expect(supplierChoiceConflict([], spy)).toBe(false);
    expect(supplierChoiceConflict([own()], spy)).toBe(false);
    expect(supplierChoiceConflict([own()], other)).toBe(true);
    expect(supplierChoiceConflict([item()], spy)).toBe(true);
    expect(supplierChoiceConflict([item()], { id: 3, self: false })).toBe(false);
    expect(supplierChoiceConflict([own()], null)).toBe(false);
  });
});

describe('merging and totals', () => {
  it('merges the same SKU in place and puts a new one on top', () => {
    const cart = [item({ skuId: 1, count: 1 }), item({ skuId: 2, count: 1 })];
    expect(mergeAdd(cart, item({ skuId: 2, count: 3 })).map((c) => [c.skuId, c.count])).toEqual([
      [1, 1],
      [2, 4],
    ]);
    expect(mergeAdd(cart, item({ skuId: 3, count: 1 })).map((c) => c.skuId)).toEqual([3, 1, 2]);
  });

  it('totals only the checked lines, exactly', () => {
    expect(
      cartTotals([
        { price: 19.99, count: 3, checked: true },
        { price: 0.1, count: 1, checked: true },
        { price: 0.2, count: 1, checked: true },
        { price: 1000, count: 1, checked: false },
      ]),
    ).toEqual({ count: 5, amount: '60.27' });
    expect(cartTotals([])).toEqual({ count: 0, amount: '0.00' });
  });
});
