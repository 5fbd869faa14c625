import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import { markMailFailed, markMailSent, queueMail, takeDueMails } from './service.ts';

/** Mails taken at once by one process. */
const BATCH = 20;

/**
 * The mail queue of a server process: `send` queues a mail and delivers it at once; every
 * `pollMs` (MAIL_QUEUE_POLL_MS; 0 = only when asked) the process delivers whatever is due: the
 * retries, and mails a process that stopped had queued. One delivery runs at a time in a
 * process; a call meanwhile joins it.
 */
export const createMailQueue = (deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; pollMs: number }) => {
  let running: Promise<number> | null = null;
  let again = false;

  const deliverOnce = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const mails = await takeDueMails(deps.db, BATCH);
      for (const mail of mails) {
        try {
          await deps.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
          await markMailSent(deps.db, mail.id);
          sent += 1;
        } catch (err) {
          const givenUp = await markMailFailed(
            deps.db,
            mail,
            err instanceof Error ? err.message : String(err),
          );
          if (givenUp)
            deps.log.error({ err, mailId: mail.id, tries: mail.tries }, 'a queued mail was given up');
          else
            deps.log.warn({ err, mailId: mail.id, tries: mail.tries }, 'a queued mail could not be sent yet');
        }
      }
      if (mails.length < BATCH) return sent;
    }
  };

  /** Sends what is due now; answers how many were sent (by this call and any it joined). */
  const deliverDue = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      try {
        do {
          again = false;
          sent += await deliverOnce();
        } while (again);
      } finally {
        running = null;
      }
      return sent;
    })();
    return running;
  };

  /** `deliverDue` without waiting; a failure is logged. */
  const kick = () => {
    deliverDue().catch((err) => deps.log.error({ err }, 'the mail queue could not be delivered'));
  };

  let timer: NodeJS.Timeout | undefined;
  return {
    deliverDue,
    /** Queues `message` (it is in the database when this resolves) and starts delivering it. */
    send: async (message: MailMessage) => {
      await queueMail(deps.db, message);
      kick();
    },
    start: () => {
      if (deps.pollMs > 0) {
        timer = setInterval(kick, deps.pollMs);
        timer.unref();
      }
      kick();
    },
    /** Stops polling and waits for a delivery under way. */
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
};

export type MailQueue = ReturnType<typeof createMailQueue>;
