import { STORAGE_KEYS } from '../../lib/storage.ts';
import { useSession } from '../session-store.ts';
import { isMember, readLocalLines, refreshGuestLines, useCartStore } from './cart-store.ts';
import { endMemberCart, memberCartStatus, reloadCart, startMemberCart } from './member-cart.ts';

/** docs/cart.md, login (every form signs in through the session): the guest cart syncs to the member's. */
const signedIn = () => {
  useCartStore.setState({ owner: 'member', items: readLocalLines(), problems: [] });
  startMemberCart();
};

/** Logout and an expired session: the member's cart leaves memory (the session removes the stored lines). */
const signedOut = () => {
  endMemberCart();
  useCartStore.setState({ owner: 'guest', items: readLocalLines(), problems: [] });
};

// Another tab changed the guest cart (or cleared storage): show it here too. A member coming
// back to this tab or window sees the cart as the server has it now (it may have changed in
// another browser); two windows side by side are never hidden, but the one used gets the focus.
const refreshCart = () => {
  if (!isMember()) void refreshGuestLines();
  else if (memberCartStatus() === 'ready') void reloadCart();
};

const listen = () => {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refreshCart();
  });
  window.addEventListener('focus', refreshCart);
  window.addEventListener('storage', (e) => {
    if (e.key !== null && !e.key.endsWith(`:${STORAGE_KEYS.cart}`)) return;
    if (!isMember()) useCartStore.setState({ items: readLocalLines() });
  });
};

let connected = false;

/**
 * From here on (main.tsx calls it once, at start) the cart follows the session (docs/cart.md:
 * signed in exactly when a token exists), other tabs and the window's use. A member signed in
 * already has their cart loaded when it is first shown.
 */
export const connectCart = () => {
  if (connected) return;
  connected = true;
  if (useSession.getState().token !== null) useCartStore.setState({ owner: 'member' });
  useSession.subscribe((state, previous) => {
    if ((state.token === null) === (previous.token === null)) return;
    if (state.token !== null) signedIn();
    else signedOut();
  });
  listen();
};
