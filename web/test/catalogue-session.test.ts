import { afterEach, describe, expect, it } from 'vitest';
import { adoptStockOrgId, connectCatalogueToSession, queryClient } from '../src/state/query-client.ts';
import { useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';

const GOOD = ['catalogue', 'goods', 3];
const SEARCH = ['catalogue', 'search', { keyword: 'honey' }];
const ACCOUNT = ['account', 'info'];
const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

/** Fresh answers read as a guest (and one of the account, which does not depend on prices). */
const readAsGuest = () => {
  queryClient.clear();
  queryClient.setQueryData(GOOD, { price: 4.9 });
  queryClient.setQueryData(SEARCH, { total: 1 });
  queryClient.setQueryData(ACCOUNT, { points: 0 });
};

afterEach(() => useSession.getState().clear());

describe('the catalogue follows the shopper', () => {
  connectCatalogueToSession();

  it('reads the shown goods and searches again when a guest signs in, with their tier’s prices', () => {
    readAsGuest();
    expect(invalidated(GOOD)).toBe(false);
    useSession.getState().login({ accessToken: 'access', refreshToken: 'refresh', member: retailMember() });
    expect(invalidated(GOOD)).toBe(true);
    expect(invalidated(SEARCH)).toBe(true);
    expect(invalidated(ACCOUNT)).toBe(false);
  });

  it('reads them again on signing out and on another stock organisation, not on new tokens alone', () => {
    useSession.getState().login({ accessToken: 'access', refreshToken: 'refresh', member: retailMember() });
    readAsGuest();
    useSession.getState().setTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(invalidated(GOOD)).toBe(false);
    useSession.getState().setOrgId(9);
    expect(invalidated(GOOD)).toBe(true);
    readAsGuest();
    useSession.getState().clear();
    expect(invalidated(GOOD)).toBe(true);
  });

  it('keeps what a first visit read when the startup adopts the stock organisation, answered for it already', () => {
    readAsGuest();
    adoptStockOrgId(3);
    expect(useSession.getState().orgId).toBe(3);
    expect(invalidated(GOOD)).toBe(false);
    expect(invalidated(SEARCH)).toBe(false);
    // Another organisation chosen afterwards (the locations page) reads them again.
    useSession.getState().setOrgId(9);
    expect(invalidated(GOOD)).toBe(true);
  });
});
