import { useCallback, useRef } from 'react';

/** A random v4 UUID; crypto.randomUUID where the page is a secure context, else from getRandomValues. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** What one checkout attempt buys: the lines and counts, and the address. */
export const attemptFingerprint = (lines: readonly { id: number; count: number }[], addressId: number) =>
  `${addressId}|${[...lines]
    .sort((a, b) => a.id - b.id)
    .map((l) => `${l.id}x${l.count}`)
    .join(',')}`;

/**
 * One Idempotency-Key per checkout attempt: the same key for as long as the order asked for stays
 * the same (so a retry after a network failure cannot place a second order), a new one once the
 * cart lines, their counts or the address change.
 */
export const useAttemptKey = () => {
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  return useCallback((fingerprint: string) => {
    if (attempt.current?.fingerprint !== fingerprint)
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    return attempt.current.key;
  }, []);
};
