import { QueryClient } from '@tanstack/react-query';
import { useSession } from './session-store.ts';

/**
 * The app's one query client. It lives here, not in the providers, because some server state is
 * read and changed outside React too: the member's cart is loaded at sign-in, refreshed on focus
 * and changed from a click's handler (state/cart/member-cart.ts).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows failures as toasts; retry only once for flaky networks.
    queries: { retry: 1, staleTime: 60_000, refetchOnWindowFocus: false },
  },
});

let catalogueFollowsSession = false;
let adoptingStockOrg = false;

/**
 * docs/accounts.md, startup: a shopper with no organisation id stored gets the one
 * `/api/sys/org/nz/stock` names. A call that names no organisation is answered for that same
 * organisation (the New Zealand stock), so what the catalogue read before the id arrived (the
 * first visit's page, its goods, the menus) is already that organisation's and is not read and
 * drawn a second time.
 */
export const adoptStockOrgId = (orgId: number) => {
  adoptingStockOrg = true;
  try {
    useSession.getState().setOrgId(orgId);
  } finally {
    adoptingStockOrg = false;
  }
};

/**
 * From here on (main.tsx calls it once, at start) the catalogue's reads follow the shopper: its
 * prices, promotions and stock are the signed-in member's tier and organisation, so signing in
 * (or out, or another stock organisation) reads the shown goods, searches and lists again. Without
 * it a guest who signed in from a goods page came back to the guest's price for up to a minute.
 */
export const connectCatalogueToSession = () => {
  if (catalogueFollowsSession) return;
  catalogueFollowsSession = true;
  useSession.subscribe((state, previous) => {
    if (state.member?.id === previous.member?.id && state.orgId === previous.orgId) return;
    if (adoptingStockOrg && previous.orgId === null && state.member?.id === previous.member?.id) return;
    void queryClient.invalidateQueries({ queryKey: ['catalogue'] });
  });
};
