import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The people who run the shop (docs/back-office.md), apart from members: a name to log in with,
 * an argon2id password, one role, and optional TOTP two-factor. Never deleted, only disabled, so
 * the audit log always names who did what.
 */
export const operator = pgTable(
  'operator',
  {
    id: serial('id').primaryKey(),
    /** Lower-case letters, digits, dots, dashes and underscores; unique. */
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'catalogue', 'orders', 'support'] }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** The confirmed TOTP secret (base32); null: no two-factor. */
    totpSecret: text('totp_secret'),
    /** A secret being enrolled, until a code made with it is confirmed. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: a code is used once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_name_idx').on(t.name),
    check('operator_role_check', sql`${t.role} in ('owner', 'catalogue', 'orders', 'support')`),
  ],
);

/** An operator's login: the token is kept only as its SHA-256; it ends at `expires_at`, at logout, or when the operator is disabled. */
export const operatorSession = pgTable(
  'operator_session',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operator.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('operator_session_operator_idx').on(t.operatorId)],
);

/**
 * Every back-office change: who, when, what, and the subject before and after. Written in the
 * same transaction as the change; a trigger (migration) refuses to update or delete a row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operator.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What was done, e.g. `operator.create`, `order.ship`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `operator 3`, `order KM261123100001`. */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);
