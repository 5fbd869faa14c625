import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { member } from '../customer/tables.ts';

/**
 * A signed-in session: one login, kept alive by rotating refresh tokens (docs/accounts.md: tokens and sessions).
 * Access tokens name their session; a revoked session stops its access and refresh tokens at once.
 */
export const memberSession = pgTable(
  'member_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the newest refresh token of the session expires; the session is over after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, password (changed or reset), reuse (a rotated refresh token came back) or disabled (by the back office). */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    check(
      'member_session_revoked_check',
      sql`(${t.revokedAt} is null) = (${t.revokedReason} is null) and (${t.revokedReason} is null or ${t.revokedReason} in ('logout', 'password', 'reuse', 'disabled'))`,
    ),
    index('member_session_member_idx').on(t.memberId),
  ],
);

/**
 * Every refresh token a session has had, by SHA-256 of the token (the token itself is never
 * stored). The live one has no `used_at`; a rotated one records when and by which it was replaced,
 * so a second use is recognised as a stolen token.
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => memberSession.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
  },
  (t) => [index('refresh_token_session_idx').on(t.sessionId)],
);

/**
 * The live verification code of a target (a lower-case e-mail or a phone): one row per target, so
 * "one send per target per minute" is a conditional upsert that holds across server processes.
 * A new send replaces the previous code. `member_id` binds e-mail and phone change codes to the
 * member who asked for them.
 */
export const verificationCode = pgTable(
  'verification_code',
  {
    target: text('target').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'password', 'email', 'phone'] }).notNull(),
    memberId: integer('member_id').references(() => member.id, { onDelete: 'cascade' }),
    /** salt:sha256(salt:code), both hex. */
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: smallint('tries').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Wrong codes tried for this target since `wrong_since`, across resends (codes.ts: guessing). */
    wrongCount: integer('wrong_count').notNull().default(0),
    wrongSince: timestamp('wrong_since', { withTimezone: true }),
    /** Until then no code is sent to this target nor checked for it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [
    check('verification_code_purpose_check', sql`${t.purpose} in ('register', 'password', 'email', 'phone')`),
    check('verification_code_tries_check', sql`${t.tries} >= 0`),
  ],
);

/** Keys generated once and shared by every server process on this database (the token key). */
export const authSecret = pgTable('auth_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
