/**
 * Local storage with optional expiry (docs/accounts.md, startup: tokens are kept only while their
 * expiry is in the future). Values are JSON; a corrupt entry reads as absent.
 */
interface Stored<T> {
  value: T;
  expiresAt?: number;
}

/** The client-side state kept across reloads (docs/accounts.md, docs/cart.md). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  member: 'member',
  orgId: 'orgId',
  cart: 'cart',
  services: 'services',
  links: 'links',
  siteLinks: 'siteLinks',
  osLinks: 'osLinks',
  brands: 'brands',
  suppliers: 'suppliers',
  promptKeywords: 'promptKeywords',
  dictTypeData: 'dictTypeData',
  enumListData: 'enumListData',
  organisations: 'orgList',
  searchSupplier: 'searchSupplier',
  /** A guest's live-chat conversation token (docs/chat.md). */
  chatGuest: 'chatGuest',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const PREFIX = 'mall:';

export const readStored = <T>(key: StorageKey, now = Date.now()): T | undefined => {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return undefined;
    const stored = JSON.parse(raw) as Stored<T>;
    if (stored.expiresAt !== undefined && stored.expiresAt <= now) return undefined;
    return stored.value;
  } catch {
    return undefined;
  }
};

/** Whether the key holds a value whose expiry has passed (not merely absent). */
export const isStoredExpired = (key: StorageKey, now = Date.now()): boolean => {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (raw === null) return false;
    const stored = JSON.parse(raw) as Stored<unknown>;
    return stored.expiresAt !== undefined && stored.expiresAt <= now;
  } catch {
    return true;
  }
};

export const writeStored = <T>(key: StorageKey, value: T, ttlMs?: number, now = Date.now()) => {
  const stored: Stored<T> = ttlMs === undefined ? { value } : { value, expiresAt: now + ttlMs };
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(stored));
  } catch {
    // Storage full or disabled (private mode): the app keeps working from memory.
  }
};

export const removeStored = (...keys: StorageKey[]) => {
  for (const key of keys) {
    try {
      localStorage.removeItem(PREFIX + key);
    } catch {
      // ignore
    }
  }
};
