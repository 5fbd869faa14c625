import type { MemberKind } from '@mall/shared/contract/account';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aliased, columns, type RowOf } from '../../db/columns.ts';
import { randomToken, sha256 } from '../../lib/random-tokens.ts';
import { millis, rowsOf } from '../../lib/sql.ts';
import { joinMember, memberEnabled, sessionMemberColumns, sessionMemberFields } from '../customer/index.ts';
import { memberSession, refreshToken as refreshTokenTable } from './tables.ts';

/**
 * Sessions and refresh-token rotation (docs/accounts.md: tokens and sessions). Every time comes from the database's
 * clock, so several server processes agree on what has expired.
 */

export type RevokeReason = 'logout' | 'password' | 'reuse' | 'disabled';

/**
 * Who a live session belongs to. Revoking a session, or changing a member's kind or club
 * membership, is announced to every server process by the database (migration 0011), which
 * drops what it held of the session (session-cache.ts).
 */
export interface SessionMember {
  sessionId: string;
  memberId: number;
  kind: MemberKind;
  vip: boolean;
  /** Milliseconds until a club membership with an end date ends; null otherwise. */
  vipEndsInMs: number | null;
}

/** The session's member, joined in the same statement (a session is looked up on every signed-in request). */
const memberOfSession = joinMember('m', sql`s.member_id`);
const memberSelect = sessionMemberColumns('m');

const sessionMemberOf = (sessionId: string, r: RowOf<typeof memberSelect>): SessionMember => ({
  sessionId,
  memberId: r.member_id,
  kind: r.kind,
  vip: r.vip,
  vipEndsInMs: r.vip_ends_in_ms === null ? null : Number(r.vip_ends_in_ms),
});

const sessionIdColumn = columns({ id: memberSession.id });

/** Starts a session for `memberId`; returns its id and first refresh token. */
export const createSession = async (
  db: Db,
  memberId: number,
  refreshTtlMs: number,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ sessionId: string; refreshToken: string }> => {
  const refreshToken = randomToken();
  const expires = sql`now() + ${millis(refreshTtlMs)}::interval`;
  const [session] = await rowsOf(
    db,
    sessionIdColumn.query`insert into member_session (member_id, expires_at, user_agent, ip)
        values (${memberId}, ${expires}, ${meta.userAgent?.slice(0, 300) ?? null}, ${meta.ip ?? null})
        returning ${sessionIdColumn}`,
  );
  await db.execute(
    sql`insert into refresh_token (token_hash, session_id, expires_at)
        values (${sha256(refreshToken)}, ${session!.id}, ${expires})`,
  );
  // Housekeeping: this member's sessions that ended more than a day ago.
  await db.execute(
    sql`delete from member_session where member_id = ${memberId}
        and coalesce(revoked_at, expires_at) < now() - interval '1 day'`,
  );
  return { sessionId: session!.id, refreshToken };
};

/** The member of session `sessionId` when it has not been revoked (one primary-key lookup). */
export const liveSessionMember = async (db: Db, sessionId: string): Promise<SessionMember | null> => {
  const [row] = await rowsOf(
    db,
    memberSelect.query`select ${memberSelect} from member_session s ${memberOfSession}
        where s.id = ${sessionId} and s.revoked_at is null and ${memberEnabled('m')}`,
    { prepared: true },
  );
  return row ? sessionMemberOf(sessionId, row) : null;
};

export type RefreshOutcome =
  /** The token was live: it is now used up and `refreshToken` replaces it. */
  | { status: 'rotated'; member: SessionMember; refreshToken: string }
  /** Rotated a moment ago (a parallel request of the same browser): serve, issue nothing. */
  | { status: 'grace'; member: SessionMember }
  /** Rotated before the grace period: a copy of the token is in someone else's hands; the session is revoked. */
  | { status: 'reused'; sessionId: string }
  | { status: 'invalid' | 'expired' | 'revoked' };

const r = aliased(refreshTokenTable, 'r');

/** Uses refresh token `token` once: rotation with reuse detection. */
export const useRefreshToken = async (
  db: Db,
  token: string,
  refreshTtlMs: number,
  graceMs: number,
): Promise<RefreshOutcome> => {
  const hash = sha256(token);
  return db.transaction(async (tx) => {
    const token = columns({
      session_id: r.sessionId,
      live: sql<boolean>`r.expires_at > now()`,
      used: sql<boolean>`r.used_at is not null`,
      in_grace: sql<boolean>`coalesce(r.used_at > now() - ${millis(graceMs)}::interval, false)`,
      revoked: sql<boolean>`s.revoked_at is not null`,
      disabled: sql<boolean>`not ${memberEnabled('m')}`,
    }).and(sessionMemberFields('m'));
    const [row] = await rowsOf(
      tx,
      token.query`select ${token}
          from refresh_token r
          join member_session s on s.id = r.session_id
          ${memberOfSession}
          where r.token_hash = ${hash}
          for update of r`,
    );
    if (!row) return { status: 'invalid' };
    if (row.revoked || row.disabled) return { status: 'revoked' };
    const member = sessionMemberOf(row.session_id, row);
    if (row.used) {
      if (row.in_grace) return { status: 'grace', member };
      await revokeSession(tx, row.session_id, 'reuse');
      return { status: 'reused', sessionId: row.session_id };
    }
    if (!row.live) return { status: 'expired' };
    const refreshToken = randomToken();
    const next = sha256(refreshToken);
    const expires = sql`now() + ${millis(refreshTtlMs)}::interval`;
    await tx.execute(
      sql`update refresh_token set used_at = now(), replaced_by = ${next} where token_hash = ${hash}`,
    );
    await tx.execute(
      sql`insert into refresh_token (token_hash, session_id, expires_at) values (${next}, ${row.session_id}, ${expires})`,
    );
    await tx.execute(sql`update member_session set expires_at = ${expires} where id = ${row.session_id}`);
    return { status: 'rotated', member, refreshToken };
  });
};

export const revokeSession = async (db: Db, sessionId: string, reason: RevokeReason) => {
  await db.execute(
    sql`update member_session set revoked_at = now(), revoked_reason = ${reason}
        where id = ${sessionId} and revoked_at is null`,
  );
};

/** Ends every session of the member (password changed or reset, or the member disabled). */
export const revokeMemberSessions = async (db: Db, memberId: number, reason: RevokeReason) => {
  await db.execute(
    sql`update member_session set revoked_at = now(), revoked_reason = ${reason}
        where member_id = ${memberId} and revoked_at is null`,
  );
};
