import { type CartItem, cartItemSchema } from '@mall/shared/contract/cart';
import { ok } from '../../lib/envelope.ts';
import { compileSerializer } from '../../lib/response-serializer.ts';

/**
 * A cart answer (the `ok` envelope of the member's items) as the bytes to send. Each item's JSON is
 * written once, checked against `cartItemSchema` like every answer (response-serializer.ts), and
 * kept as UTF-8 with the item: the service hands out the same frozen item for as long as its line
 * and SKU facts are unchanged (service.ts `itemOf`), so an add to a 20-line cart writes one line
 * and copies 19. Sending bytes also spares the per-answer UTF-8 length count and encoding of the
 * whole text, which, with the macrons of many names, cost more than writing it (measured: bench/).
 */
const writeItem = compileSerializer(cartItemSchema, 'a cart item');
const itemBytes = new WeakMap<CartItem, Buffer>();

const [head, tail] = JSON.stringify(ok([])).split('[]') as [string, string];
const HEAD = Buffer.from(`${head}[`);
const TAIL = Buffer.from(`]${tail}`);
const COMMA = Buffer.from(',');

const bytesOf = (item: CartItem) => {
  let bytes = itemBytes.get(item);
  if (!bytes) {
    bytes = Buffer.from(writeItem(item));
    itemBytes.set(item, bytes);
  }
  return bytes;
};

export const cartAnswer = (items: readonly CartItem[]): Buffer => {
  const parts: Buffer[] = [HEAD];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(bytesOf(item));
  });
  parts.push(TAIL);
  return Buffer.concat(parts);
};

export const CART_ANSWER_TYPE = 'application/json; charset=utf-8';
