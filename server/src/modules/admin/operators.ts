import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columns, type RowOf } from '../../db/columns.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { LoginGuard } from '../../lib/login-guard.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { rowsOf } from '../../lib/sql.ts';
import { recordAudit } from './audit.ts';
import type { OperatorRole } from './roles.ts';
import {
  endOperatorSessions,
  endOtherOperatorSessions,
  forgetOperatorLogins,
  startOperatorSession,
} from './sessions.ts';
import { operator } from './tables.ts';
import { enrolment, newTotpSecret, stepOfCode } from './totp.ts';

/** Operators: accounts, roles, logins with optional TOTP (docs/back-office.md). */

export interface OperatorView {
  id: number;
  name: string;
  role: OperatorRole;
  disabled: boolean;
  totp: boolean;
  createdAt: string;
}

export const LOGIN_FAILED = 'The name or password is wrong.';
export const CODE_WRONG = 'The code is wrong or already used. Please enter the newest code from your app.';
export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app.';
export const NAME_TAKEN = 'An operator with this name already exists.';
export const CURRENT_PASSWORD_WRONG = 'is not your current password';
export const SAME_PASSWORD = 'is the password you have now: choose another';
export const NOT_YOURSELF = 'You cannot change your own role or access, or disable yourself.';

const operatorColumns = columns({
  id: operator.id,
  name: operator.name,
  role: operator.role,
  disabled: operator.disabled,
  totp: sql<boolean>`totp_secret is not null`,
  created_at: operator.createdAt,
});
const viewOf = (r: RowOf<typeof operatorColumns>): OperatorView => ({
  id: r.id,
  name: r.name,
  role: r.role,
  disabled: r.disabled,
  totp: r.totp,
  createdAt: new Date(r.created_at).toISOString(),
});
/** What the audit log keeps of an operator (never a secret). */
const auditedOf = (v: OperatorView) => ({ name: v.name, role: v.role, disabled: v.disabled, totp: v.totp });

export const listOperators = async (db: Db) =>
  (await rowsOf(db, operatorColumns.query`select ${operatorColumns} from operator order by id`)).map(viewOf);

export const operatorNamed = async (db: Db, name: string): Promise<OperatorView | null> => {
  const [row] = await rowsOf(
    db,
    operatorColumns.query`select ${operatorColumns} from operator where name = ${name}`,
  );
  return row ? viewOf(row) : null;
};

const operatorById = async (db: Db, id: number, lock = false) => {
  const [row] = await rowsOf(
    db,
    lock
      ? operatorColumns.query`select ${operatorColumns} from operator where id = ${id} for update`
      : operatorColumns.query`select ${operatorColumns} from operator where id = ${id}`,
  );
  if (!row) throw notFound(`No operator ${id}.`);
  return viewOf(row);
};

export interface NewOperator {
  name: string;
  password: string;
  role: OperatorRole;
}

/**
 * Adds an operator; `byOperatorId` is the owner doing it (null: the first owner, by the command,
 * recorded as done by itself).
 */
export const createOperator = async (db: Db, byOperatorId: number | null, input: NewOperator) => {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await rowsOf(
      tx,
      operatorColumns.query`insert into operator (name, password_hash, role) values (${input.name}, ${passwordHash}, ${input.role})
          on conflict (name) do nothing returning ${operatorColumns}`,
    );
    if (!row) throw conflict({ field: 'name', message: NAME_TAKEN });
    const created = viewOf(row);
    await recordAudit(tx, {
      operatorId: byOperatorId ?? created.id,
      action: 'operator.create',
      subject: `operator ${created.name}`,
      after: auditedOf(created),
    });
    return created;
  });
};

/** An owner changes another operator's role or disables or enables them; disabling ends their logins at once. */
export const updateOperator = async (
  db: Db,
  byOperatorId: number,
  id: number,
  change: { role?: OperatorRole | undefined; disabled?: boolean | undefined },
) => {
  const after = await db.transaction(async (tx) => {
    const before = await operatorById(tx, id, true);
    if (id === byOperatorId) throw conflict(NOT_YOURSELF);
    const role = change.role ?? before.role;
    const disabled = change.disabled ?? before.disabled;
    if (role === before.role && disabled === before.disabled) return before;
    await tx.execute(sql`update operator set role = ${role}, disabled = ${disabled} where id = ${id}`);
    if (disabled) await endOperatorSessions(tx, id);
    const after = { ...before, role, disabled };
    await recordAudit(tx, {
      operatorId: byOperatorId,
      action: 'operator.update',
      subject: `operator ${before.name}`,
      before: auditedOf(before),
      after: auditedOf(after),
    });
    return after;
  });
  // This process's logins of them, at once (every process drops them when it hears: sessions.ts).
  forgetOperatorLogins(db, id);
  return after;
};

/**
 * An owner gives another operator a new password and turns their two-factor off (a lost
 * authenticator or a forgotten password); their logins end at once, and they enrol again.
 * `byOperatorId` null: the reset command on the server (a shop's only owner), recorded as done
 * by the operator themself.
 */
export const resetOperatorAccess = async (
  db: Db,
  byOperatorId: number | null,
  id: number,
  password: string,
) => {
  if (id === byOperatorId) throw conflict(NOT_YOURSELF);
  const passwordHash = await hashPassword(password);
  const after = await db.transaction(async (tx) => {
    const before = await operatorById(tx, id, true);
    await tx.execute(
      sql`update operator set password_hash = ${passwordHash}, totp_secret = null, totp_pending_secret = null,
            totp_last_step = null where id = ${id}`,
    );
    await endOperatorSessions(tx, id);
    const after = { ...before, totp: false };
    await recordAudit(tx, {
      operatorId: byOperatorId ?? id,
      action: 'operator.reset-access',
      subject: `operator ${before.name}`,
      before: auditedOf(before),
      after: {
        ...auditedOf(after),
        password: 'changed',
        ...(byOperatorId === null ? { by: 'command' } : {}),
      },
    });
    return after;
  });
  forgetOperatorLogins(db, id);
  return after;
};

export type LoginOutcome =
  | { status: 'signed-in'; token: string; operator: OperatorView }
  /** The password was right; the operator has two-factor: the same call again with `code`. */
  | { status: 'code-required' };

/**
 * Logs an operator in with the members' brute-force guard (one try per call, wrong passwords and
 * wrong codes alike; the account key is apart from members'). A disabled operator cannot log in.
 */
export const loginOperator = async (
  db: Db,
  guard: LoginGuard,
  ip: string,
  body: { name: string; password: string; code?: string | undefined },
): Promise<LoginOutcome> => {
  const attempt = await guard.take(`operator:${body.name}`, ip);
  const login = columns({
    id: operator.id,
    password_hash: operator.passwordHash,
    disabled: operator.disabled,
    totp_secret: operator.totpSecret,
    totp_last_step: operator.totpLastStep,
  });
  const [row] = await rowsOf(db, login.query`select ${login} from operator where name = ${body.name}`);
  let passwordOk: boolean;
  try {
    passwordOk = row
      ? await verifyPassword(row.password_hash, body.password)
      : await verifyAgainstNothing(body.password);
  } catch (err) {
    await attempt.released();
    throw err;
  }
  if (!row || !passwordOk || row.disabled) throw unauthorized(LOGIN_FAILED);
  if (row.totp_secret) {
    if (!body.code) {
      await attempt.released();
      return { status: 'code-required' };
    }
    const step = stepOfCode(row.totp_secret, body.code);
    if (step === null || (row.totp_last_step !== null && step <= Number(row.totp_last_step))) {
      throw unauthorized(CODE_WRONG);
    }
    // Used once: a second login with the same code (or an older one) is refused.
    const idColumn = columns({ id: operator.id });
    const [taken] = await rowsOf(
      db,
      idColumn.query`update operator set totp_last_step = ${step}
          where id = ${row.id} and (totp_last_step is null or totp_last_step < ${step}) returning ${idColumn}`,
    );
    if (!taken) throw unauthorized(CODE_WRONG);
  }
  await attempt.succeeded();
  const token = await startOperatorSession(db, row.id, ip);
  return { status: 'signed-in', token, operator: await operatorById(db, row.id) };
};

/** Starts (or restarts) enrolling two-factor: a new secret, shown once as a QR, waiting for a code. */
export const startTotpEnrolment = async (db: Db, operatorId: number, issuer: string) => {
  const me = await operatorById(db, operatorId);
  if (me.totp) throw conflict('Two-factor is already on for your account.');
  const secret = newTotpSecret();
  await db.execute(sql`update operator set totp_pending_secret = ${secret} where id = ${operatorId}`);
  return enrolment(secret, me.name, issuer);
};

/** Turns two-factor on with a code made from the secret being enrolled. */
export const confirmTotp = async (db: Db, operatorId: number, code: string) => {
  const me = await db.transaction(async (tx) => {
    const totp = columns({ pending: operator.totpPendingSecret, on: sql<boolean>`totp_secret is not null` });
    const [row] = await rowsOf(
      tx,
      totp.query`select ${totp} from operator
        where id = ${operatorId} for update`,
    );
    if (!row || row.on) throw conflict('Two-factor is already on for your account.');
    if (!row.pending) throw conflict('Start the enrolment first: scan a new QR code.');
    const step = stepOfCode(row.pending, code);
    if (step === null) throw badRequest({ field: 'code', message: CODE_WRONG });
    await tx.execute(
      sql`update operator set totp_secret = totp_pending_secret, totp_pending_secret = null, totp_last_step = ${step}
        where id = ${operatorId}`,
    );
    const me = await operatorById(tx, operatorId);
    await recordAudit(tx, {
      operatorId,
      action: 'operator.totp-on',
      subject: `operator ${me.name}`,
      before: { totp: false },
      after: { totp: true },
    });
    return me;
  });
  // What this process held of their logins says two-factor is off.
  forgetOperatorLogins(db, operatorId);
  return me;
};

/**
 * An operator changes their own password: the current one is asked again and counted by the login
 * guard like a login try (a stolen session cannot guess it faster here). Their other logins end;
 * this one goes on. Audited without the passwords.
 */
export const changeOwnPassword = async (
  db: Db,
  guard: LoginGuard,
  ip: string,
  me: { id: number; name: string; tokenHash: string },
  body: { currentPassword: string; newPassword: string },
) => {
  const attempt = await guard.take(`operator:${me.name}`, ip);
  let checked: 'unchecked' | 'wrong' | 'right' = 'unchecked';
  try {
    const hash = columns({ password_hash: operator.passwordHash });
    const [row] = await rowsOf(db, hash.query`select ${hash} from operator where id = ${me.id}`);
    checked = row && (await verifyPassword(row.password_hash, body.currentPassword)) ? 'right' : 'wrong';
    if (checked === 'wrong') throw badRequest({ field: 'currentPassword', message: CURRENT_PASSWORD_WRONG });
    await attempt.succeeded();
  } catch (err) {
    // A wrong password keeps its try; anything else gives it back.
    if (checked !== 'wrong') await attempt.released();
    throw err;
  }
  if (body.newPassword === body.currentPassword)
    throw badRequest({ field: 'newPassword', message: SAME_PASSWORD });
  const passwordHash = await hashPassword(body.newPassword);
  const changed = await db.transaction(async (tx) => {
    await tx.execute(sql`update operator set password_hash = ${passwordHash} where id = ${me.id}`);
    await endOtherOperatorSessions(tx, me.id, me.tokenHash);
    await recordAudit(tx, {
      operatorId: me.id,
      action: 'operator.password',
      subject: `operator ${me.name}`,
      after: { password: 'changed', otherLoginsEnded: true },
    });
    return operatorById(tx, me.id);
  });
  forgetOperatorLogins(db, me.id);
  return changed;
};
