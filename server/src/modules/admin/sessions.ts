import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { millis, rowsOf } from '../../lib/sql.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import type { OperatorRole } from './roles.ts';

/**
 * Operators' logins: a random token (the same kind as members' refresh tokens) kept only as its
 * SHA-256, live until it expires, its operator logs out or is disabled. Looked up on every
 * back-office call (one primary-key read), so a disabled operator is out at once everywhere.
 */

export interface SignedInOperator {
  id: number;
  name: string;
  role: OperatorRole;
  totp: boolean;
  tokenHash: string;
}

export const OPERATOR_SESSION_MS = 12 * 60 * 60 * 1000;

export const startOperatorSession = async (db: Db, operatorId: number, ip: string | undefined) => {
  const token = randomToken();
  await db.execute(
    sql`insert into operator_session (token_hash, operator_id, expires_at, ip)
        values (${sha256(token)}, ${operatorId}, now() + ${millis(OPERATOR_SESSION_MS)}::interval, ${ip ?? null})`,
  );
  await db.execute(
    sql`delete from operator_session where operator_id = ${operatorId}
        and coalesce(revoked_at, expires_at) < now() - interval '1 day'`,
  );
  return token;
};

export const operatorOfToken = async (db: Db, token: string): Promise<SignedInOperator | null> => {
  const hash = sha256(token);
  const [row] = await rowsOf<{ id: number; name: string; role: OperatorRole; totp: boolean }>(
    db,
    sql`select o.id, o.name, o.role, o.totp_secret is not null as totp
        from operator_session s join operator o on o.id = s.operator_id
        where s.token_hash = ${hash} and s.revoked_at is null and s.expires_at > now() and not o.disabled`,
    // Every back-office call asks this: planning it cost more than running it.
    { prepared: true },
  );
  return row ? { ...row, tokenHash: hash } : null;
};

export const endOperatorSession = async (db: Db, tokenHash: string) => {
  await db.execute(
    sql`update operator_session set revoked_at = now() where token_hash = ${tokenHash} and revoked_at is null`,
  );
};

export const endOperatorSessions = async (db: Db, operatorId: number) => {
  await db.execute(
    sql`update operator_session set revoked_at = now() where operator_id = ${operatorId} and revoked_at is null`,
  );
};

/** Ends every login of an operator but the one of `keepTokenHash` (after they change their password). */
export const endOtherOperatorSessions = async (db: Db, operatorId: number, keepTokenHash: string) => {
  await db.execute(
    sql`update operator_session set revoked_at = now()
        where operator_id = ${operatorId} and token_hash <> ${keepTokenHash} and revoked_at is null`,
  );
};
