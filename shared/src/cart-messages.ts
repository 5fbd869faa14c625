import { CART_LINES_MAX } from './constants.ts';
import { formatCount } from './money-format.ts';

/**
 * The cart rules' words (docs/messages.md), apart from the rules themselves (cart-rules.ts, which
 * re-exports them) so that a view which only says them (the mixing dialog) does not download the
 * rules' decimal arithmetic.
 */
export const LIMIT_MESSAGE = 'The number of products added to the shopping cart exceeds the purchase limit';
export const MIX_MESSAGE =
  'Products in Local SPY can only be purchased independently and cannot be mixed with products from other suppliers.';
export const MIX_GO_TO_CART = 'Go to the shopping cart';
export const MIX_SEE_OTHERS = 'I want to see others';
export const LINES_MESSAGE = `Your shopping cart holds at most ${formatCount(CART_LINES_MAX)} different items. Check out or remove some first.`;
export const EMPTY_CART_MESSAGE = 'Your shopping cart is empty！';
export const stockMessage = (stock: number): string =>
  stock <= 0 ? 'This item is out of stock' : `Only ${stock} left in stock`;
