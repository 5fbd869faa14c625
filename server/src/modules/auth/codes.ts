import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodePurpose,
} from '@mall/shared/contract/account';
import { isEmail } from '@mall/shared/validation';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Verification codes: 4 random digits, stored salted and hashed, valid CODE_TTL_SECONDS, at most
 * CODE_MAX_TRIES tries, one send per target per CODE_RESEND_SECONDS. The limits live in the
 * database (conditional statements), so they hold across server processes.
 */

export type CodeTarget = { kind: 'email' | 'phone'; value: string };

/** An e-mail (compared lower-case) or a phone (digits only), else null. */
export const codeTargetOf = (raw: string): CodeTarget | null => {
  const v = raw.trim();
  if (/^\d{1,20}$/.test(v)) return { kind: 'phone', value: v };
  if (v.length <= 254 && isEmail(v)) return { kind: 'email', value: v.toLowerCase() };
  return null;
};

const hashCode = (code: string, salt = randomBytes(16).toString('hex')) =>
  `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;

const codeMatches = (stored: string, code: string) => {
  const [salt = ''] = stored.split(':');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

export type IssueOutcome = { sent: true; code: string } | { sent: false; waitSeconds: number };

/**
 * Stores a new code for `target` unless one was sent less than CODE_RESEND_SECONDS ago. A new
 * code replaces the target's previous one (whatever its purpose) and starts with fresh tries.
 */
export const issueCode = async (
  db: Db,
  target: string,
  purpose: CodePurpose,
  memberId: number | null,
): Promise<IssueOutcome> => {
  const code = newCode();
  const stored = await rowsOf<{ target: string }>(
    db,
    sql`insert into verification_code (target, purpose, member_id, code_hash, sent_at, expires_at, tries, consumed_at)
        values (${target}, ${purpose}, ${memberId}, ${hashCode(code)}, now(),
                now() + ${`${CODE_TTL_SECONDS} seconds`}::interval, 0, null)
        on conflict (target) do update set
          purpose = excluded.purpose, member_id = excluded.member_id, code_hash = excluded.code_hash,
          sent_at = excluded.sent_at, expires_at = excluded.expires_at, tries = 0, consumed_at = null
        where verification_code.sent_at <= now() - ${`${CODE_RESEND_SECONDS} seconds`}::interval
        returning target`,
  );
  if (stored.length > 0) return { sent: true, code };
  const [row] = await rowsOf<{ wait: number }>(
    db,
    sql`select ceil(extract(epoch from sent_at + ${`${CODE_RESEND_SECONDS} seconds`}::interval - now()))::int as wait
        from verification_code where target = ${target}`,
  );
  return { sent: false, waitSeconds: Math.max(1, row?.wait ?? CODE_RESEND_SECONDS) };
};

/** The code could not be delivered: forget it, so the member may ask again at once. */
export const withdrawCode = async (db: Db, target: string) => {
  await db.execute(sql`delete from verification_code where target = ${target} and consumed_at is null`);
};

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'dead' };

/**
 * Tries `code` for `target` and `purpose` (and, for e-mail and phone changes, the member who
 * asked for it). A try is counted before the comparison; a right code is used up.
 */
export const checkCode = async (
  db: Db,
  target: string,
  purpose: CodePurpose,
  code: string,
  memberId: number | null,
): Promise<CodeCheck> => {
  const memberMatches = purpose === 'email' || purpose === 'phone' ? sql`and member_id = ${memberId}` : sql``;
  const [row] = await rowsOf<{ code_hash: string; tries: number }>(
    db,
    sql`update verification_code set tries = tries + 1
        where target = ${target} and purpose = ${purpose} and consumed_at is null
          and expires_at > now() and tries < ${CODE_MAX_TRIES} ${memberMatches}
        returning code_hash, tries`,
  );
  if (!row) return { ok: false, reason: 'dead' };
  if (!codeMatches(row.code_hash, code)) {
    return { ok: false, reason: 'wrong', triesLeft: CODE_MAX_TRIES - row.tries };
  }
  const used = await rowsOf<{ target: string }>(
    db,
    sql`update verification_code set consumed_at = now()
        where target = ${target} and consumed_at is null returning target`,
  );
  return used.length > 0 ? { ok: true } : { ok: false, reason: 'dead' };
};

/** The 400 of a failed code check, naming the `code` field. */
export const codeError = (check: Exclude<CodeCheck, { ok: true }>) => {
  if (check.reason === 'dead') {
    return badRequest({
      field: 'code',
      message: 'The verification code has expired or was already used. Please request a new one.',
    });
  }
  return badRequest({
    field: 'code',
    message:
      check.triesLeft > 0
        ? `The verification code is not correct (${check.triesLeft} ${check.triesLeft === 1 ? 'try' : 'tries'} left).`
        : 'The verification code is not correct. Please request a new one.',
  });
};

/**
 * Runs `action` in a transaction after the code checks out. A wrong code's try is committed
 * before the 400; when `action` fails, the code stays unused (everything rolls back).
 */
export const withCode = async <T>(
  db: Db,
  check: { target: string; purpose: CodePurpose; code: string; memberId: number | null },
  action: (tx: Tx) => Promise<T>,
): Promise<T> => {
  const outcome = await db.transaction(async (tx) => {
    const result = await checkCode(tx, check.target, check.purpose, check.code, check.memberId);
    if (!result.ok) return { done: false as const, result };
    return { done: true as const, value: await action(tx) };
  });
  if (!outcome.done) throw codeError(outcome.result);
  return outcome.value;
};
