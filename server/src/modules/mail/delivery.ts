import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../lib/mailer.ts';
import {
  HOLD_MS,
  markMailFailed,
  markMailSent,
  markMailsSent,
  type QueuedMail,
  queueMail,
  takeDueMails,
} from './service.ts';

/** Mails taken at once by one process. */
const BATCH = 20;

/** Held mails (`deliverHeld`) one process sends at once. */
export const HELD_SENDS_MAX = 8;

/**
 * Held mails one process keeps waiting for one of those sends: a few seconds of a slow mail
 * server's sends. In a rush the mail server cannot keep up with, the ones past this stay held in
 * the database only, and go once their hold is over: late, instead of the process's memory
 * growing for as long as the rush lasts.
 */
export const HELD_WAITING_MAX = 1000;

/**
 * A held mail still waiting this long before its hold ends is left to whichever process takes it
 * then (the database's clock decides the hold, this process's clock the wait): sending it here
 * too could send it twice.
 */
const HOLD_MARGIN_MS = 30_000;

/**
 * The mail queue of a server process: `send` queues a mail and delivers it at once, and
 * `deliverHeld` delivers a mail another module queued in its own transaction (`heldMailRow`); every
 * `pollMs` (MAIL_QUEUE_POLL_MS; 0 = only when asked) the process delivers whatever is due: the
 * retries, and mails a process that stopped had queued. One delivery runs at a time in a
 * process; a call meanwhile joins it.
 */
export const createMailQueue = (deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pollMs: number;
  /** HELD_WAITING_MAX unless a test says otherwise. */
  heldWaitingMax?: number;
  now?: () => number;
}) => {
  const now = deps.now ?? Date.now;
  const heldWaitingMax = deps.heldWaitingMax ?? HELD_WAITING_MAX;
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

  // Mails sent by `deliverHeld`, marked sent together: one update at a time, the mails sent while
  // it runs wait for the next. A mark lost when the process stops first only means the mail may
  // go twice (docs/mail.md), after its hold is over.
  let sentIds: number[] = [];
  let marking: Promise<void> | null = null;
  const markSent = () => {
    if (marking || sentIds.length === 0) return;
    const ids = sentIds;
    sentIds = [];
    marking = markMailsSent(deps.db, ids)
      .catch((err) => deps.log.error({ err, mailIds: ids }, 'sent mails could not be marked sent'))
      .finally(() => {
        marking = null;
        markSent();
      });
  };
  // Held mails wait here for one of HELD_SENDS_MAX sends at once (a mail server is not opened a
  // connection per order in a rush); each is held in the database meanwhile, until `sendBy`.
  const waiting: { mail: QueuedMail; sendBy: number }[] = [];
  /** Whether mails were left held since the waiting list was last below half full (logged once). */
  let overflowing = false;
  const sending = new Set<Promise<void>>();
  const sendHeld = async (mail: QueuedMail) => {
    try {
      await deps.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
      sentIds.push(mail.id);
      markSent();
    } catch (err) {
      try {
        await markMailFailed(deps.db, mail, err instanceof Error ? err.message : String(err));
        deps.log.warn({ err, mailId: mail.id, tries: mail.tries }, 'a queued mail could not be sent yet');
      } catch (markErr) {
        deps.log.error({ err: markErr, mailId: mail.id }, 'a failed mail could not be recorded');
      }
    }
  };
  const sendWaiting = () => {
    while (sending.size < HELD_SENDS_MAX && waiting.length > 0) {
      const { mail, sendBy } = waiting.shift()!;
      if (now() > sendBy) continue;
      const done: Promise<void> = sendHeld(mail).finally(() => {
        sending.delete(done);
        sendWaiting();
      });
      sending.add(done);
    }
  };

  let timer: NodeJS.Timeout | undefined;
  return {
    deliverDue,
    /** Queues `message` (it is in the database when this resolves) and starts delivering it. */
    send: async (message: MailMessage) => {
      await queueMail(deps.db, message);
      kick();
    },
    /**
     * Sends a mail this process queued already held (`heldMailRow`, written with what it tells
     * of) without waiting; a failed try is recorded as `deliverDue` records it, to be tried again.
     * With HELD_WAITING_MAX waiting already, the mail is left held: it goes once its hold is over.
     */
    deliverHeld: (mail: QueuedMail) => {
      if (waiting.length < heldWaitingMax / 2) overflowing = false;
      if (waiting.length >= heldWaitingMax) {
        if (!overflowing) {
          overflowing = true;
          deps.log.warn(
            { waiting: waiting.length },
            'mails wait for the mail server: the next ones are sent once their hold is over',
          );
        }
        return;
      }
      waiting.push({ mail, sendBy: now() + HOLD_MS - HOLD_MARGIN_MS });
      sendWaiting();
    },
    start: () => {
      if (deps.pollMs > 0) {
        timer = setInterval(kick, deps.pollMs);
        timer.unref();
      }
      kick();
    },
    /** Stops polling and waits for the deliveries under way and their marks. */
    stop: async () => {
      clearInterval(timer);
      await running?.catch(() => {});
      while (sending.size > 0) await Promise.all(sending);
      while (marking) await marking;
    },
  };
};

export type MailQueue = ReturnType<typeof createMailQueue>;
