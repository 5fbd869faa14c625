import { LRUCache } from 'lru-cache';
import type { SessionMember } from './sessions.ts';

/**
 * Live sessions held in memory, so a signed-in request does not read its session from the
 * database every time. The database announces every revocation, and every change of a member's
 * kind or club membership, on SESSION_CHANNEL (migration 0011); every process on the database
 * hears it (`Database.listen`) and drops what it held. So a logout or a password change still ends
 * the session everywhere within the time a NOTIFY takes; this process forgets its own revocations
 * at once (AuthRuntime.forgetSession). A club membership that ends by the clock is held no longer
 * than until it ends.
 *
 * Only trusted while listening: before the first LISTEN and whenever its connection is lost the
 * cache is empty and unused (every request reads the database). A read that began before an
 * announcement is not stored (`generation`), so a revocation racing a read cannot be undone by it.
 */
export const SESSION_CHANNEL = 'member_session_changed';

/** Announcement payloads (as migration 0011 writes them): one session, or every session of a member. */
export const sessionPayload = (sessionId: string) => `s:${sessionId}`;
export const memberPayload = (memberId: number) => `m:${memberId}`;

export interface SessionCache {
  get(sessionId: string): SessionMember | undefined;
  /** The generation to pass to `set` for a read starting now. */
  generation(): number;
  /** Keeps `member` unless an announcement (or a lost connection) came since `generation`. */
  set(member: SessionMember, generation: number): void;
  message(payload: string): void;
  lost(): void;
  listening(): void;
}

export const createSessionCache = ({ ttlMs = 30_000, max = 50_000 } = {}): SessionCache => {
  const lru = new LRUCache<string, SessionMember>({ max, ttl: ttlMs });
  let trusted = false;
  let gen = 0;
  const invalidate = () => {
    gen++;
  };
  return {
    get: (sessionId) => (trusted ? lru.get(sessionId) : undefined),
    generation: () => gen,
    set: (member, generation) => {
      if (!trusted || generation !== gen) return;
      const ttl = member.vipEndsInMs === null ? ttlMs : Math.min(ttlMs, member.vipEndsInMs);
      if (ttl >= 1) lru.set(member.sessionId, member, { ttl });
    },
    message: (payload) => {
      invalidate();
      if (payload.startsWith('s:')) {
        lru.delete(payload.slice(2));
      } else if (payload.startsWith('m:')) {
        const memberId = Number(payload.slice(2));
        for (const [sessionId, m] of lru.entries()) if (m.memberId === memberId) lru.delete(sessionId);
      } else {
        lru.clear();
      }
    },
    lost: () => {
      invalidate();
      trusted = false;
      lru.clear();
    },
    listening: () => {
      invalidate();
      lru.clear();
      trusted = true;
    },
  };
};
