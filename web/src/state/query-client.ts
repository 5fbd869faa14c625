import { QueryClient } from '@tanstack/react-query';

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
