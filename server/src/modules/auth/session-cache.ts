import { createAnnouncedCache, dropAnnouncedLogins } from '../../lib/announced-cache.ts';
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
 * Trusted only while listening, and a read racing a revocation is not kept (lib/announced-cache.ts).
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
  /** The live session `sessionId` from memory, else from `load` (kept unless a revocation raced it). */
  through(sessionId: string, load: () => Promise<SessionMember | null>): Promise<SessionMember | null>;
  message(payload: string): void;
  lost(): void;
  listening(): void;
}

export const createSessionCache = ({ ttlMs = 30_000, max = 50_000 } = {}): SessionCache => {
  const cache = createAnnouncedCache<string, SessionMember>({
    ttlMs,
    max,
    ttlOf: (member) => member.vipEndsInMs ?? undefined,
  });
  return {
    get: cache.get,
    generation: cache.generation,
    set: (member, generation) => cache.set(member.sessionId, member, generation),
    through: (sessionId, load) => cache.through(sessionId, load),
    message: dropAnnouncedLogins(cache, 'm:', (m) => m.memberId),
    lost: cache.lost,
    listening: cache.listening,
  };
};
