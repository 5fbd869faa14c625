import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columns, type RowOf } from '../../db/columns.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { rowsOf } from '../../lib/sql.ts';
import { mailQueue } from './tables.ts';

/** Tries a mail gets before it is given up: over about a day and a half with the waits below. */
export const MAIL_TRIES = 10;

/** The wait after try `n` (1-based) failed: 1 min, 2, 4, … doubling, at most 6 h. */
export const retryWaitMs = (tries: number) => Math.min(60_000 * 2 ** (tries - 1), 6 * 3_600_000);

/** How long a process holds a mail it took before another may take it (a process that died holding it). */
export const HOLD_MS = 5 * 60_000;

/** Puts a mail in the queue, in the caller's transaction when given one. */
export const queueMail = async (db: Db, message: MailMessage): Promise<void> => {
  await db.execute(
    sql`insert into mail_queue ("to", subject, text) values (${message.to}, ${message.subject}, ${message.text})`,
  );
};

/**
 * The statement that queues `message` already taken by the process that writes it (its first try
 * counted, held for HOLD_MS, as `takeDueMails` takes a mail), answering its id: for another
 * module to run inside its own statement (WITH), so the mail commits with what it tells of. That
 * process then sends it (`MailQueue.deliverHeld`); if it stops first, any process sends it once
 * the hold is over.
 */
export const heldMailRow = (message: MailMessage): SQL =>
  sql`insert into mail_queue ("to", subject, text, tries, try_after)
      values (${message.to}, ${message.subject}, ${message.text}, 1, now() + ${`${HOLD_MS} milliseconds`}::interval)
      returning id`;

const queuedColumns = columns({
  id: mailQueue.id,
  to: mailQueue.to,
  subject: mailQueue.subject,
  text: mailQueue.text,
  tries: mailQueue.tries,
});
export type QueuedMail = RowOf<typeof queuedColumns>;

/**
 * Takes up to `max` mails that are due, oldest first, counting the try and holding each for
 * HOLD_MS; two processes never take the same mail (`skip locked`).
 */
export const takeDueMails = (db: Db, max: number): Promise<QueuedMail[]> =>
  rowsOf(
    db,
    queuedColumns.query`update mail_queue set tries = tries + 1, try_after = now() + ${`${HOLD_MS} milliseconds`}::interval
        where id in (
          select id from mail_queue
          where sent_at is null and gave_up_at is null and try_after <= now()
          order by try_after, id limit ${max} for update skip locked)
        returning ${queuedColumns}`,
  );

export const markMailSent = async (db: Db, id: number): Promise<void> => {
  await db.execute(sql`update mail_queue set sent_at = now(), last_error = null where id = ${id}`);
};

/** Marks many sent mails in one statement. */
export const markMailsSent = async (db: Db, ids: readonly number[]): Promise<void> => {
  await rowsOf(
    db,
    sql`update mail_queue set sent_at = now(), last_error = null where id = any(${`{${ids.join(',')}}`}::int[])`,
    { prepared: true },
  );
};

/** Records a failed try: tried again after `retryWaitMs`, or given up after MAIL_TRIES. Answers whether it was given up. */
export const markMailFailed = async (db: Db, mail: QueuedMail, error: string): Promise<boolean> => {
  const givenUp = mail.tries >= MAIL_TRIES;
  await db.execute(
    sql`update mail_queue set last_error = ${error.slice(0, 500)},
          try_after = now() + ${`${retryWaitMs(mail.tries)} milliseconds`}::interval,
          gave_up_at = ${givenUp ? sql`now()` : sql`null`}
        where id = ${mail.id}`,
  );
  return givenUp;
};
