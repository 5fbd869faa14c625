import { type CartItem, cartSchema } from '@mall/shared/contract/cart';
import { envelopeOf } from '@mall/shared/envelope';
import { describe, expect, it } from 'vitest';
import { ok } from '../../src/lib/envelope.ts';
import { createResponseSerializers, ResponseShapeError } from '../../src/lib/response-serializer.ts';
import { cartAnswer } from '../../src/modules/cart/cart-answer.ts';

const item = (id: number, over: Partial<CartItem> = {}): CartItem =>
  Object.freeze({
    id,
    skuId: 100 + id,
    goodsId: 10 + id,
    skuCode: `KM0000${10 + id}-1`,
    name: id % 2 ? 'Tūī Toys Classic Trampoline "Pro"' : 'Kauri Merino Bucket Hat',
    skuLabel: id % 2 ? 'Navy / M' : '',
    price: 44.5 + id,
    originalPrice: id % 2 ? null : 60.25,
    count: 1 + id,
    maxCount: id % 2 ? null : 5,
    stock: 400 - id,
    checked: id % 3 !== 0,
    thumbUrl: '/uploads/demo/catalogue/goods-ball-red.svg',
    self: id === 4,
    supplierId: 3,
    supplierCode: 'SAO',
    supplierName: 'Southern Alps Outdoor',
    ...over,
  });

/** What the route's own schema writes for the same items (response-serializer.ts). */
const bySchema = (items: CartItem[]) =>
  (
    createResponseSerializers().compiler({
      schema: envelopeOf(cartSchema),
      method: 'GET',
      url: '/api/cart/app',
    } as never) as (data: unknown) => string
  )(ok(items));

describe('cart answers', () => {
  it('are the JSON the cart schema writes, in ASCII, for empty and full carts', () => {
    for (const items of [[], [item(1)], Array.from({ length: 20 }, (_, i) => item(i + 1))]) {
      const text = cartAnswer(items);
      expect(text).toMatch(/^[\x20-\x7e]*$/);
      expect(JSON.parse(text)).toEqual(ok(items));
      expect(JSON.stringify(JSON.parse(text))).toBe(bySchema(items));
    }
  });

  it('escape only what is not ASCII: a cart of ASCII names is the schema’s text exactly', () => {
    const items = [item(2), item(4, { name: 'Kauri "Merino" \\ Hat', supplierName: 'Tāne & Co 😀' })];
    expect(cartAnswer([items[0]!])).toBe(bySchema([items[0]!]));
    expect(cartAnswer(items)).toContain('T\\u0101ne & Co \\ud83d\\ude00');
    expect(JSON.parse(cartAnswer(items)).data[1].supplierName).toBe('Tāne & Co 😀');
  });

  it('write a changed line anew and the unchanged ones as before', () => {
    const lines = [item(1), item(2), item(3)];
    const before = cartAnswer(lines);
    const after = cartAnswer([lines[0]!, item(2, { count: 9 }), lines[2]!]);
    expect(JSON.parse(after).data.map((i: CartItem) => i.count)).toEqual([2, 9, 4]);
    expect(JSON.parse(before).data.map((i: CartItem) => i.count)).toEqual([2, 3, 4]);
  });

  it('refuse an item that does not match the schema, rather than write it', () => {
    for (const bad of [{ price: null }, { count: 1.5 }, { name: undefined }]) {
      expect(() => cartAnswer([item(1, bad as Partial<CartItem>)])).toThrow(ResponseShapeError);
    }
  });
});
