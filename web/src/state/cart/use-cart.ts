import { addToCart, setCartCount } from './cart-actions.ts';
import { clearCart, removeCartLine, setCartChecked, useCartStore } from './cart-store.ts';

const actions = {
  add: addToCart,
  setCount: setCartCount,
  setChecked: setCartChecked,
  remove: removeCartLine,
  clear: clearCart,
};

/**
 * The cart for pages: its lines (a member's from the server, a guest's from local storage), its
 * state, and every change (add, count, check one or many, remove, clear). The header reads the
 * store directly to stay light (no rules, no decimal arithmetic).
 */
export const useCart = () => {
  const items = useCartStore((s) => s.items);
  const status = useCartStore((s) => s.status);
  const owner = useCartStore((s) => s.owner);
  return { items, status, owner, ...actions };
};
