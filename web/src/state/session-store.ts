import { ACCESS_TOKEN_TTL_MS, INVALID_TOKEN, REFRESH_TOKEN_TTL_MS } from '@mall/shared/constants';
// A type only: the session store (in every page's first download) does not pull in zod.
import type { Member } from '@mall/shared/contract/account';
import { create } from 'zustand';
import { isStoredExpired, readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage.ts';

interface SessionState {
  token: string | null;
  refreshToken: string | null;
  member: Member | null;
  orgId: number | null;
  /** Stores tokens from a login or from refresh headers; the value 'invalid_token' is ignored. */
  setTokens(tokens: { accessToken?: string | null; refreshToken?: string | null }): void;
  login(input: { accessToken: string; refreshToken: string; member: Member }): void;
  /** A fresher copy of the member (account info, profile or contact change); ignored when signed out. */
  setMember(member: Member): void;
  /** Changes some of the member's fields (e.g. a new e-mail); ignored when signed out. */
  patchMember(patch: Partial<Member>): void;
  setOrgId(orgId: number): void;
  /** Logout and session expiry: member, tokens, cart and organisation id leave memory and storage. */
  clear(): void;
}

const usable = (t: string | null | undefined): t is string => Boolean(t) && t !== INVALID_TOKEN;

/**
 * docs/accounts.md, startup: the access token is kept only if its expiry is in the future,
 * otherwise the token, member and cart are removed; the refresh token is treated the same way.
 */
export const loadStoredSession = (now = Date.now()) => {
  if (isStoredExpired(STORAGE_KEYS.token, now))
    removeStored(STORAGE_KEYS.token, STORAGE_KEYS.member, STORAGE_KEYS.cart);
  if (isStoredExpired(STORAGE_KEYS.refreshToken, now)) {
    removeStored(STORAGE_KEYS.refreshToken, STORAGE_KEYS.member, STORAGE_KEYS.cart);
  }
  const token = readStored<string>(STORAGE_KEYS.token, now) ?? null;
  return {
    token,
    refreshToken: readStored<string>(STORAGE_KEYS.refreshToken, now) ?? null,
    member: token ? (readStored<Member>(STORAGE_KEYS.member, now) ?? null) : null,
    orgId: readStored<number>(STORAGE_KEYS.orgId, now) ?? null,
  };
};

export const useSession = create<SessionState>()((set, get) => ({
  ...loadStoredSession(),
  setTokens: ({ accessToken, refreshToken }) => {
    const next: Partial<SessionState> = {};
    if (usable(accessToken)) {
      writeStored(STORAGE_KEYS.token, accessToken, ACCESS_TOKEN_TTL_MS);
      next.token = accessToken;
    }
    if (usable(refreshToken)) {
      writeStored(STORAGE_KEYS.refreshToken, refreshToken, REFRESH_TOKEN_TTL_MS);
      next.refreshToken = refreshToken;
    }
    if (Object.keys(next).length) set(next);
  },
  login: ({ accessToken, refreshToken, member }) => {
    get().setTokens({ accessToken, refreshToken });
    writeStored(STORAGE_KEYS.member, member);
    const orgId = typeof member.orgId === 'number' ? member.orgId : get().orgId;
    if (orgId !== null) writeStored(STORAGE_KEYS.orgId, orgId);
    set({ member, orgId });
  },
  setMember: (member) => {
    if (get().token === null) return;
    writeStored(STORAGE_KEYS.member, member);
    set({ member });
  },
  patchMember: (patch) => {
    const current = get().member;
    if (get().token === null || !current) return;
    get().setMember({ ...current, ...patch });
  },
  setOrgId: (orgId) => {
    writeStored(STORAGE_KEYS.orgId, orgId);
    set({ orgId });
  },
  clear: () => {
    removeStored(
      STORAGE_KEYS.token,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.member,
      STORAGE_KEYS.cart,
      STORAGE_KEYS.orgId,
    );
    set({ token: null, refreshToken: null, member: null, orgId: null });
  },
}));

/** Logged in exactly when a token exists (docs/accounts.md). */
export const useIsLoggedIn = () => useSession((s) => s.token !== null);
