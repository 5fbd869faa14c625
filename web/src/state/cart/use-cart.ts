import {
  addManyToCart,
  addToCart,
  clearCart,
  removeCartLine,
  setCartChecked,
  setCartCount,
} from './cart-actions.ts';
import { useCurrentCart } from './current-cart.ts';

const actions = {
  add: addToCart,
  setCount: setCartCount,
  setChecked: setCartChecked,
  remove: removeCartLine,
  clear: clearCart,
  addMany: addManyToCart,
};

/**
 * The cart for pages: its lines (a member's from the server, a guest's from local storage), its
 * state, and every change (add, count, check one or many, remove, clear). The header reads
 * useCurrentCart to stay light (no rules, no decimal arithmetic).
 */
export const useCart = () => ({ ...useCurrentCart(), ...actions });
