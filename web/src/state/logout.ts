import { api } from '../api/client.ts';
import { relaunch } from '../lib/relaunch.ts';
import { HOME_PATH } from '../lib/routes.ts';
import { useSession } from './session-store.ts';

export const LOGOUT_QUESTION = 'Are you sure you want to log out？';

/**
 * docs/accounts.md, logout: tell the server (its failure is not handled: the shopper is logged out
 * either way), clear member, tokens, cart and organisation id, then relaunch at home.
 */
export const logout = async () => {
  try {
    await api.get('/api/sys/auth/logout', { toast: false });
  } catch {
    // Failures of logout are not shown: the shopper is logged out anyway.
  }
  useSession.getState().clear();
  relaunch(HOME_PATH);
};
