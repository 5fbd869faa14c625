import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mails the shop owes its members (docs/mail.md): notices that must not be lost when the mail
 * server is away (an order's confirmation, a changed e-mail or phone). A row is written when the
 * mail is due and delivered by any server process; a failed try is tried again later.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the next try may start; a process that takes the row moves it on, so no other takes it meanwhile. */
    tryAfter: timestamp('try_after', { withTimezone: true }).notNull().defaultNow(),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the last allowed try failed: the mail is given up (and logged as an error). */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.tryAfter).where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
  ],
);
