import { sql } from 'drizzle-orm';
import type { Db, Listener } from '../../db/client.ts';
import { aliased, columns } from '../../db/columns.ts';
import { type AnnouncedCache, createAnnouncedCache, dropAnnouncedLogins } from '../../lib/announced-cache.ts';
import { randomToken, sha256 } from '../../lib/random-tokens.ts';
import { millis, rowsOf } from '../../lib/sql.ts';
import type { OperatorRole } from './roles.ts';
import { operator } from './tables.ts';

/**
 * Operators' logins: a random token (the same kind as members' refresh tokens) kept only as its
 * SHA-256, live until it expires, its operator logs out or is disabled. Every back-office call
 * looks its login up: in memory when this process follows the announcements (below), else with
 * one primary-key read.
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

/**
 * Live logins held in memory, so a back-office call reads no login from the database. The
 * database announces every login that ends and every change of what a login carries (the
 * operator's name, role, two-factor, disabling) on OPERATOR_SESSION_CHANNEL (migration 0035),
 * even a change made by hand; every process drops what it held, so a disabled operator is out
 * everywhere within the time a NOTIFY takes, and this process forgets its own changes at once.
 * A login is held at most until it expires. Trusted only while listening (lib/announced-cache.ts).
 * The orders list bench spent one of its three statements a page on the login.
 */
export const OPERATOR_SESSION_CHANNEL = 'operator_session_changed';

interface HeldLogin extends SignedInOperator {
  expiresAt: number;
}

/**
 * The caches of each database in this process: one per app following its announcements (tests
 * run several apps on one database). Each hears every announcement, so any of them answers.
 */
const held = new WeakMap<Db, Set<AnnouncedCache<string, HeldLogin>>>();
const cacheOf = (db: Db) => held.get(db)?.values().next().value;

/**
 * Keeps the live logins of `db` in memory from now on: the listener to follow the announcements
 * with, and `release` for when it stops listening.
 */
export const holdOperatorSessions = (db: Db): { listener: Listener; release(): void } => {
  const cache = createAnnouncedCache<string, HeldLogin>({
    ttlMs: 30_000,
    max: 10_000,
    ttlOf: (login) => login.expiresAt - Date.now(),
  });
  let caches = held.get(db);
  if (!caches) {
    caches = new Set();
    held.set(db, caches);
  }
  caches.add(cache);
  return {
    listener: {
      message: dropAnnouncedLogins(cache, 'o:', (login) => login.id),
      lost: cache.lost,
      listening: cache.listening,
    },
    release: () => caches.delete(cache),
  };
};

const o = aliased(operator, 'o');
const loginColumns = columns({
  id: o.id,
  name: o.name,
  role: o.role,
  totp: sql<boolean>`o.totp_secret is not null`,
  expires_at: sql<number>`(extract(epoch from s.expires_at) * 1000)::float8`,
});

const readLogin = async (db: Db, hash: string): Promise<HeldLogin | null> => {
  const [row] = await rowsOf(
    db,
    loginColumns.query`select ${loginColumns}
        from operator_session s join operator o on o.id = s.operator_id
        where s.token_hash = ${hash} and s.revoked_at is null and s.expires_at > now() and not o.disabled`,
    // Every back-office call asks this: planning it cost more than running it.
    { prepared: true },
  );
  if (!row) return null;
  const { expires_at, ...operator } = row;
  return { ...operator, tokenHash: hash, expiresAt: expires_at };
};

export const operatorOfToken = async (db: Db, token: string): Promise<SignedInOperator | null> => {
  const hash = sha256(token);
  const cache = cacheOf(db);
  const login = cache ? await cache.through(hash, () => readLogin(db, hash)) : await readLogin(db, hash);
  if (!login || login.expiresAt <= Date.now()) return null;
  const { expiresAt: _, ...operator } = login;
  return operator;
};

/** Drops what this process holds of a login, or of every login of an operator, after changing it. */
const forgetLogin = (db: Db, tokenHash: string) => {
  for (const cache of held.get(db) ?? []) cache.forget(tokenHash);
};
export const forgetOperatorLogins = (db: Db, operatorId: number) => {
  for (const cache of held.get(db) ?? []) cache.forgetWhere((login) => login.id === operatorId);
};

export const endOperatorSession = async (db: Db, tokenHash: string) => {
  await db.execute(
    sql`update operator_session set revoked_at = now() where token_hash = ${tokenHash} and revoked_at is null`,
  );
  forgetLogin(db, tokenHash);
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
