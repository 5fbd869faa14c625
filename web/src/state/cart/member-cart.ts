import type { CartItem, CartLineInput, CartMergeResult } from '@mall/shared/contract/cart';
import { type QueryState, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../api/client.ts';
import { queryClient } from '../query-client.ts';
import { isMember, localLinesSynced, readLocalLines } from './cart-store.ts';

/**
 * docs/cart.md: a member's cart lives on the server. Here it is server state in the query
 * cache: loaded (or, with lines a guest left, synced) by the query, read again when it may have
 * changed elsewhere, and replaced by the cart each change answers with. Never changed here ahead
 * of the server except for a count or a check, which is undone when refused.
 */
export const MEMBER_CART_KEY = ['cart', 'member'] as const;

/** 'loading' until a member's cart first arrives (or while a failed load is tried again); 'error' when it could not be loaded or synced. */
export type CartStatus = 'idle' | 'loading' | 'ready' | 'error';

const serverCart = () => api.get<CartItem[]>('/api/cart/app', { toast: false });

// Answers are numbered by when their call was made. One is shown only if no answer to a call
// made later is shown already: a reload on focus must not overtake the change the same click
// made, and put its count back; a change answered late must not undo the change made after it.
let callsMade = 0;
let newestShown = 0;

/** Makes a call that answers with the member's cart; null when a later call's answer is already shown. */
const inOrder = async (call: () => Promise<CartItem[]>): Promise<CartItem[] | null> => {
  const made = ++callsMade;
  const items = await call();
  if (made <= newestShown) return null;
  newestShown = made;
  return items;
};

// Each sign-in or sign-out starts a new session of the cart: what a call made before it
// answers is not this member's cart (or not a member's at all) and is never shown.
let sessions = 0;
const newSession = () => {
  sessions += 1;
  newestShown = callsMade;
  queryClient.removeQueries({ queryKey: MEMBER_CART_KEY });
};

/**
 * docs/cart.md, sync at login: pushes the local cart to the server and takes the merged cart it answers;
 * each line that could not go in whole is kept as a problem for the member to read, and only then
 * do the local lines go. A failed sync keeps them: the next load sends them again.
 */
const syncLocalLines = async (lines: CartItem[]): Promise<CartItem[]> => {
  const session = sessions;
  const body: CartLineInput[] = lines.map((l) => ({ skuId: l.skuId, count: l.count, checked: l.checked }));
  const result = await api.post<CartMergeResult>('/api/cart/sync', body);
  if (session === sessions) localLinesSynced(result.problems);
  return result.items;
};

/** The member's cart; lines a guest left before a sync that failed go up first: nothing is dropped. */
const fetchMemberCart = async (): Promise<CartItem[]> => {
  const lines = readLocalLines();
  const items = await inOrder(lines.length > 0 ? () => syncLocalLines(lines) : serverCart);
  return items ?? queryClient.getQueryData<CartItem[]>(MEMBER_CART_KEY) ?? [];
};

/**
 * The member's cart query. It is read again only when told to (a sign-in, the window used again,
 * a line gone elsewhere, checkout), and not retried by itself: a failed load waits for "Try
 * again" or the member's next change, as a sync must not run twice at once. It stays cached while
 * no view shows it (the rules of an add or a supplier choice read it): only a sign-out drops it.
 */
export const memberCartQuery = queryOptions({
  queryKey: MEMBER_CART_KEY,
  queryFn: fetchMemberCart,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  retryOnMount: false,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/** The cart's status from its query's state (none yet is 'idle'). */
export const cartStatusOf = (state: Pick<QueryState, 'status' | 'fetchStatus'> | undefined): CartStatus => {
  if (!state) return 'idle';
  if (state.status === 'success') return 'ready';
  if (state.fetchStatus !== 'idle') return 'loading';
  return state.status === 'error' ? 'error' : 'idle';
};

export const memberCartStatus = () => cartStatusOf(queryClient.getQueryState(MEMBER_CART_KEY));

/** The member's cart as last answered (undefined before the first answer). */
export const memberCartItems = () => queryClient.getQueryData<CartItem[]>(MEMBER_CART_KEY);

/** Loads the member's cart now (joining a load under way); a guest's is already in memory. */
export const loadCart = async (): Promise<void> => {
  if (!isMember()) return;
  try {
    await queryClient.fetchQuery({ ...memberCartQuery, staleTime: 0 });
  } catch {
    // The query holds the error: the views offer to try again.
  }
};

/** The member's cart may have changed elsewhere (another browser, another tab): read it again. */
export const reloadCart = () =>
  queryClient.invalidateQueries({ queryKey: MEMBER_CART_KEY, refetchType: 'all' }, { cancelRefetch: false });

/**
 * Makes a call that answers with the member's cart (or else loads it) and shows the answer, unless
 * the answer to a call made later is already shown.
 */
export const applyServerAnswer = async (call: () => Promise<unknown>): Promise<void> => {
  const items = await inOrder(async () => {
    const answer = await call();
    return Array.isArray(answer) ? (answer as CartItem[]) : await serverCart();
  });
  if (items) queryClient.setQueryData(MEMBER_CART_KEY, items);
};

/**
 * Shows a change to the member's lines at once (a count, a check) while the server is asked;
 * the returned undo puts the lines back, unless an answer has replaced the change since.
 */
export const showChangeAtOnce = (before: CartItem[], next: CartItem[]) => {
  const shown = queryClient.setQueryData(MEMBER_CART_KEY, next);
  return () => {
    if (queryClient.getQueryData(MEMBER_CART_KEY) === shown)
      queryClient.setQueryData(MEMBER_CART_KEY, before);
  };
};

/** A sign-in: the member's cart loads, syncing the lines the guest left. */
export const startMemberCart = () => {
  newSession();
  void loadCart();
};

/** A sign-out (or an expired session): the member's cart leaves memory. */
export const endMemberCart = newSession;

export const CART_NOT_READY = 'Your cart could not be loaded. Please try again.';

/**
 * A member's change needs the server's cart in view (not lines still waiting to sync): load it
 * first if need be, and refuse when it cannot be had. False when it had to be loaded first.
 */
export const memberCartReady = async (): Promise<boolean> => {
  if (memberCartStatus() === 'ready') return true;
  await loadCart();
  if (memberCartStatus() !== 'ready') throw new Error(CART_NOT_READY);
  return false;
};

export const CART_UPDATED = 'Your cart has just been updated. Please check it and try again.';

/** For a change naming lines by id: ids read before the server's cart arrived are not its ids. */
export const linesReady = async () => {
  if (!(await memberCartReady())) throw new Error(CART_UPDATED);
};

export const LINE_GONE = 'This item is no longer in your shopping cart. Your cart now shows what it holds.';

/** The server answers 404 to a change naming a line the member's cart no longer holds. */
export const isLineGone = (err: unknown) => err instanceof ApiError && err.status === 404;

/**
 * A change to a line the server no longer has (removed in another browser, say) answers 404: the
 * view was stale, so the cart is read again and the member told so in words, not the field name.
 */
export const lineGoneOr = (err: unknown): unknown => {
  if (!isLineGone(err)) return err;
  void reloadCart();
  return new Error(LINE_GONE);
};
