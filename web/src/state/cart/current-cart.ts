import type { CartItem } from '@mall/shared/contract/cart';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client.ts';
import { type CartState, isMember, refreshGuestLines, useCartStore } from './cart-store.ts';
import { type CartStatus, cartStatusOf, loadCart, memberCartQuery, memberCartStatus } from './member-cart.ts';

/** The cart the shopper sees: a guest's lines from local storage, a member's from the server. */
export interface CurrentCart {
  owner: CartState['owner'];
  items: CartItem[];
  status: CartStatus;
}

/**
 * A member's lines are the server's answer; until the first one arrives (or when the login sync
 * failed) the member keeps seeing the lines picked as a guest.
 */
export const readCart = (): CurrentCart => {
  const { owner, items } = useCartStore.getState();
  if (owner === 'guest') return { owner, items, status: 'ready' };
  const state = queryClient.getQueryState<CartItem[]>(memberCartQuery.queryKey);
  return { owner, items: state?.data ?? items, status: cartStatusOf(state) };
};

/** The cart for views, kept current: a member's is read through the query (loaded when first shown). */
export const useCurrentCart = (): CurrentCart => {
  const owner = useCartStore((s) => s.owner);
  const local = useCartStore((s) => s.items);
  // The query client is named, not taken from the context: the cart is changed outside React too.
  // Whether to load is asked when a load would start, not when the view last rendered: a load
  // that starts after a sign-out (before the views render again) never asks for the member's cart.
  const member = useQuery({ ...memberCartQuery, enabled: isMember }, queryClient);
  if (owner === 'guest') return { owner, items: local, status: 'ready' };
  return { owner, items: member.data ?? local, status: cartStatusOf(member) };
};

/**
 * What a cart page shows before its lines: the load failure, or a skeleton until the first
 * answer, while there are no lines to show yet; else the lines (which may be none).
 */
export const cartPhase = ({ items, status }: CurrentCart): 'failed' | 'loading' | 'lines' => {
  if (items.length > 0) return 'lines';
  if (status === 'error') return 'failed';
  return status === 'loading' || status === 'idle' ? 'loading' : 'lines';
};

/** Starts the member's load if nothing has (the header does it on every page); a guest's lines are brought up to date. */
export const ensureCartLoaded = () => {
  if (!isMember()) void refreshGuestLines();
  else if (memberCartStatus() === 'idle') void loadCart();
};
