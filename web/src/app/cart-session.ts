import { useSession } from '../features/session/session-store.ts';
import { followSession } from '../state/cart/cart-events.ts';

/** The cart follows the session: signed in exactly when a token exists (spec section 4). */
export const connectCartToSession = () =>
  followSession({
    signedIn: () => useSession.getState().token !== null,
    onChange: (listener) => {
      useSession.subscribe((state, previous) => {
        if ((state.token === null) !== (previous.token === null)) listener(state.token !== null);
      });
    },
  });
