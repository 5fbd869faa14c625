import type { CartItem } from '@mall/shared/contract/cart';
import type { GoodsCard, GoodsDetail, Sku } from '@mall/shared/contract/catalogue';

/** A line as the goods page knows it before it is in the cart (a guest's line is kept as it is). */
export type NewCartLine = Omit<CartItem, 'id' | 'count' | 'checked'>;

/** The line of `sku` of a good as a card or the goods page shows it, with the options' values as given. */
const lineOf = (goods: GoodsCard, sku: Sku, values: readonly (string | undefined)[]): NewCartLine => ({
  skuId: sku.id,
  goodsId: goods.id,
  skuCode: sku.code,
  name: goods.name,
  skuLabel: values.filter(Boolean).join(' / '),
  price: sku.price,
  originalPrice: sku.originalPrice,
  maxCount: sku.maxCount,
  stock: sku.stock,
  thumbUrl: sku.pictureUrl ?? goods.thumbUrl,
  self: goods.self,
  supplierId: goods.supplierId,
  supplierCode: goods.supplierCode,
  supplierName: goods.supplierName,
});

/** The cart line for a chosen SKU: what a guest's local cart keeps to show it (docs/cart.md: a cart line). */
export const cartLineOf = (goods: GoodsDetail, sku: Sku): NewCartLine =>
  lineOf(
    goods,
    sku,
    goods.options.map((o) => sku.options[o.name]),
  );

/**
 * The cart line for a good's SKU from its card (a list that knows the good's card and its one
 * SKU, such as the favourites): the options' values in the SKU's order.
 */
export const cartLineOfCard = (goods: GoodsCard, sku: Sku): NewCartLine =>
  lineOf(goods, sku, Object.values(sku.options));
