import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  CODE_LOCK_SECONDS,
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  CODE_WRONG_MAX_PER_TARGET,
  CODE_WRONG_WINDOW_SECONDS,
  type CodePurpose,
} from '@mall/shared/contract/account';
import { isEmail } from '@mall/shared/validation';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columns } from '../../db/columns.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import { minutesText } from '../../lib/failure-counts.ts';
import { rowsOf } from '../../lib/sql.ts';
import { verificationCode } from './tables.ts';

/**
 * Verification codes: 4 random digits, stored salted and hashed, valid CODE_TTL_SECONDS, at most
 * CODE_MAX_TRIES tries, one send per target per CODE_RESEND_SECONDS. A resend starts the code's
 * tries again, but not the target's count of wrong codes: after CODE_WRONG_MAX_PER_TARGET wrong
 * codes within CODE_WRONG_WINDOW_SECONDS the target is locked for CODE_LOCK_SECONDS (no code is
 * sent to it nor checked for it; its owner is told by mail), and each further wrong code once the
 * lock is over locks it again. The limits live in the database (conditional statements), so they
 * hold across server processes. (Per client address: code-guard.ts.)
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

export type IssueOutcome =
  | { sent: true; code: string }
  | { sent: false; waitSeconds: number; locked: boolean };

const interval = (seconds: number) => sql`${`${seconds} seconds`}::interval`;

/** The code's target (`target`): what an upsert or update changed. */
const targetColumn = columns({ target: verificationCode.target });

/** Whole seconds until `at`, from the database's clock. */
const secondsUntil = (at: SQL) => sql<number>`ceil(extract(epoch from ${at} - now()))::int`;

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
  const stored = await rowsOf(
    db,
    targetColumn.query`insert into verification_code (target, purpose, member_id, code_hash, sent_at, expires_at, tries, consumed_at)
        values (${target}, ${purpose}, ${memberId}, ${hashCode(code)}, now(),
                now() + ${`${CODE_TTL_SECONDS} seconds`}::interval, 0, null)
        on conflict (target) do update set
          purpose = excluded.purpose, member_id = excluded.member_id, code_hash = excluded.code_hash,
          sent_at = excluded.sent_at, expires_at = excluded.expires_at, tries = 0, consumed_at = null
        where verification_code.sent_at <= now() - ${interval(CODE_RESEND_SECONDS)}
          and (verification_code.locked_until is null or verification_code.locked_until <= now())
        returning ${targetColumn}`,
  );
  if (stored.length > 0) return { sent: true, code };
  const waits = columns({
    wait: secondsUntil(sql`sent_at + ${interval(CODE_RESEND_SECONDS)}`),
    locked_wait: sql<
      number | null
    >`case when locked_until > now() then ${secondsUntil(sql`locked_until`)} end`,
  });
  const [row] = await rowsOf(
    db,
    waits.query`select ${waits}
        from verification_code where target = ${target}`,
  );
  if (row?.locked_wait) return { sent: false, waitSeconds: row.locked_wait, locked: true };
  return { sent: false, waitSeconds: Math.max(1, row?.wait ?? CODE_RESEND_SECONDS), locked: false };
};

/** The 429 of a target locked after too many wrong codes: signing in with the password still works. */
export const targetLocked = (label: string, waitSeconds: number) =>
  tooManyRequests(
    `Too many wrong codes were tried for this ${label}. No new code can be sent to it for ${minutesText(waitSeconds * 1000)}; signing in with your password still works.`,
    waitSeconds,
  );

/** The code could not be delivered: forget it, so the member may ask again at once. */
export const withdrawCode = async (db: Db, target: string) => {
  // Kept (not deleted), so the target's count of wrong codes stays.
  await db.execute(
    sql`update verification_code set expires_at = now(), sent_at = now() - ${interval(CODE_RESEND_SECONDS)}
        where target = ${target} and consumed_at is null`,
  );
};

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number; lockedNow: boolean }
  | { ok: false; reason: 'dead' }
  | { ok: false; reason: 'locked'; waitSeconds: number };

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
  const tried = columns({ code_hash: verificationCode.codeHash, tries: verificationCode.tries });
  const [row] = await rowsOf(
    db,
    tried.query`update verification_code set tries = tries + 1
        where target = ${target} and purpose = ${purpose} and consumed_at is null
          and expires_at > now() and tries < ${CODE_MAX_TRIES} ${memberMatches}
          and (locked_until is null or locked_until <= now())
        returning ${tried}`,
  );
  if (!row) {
    const lockWait = columns({ wait: secondsUntil(sql`locked_until`) });
    const [lock] = await rowsOf(
      db,
      lockWait.query`select ${lockWait}
          from verification_code where target = ${target} and locked_until > now()`,
    );
    return lock ? { ok: false, reason: 'locked', waitSeconds: lock.wait } : { ok: false, reason: 'dead' };
  }
  if (!codeMatches(row.code_hash, code)) {
    // Counted across resends in a window from the first wrong code; at the cap (and at each
    // wrong code after it in the window) the target is locked and its code is dead.
    const fresh = sql`(wrong_since is null or wrong_since <= now() - ${interval(CODE_WRONG_WINDOW_SECONDS)})`;
    const count = sql`(case when ${fresh} then 1 else wrong_count + 1 end)`;
    const locked = columns({ locked: sql<boolean>`locked_until is not null and locked_until > now()` });
    const [after] = await rowsOf(
      db,
      locked.query`update verification_code set
            wrong_count = ${count},
            wrong_since = case when ${fresh} then now() else wrong_since end,
            locked_until = case when ${count} >= ${CODE_WRONG_MAX_PER_TARGET}
              then now() + ${interval(CODE_LOCK_SECONDS)} else locked_until end,
            tries = case when ${count} >= ${CODE_WRONG_MAX_PER_TARGET} then ${CODE_MAX_TRIES} else tries end
          where target = ${target}
          returning ${locked}`,
    );
    if (after?.locked) return { ok: false, reason: 'wrong', triesLeft: 0, lockedNow: true };
    return { ok: false, reason: 'wrong', triesLeft: CODE_MAX_TRIES - row.tries, lockedNow: false };
  }
  const used = await rowsOf(
    db,
    targetColumn.query`update verification_code set consumed_at = now()
        where target = ${target} and consumed_at is null returning ${targetColumn}`,
  );
  return used.length > 0 ? { ok: true } : { ok: false, reason: 'dead' };
};

/** The 400 of a failed code check, naming the `code` field. */
export const codeError = (check: Exclude<CodeCheck, { ok: true }>) => {
  if (check.reason === 'locked' || (check.reason === 'wrong' && check.lockedNow)) {
    const wait = check.reason === 'locked' ? check.waitSeconds : CODE_LOCK_SECONDS;
    return badRequest({
      field: 'code',
      message: `The verification code is not correct, and too many wrong codes were tried: no new code can be sent for ${minutesText(wait * 1000)}. Signing in with your password still works.`,
    });
  }
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
export interface CodeGuards {
  /** The client address's try, taken before the check (code-guard.ts); given back when the code is right. */
  addressTry?: { succeeded(): Promise<void> };
  /** Tells the target's owner that it was just locked (by mail). */
  onLocked?: (target: string) => Promise<void>;
}

export const withCode = async <T>(
  db: Db,
  check: { target: string; purpose: CodePurpose; code: string; memberId: number | null },
  action: (tx: Tx) => Promise<T>,
  guards: CodeGuards = {},
): Promise<T> => {
  const outcome = await db.transaction(async (tx) => {
    const result = await checkCode(tx, check.target, check.purpose, check.code, check.memberId);
    if (!result.ok) return { done: false as const, result };
    return { done: true as const, value: await action(tx) };
  });
  if (!outcome.done) {
    if (outcome.result.reason === 'wrong' && outcome.result.lockedNow && guards.onLocked) {
      await guards.onLocked(check.target).catch(() => {});
    }
    throw codeError(outcome.result);
  }
  await guards.addressTry?.succeeded();
  return outcome.value;
};
