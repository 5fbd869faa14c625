import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from '@mall/shared/constants';
import { describe, expect, it } from 'vitest';
import { readStored, STORAGE_KEYS, writeStored } from '../src/lib/storage.ts';
import { loadStoredSession, useSession } from '../src/state/session-store.ts';
import { retailMember } from './account-fixtures.ts';

const member = retailMember({ userName: 'Tama', orgId: 4 });

describe('session state (docs/accounts.md)', () => {
  it('login stores the member, both tokens and the organisation id', () => {
    useSession.getState().login({ accessToken: 'a', refreshToken: 'r', member });
    expect(useSession.getState()).toMatchObject({ token: 'a', refreshToken: 'r', member, orgId: 4 });
    expect(readStored(STORAGE_KEYS.member)).toEqual(member);
    expect(readStored(STORAGE_KEYS.orgId)).toBe(4);
  });

  it('logout clears member, tokens, cart and organisation id from memory and storage', () => {
    useSession.getState().login({ accessToken: 'a', refreshToken: 'r', member });
    writeStored(STORAGE_KEYS.cart, [{ id: 1 }]);
    useSession.getState().clear();
    expect(useSession.getState()).toMatchObject({
      token: null,
      refreshToken: null,
      member: null,
      orgId: null,
    });
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.member,
      STORAGE_KEYS.cart,
      STORAGE_KEYS.orgId,
    ]) {
      expect(readStored(key)).toBeUndefined();
    }
  });

  it('on startup keeps tokens whose expiry is in the future', () => {
    const t0 = 5_000_000;
    writeStored(STORAGE_KEYS.token, 'a', ACCESS_TOKEN_TTL_MS, t0);
    writeStored(STORAGE_KEYS.refreshToken, 'r', REFRESH_TOKEN_TTL_MS, t0);
    writeStored(STORAGE_KEYS.member, member);
    writeStored(STORAGE_KEYS.orgId, 4);
    expect(loadStoredSession(t0 + ACCESS_TOKEN_TTL_MS - 1)).toEqual({
      token: 'a',
      refreshToken: 'r',
      member,
      orgId: 4,
    });
  });

  it('on startup drops an expired access token together with the member and the cart', () => {
    const t0 = 5_000_000;
    writeStored(STORAGE_KEYS.token, 'a', ACCESS_TOKEN_TTL_MS, t0);
    writeStored(STORAGE_KEYS.refreshToken, 'r', REFRESH_TOKEN_TTL_MS, t0);
    writeStored(STORAGE_KEYS.member, member);
    writeStored(STORAGE_KEYS.cart, [{ id: 1 }]);
    writeStored(STORAGE_KEYS.orgId, 4);
    const state = loadStoredSession(t0 + ACCESS_TOKEN_TTL_MS);
    expect(state).toEqual({ token: null, refreshToken: 'r', member: null, orgId: 4 });
    expect(readStored(STORAGE_KEYS.cart)).toBeUndefined();
    expect(readStored(STORAGE_KEYS.member)).toBeUndefined();
  });

  it('on startup treats an expired refresh token the same way', () => {
    const t0 = 5_000_000;
    writeStored(STORAGE_KEYS.refreshToken, 'r', REFRESH_TOKEN_TTL_MS, t0);
    writeStored(STORAGE_KEYS.member, member);
    const state = loadStoredSession(t0 + REFRESH_TOKEN_TTL_MS);
    expect(state.refreshToken).toBeNull();
    expect(readStored(STORAGE_KEYS.member)).toBeUndefined();
  });

  it('reads a corrupt storage entry as absent', () => {
    localStorage.setItem('mall:token', '{not json');
    expect(loadStoredSession().token).toBeNull();
  });

  it('a fresher member replaces the stored one; a partial change merges; neither applies when signed out', () => {
    useSession.getState().clear();
    useSession.getState().setMember(member);
    useSession.getState().patchMember({ userName: 'Ghost' });
    expect(useSession.getState().member).toBeNull();
    expect(readStored(STORAGE_KEYS.member)).toBeUndefined();

    useSession.getState().login({ accessToken: 'a', refreshToken: 'r', member });
    useSession.getState().patchMember({ userAccount: 'new@example.co.nz' });
    expect(useSession.getState().member).toEqual({ ...member, userAccount: 'new@example.co.nz' });
    expect(readStored(STORAGE_KEYS.member)).toEqual({ ...member, userAccount: 'new@example.co.nz' });
    const fresh = retailMember({ userName: 'Tama_2' });
    useSession.getState().setMember(fresh);
    expect(useSession.getState().member).toEqual(fresh);
  });
});
