import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { createMailQueue, HELD_SENDS_MAX } from '../src/modules/mail/delivery.ts';
import {
  HOLD_MS,
  heldMailRow,
  MAIL_TRIES,
  type QueuedMail,
  retryWaitMs,
} from '../src/modules/mail/service.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.db.execute(sql`delete from mail_queue`);
});

/** A mail server that keeps what it is given, and is away while `down` is set. */
const mailServer = () => {
  const sent: MailMessage[] = [];
  const state = { down: false };
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (m) => {
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(m);
    },
    close: () => {},
  };
  return { sent, state, mailer };
};

const queueOn = (mailer: Mailer, options: { heldWaitingMax?: number; now?: () => number } = {}) =>
  createMailQueue({ db: server.database.db, mailer, log: server.app.log, pollMs: 0, ...options });

/** A mail server slower than the orders: each send waits until `open()`; `started` counts the sends begun. */
const slowMailServer = () => {
  const sent: MailMessage[] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const state = { started: 0 };
  const mailer: Mailer = {
    kind: 'smtp',
    send: async (m) => {
      state.started += 1;
      await opened;
      sent.push(m);
    },
    close: () => {},
  };
  return { sent, state, mailer, open };
};

const rows = () =>
  server.database.db.execute<{
    id: number;
    tries: number;
    sent: boolean;
    gave_up: boolean;
    last_error: string | null;
  }>(
    sql`select id, tries, sent_at is not null as sent, gave_up_at is not null as gave_up, last_error from mail_queue order by id`,
  );

/** Time passes for the queue: every waiting mail becomes due now. */
const makeDue = () =>
  server.database.db.execute(sql`update mail_queue set try_after = now() - interval '1 second'`);

const notice = (n: number): MailMessage => ({
  to: `m${n}@example.co.nz`,
  subject: `Notice ${n}`,
  text: `Text ${n}\n`,
});

describe(`the mail queue (${testDbKind})`, () => {
  it('delivers a queued mail once and keeps it as sent', async () => {
    const smtp = mailServer();
    const queue = queueOn(smtp.mailer);
    await queue.send(notice(1));
    await queue.deliverDue();
    expect(smtp.sent).toEqual([notice(1)]);
    await makeDue();
    expect(await queue.deliverDue()).toBe(0);
    expect(smtp.sent).toHaveLength(1);
    expect((await rows()).rows).toMatchObject([{ tries: 1, sent: true, gave_up: false, last_error: null }]);
  });

  it('keeps a mail the mail server refused, tries it again after its wait, and gives it up after the last try', async () => {
    const smtp = mailServer();
    const queue = queueOn(smtp.mailer);
    smtp.state.down = true;
    await queue.send(notice(2));
    await queue.deliverDue();
    expect((await rows()).rows).toMatchObject([
      { tries: 1, sent: false, gave_up: false, last_error: 'connect ECONNREFUSED 127.0.0.1:25' },
    ]);
    // Not due again before its wait is over.
    expect(await queue.deliverDue()).toBe(0);
    expect((await rows()).rows[0]!.tries).toBe(1);

    smtp.state.down = false;
    await makeDue();
    expect(await queue.deliverDue()).toBe(1);
    expect(smtp.sent).toEqual([notice(2)]);
    expect((await rows()).rows).toMatchObject([{ tries: 2, sent: true, last_error: null }]);

    smtp.state.down = true;
    await queue.send(notice(3));
    for (let i = 0; i < MAIL_TRIES + 2; i++) {
      await queue.deliverDue();
      await makeDue();
    }
    expect((await rows()).rows[1]).toMatchObject({ tries: MAIL_TRIES, sent: false, gave_up: true });
  });

  /** A mail queued already held by the process that writes it (as an order writes its confirmation). */
  const queueHeld = async (message: MailMessage): Promise<QueuedMail> => {
    const [row] = await rowsOf<{ id: number }>(server.database.db, heldMailRow(message));
    return { id: row!.id, ...message, tries: 1 };
  };

  it('sends a mail queued held by its process once, which no other process takes meanwhile', async () => {
    const smtp = mailServer();
    const mine = queueOn(smtp.mailer);
    const other = queueOn(smtp.mailer);
    const mail = await queueHeld(notice(60));
    expect(await other.deliverDue()).toBe(0);
    mine.deliverHeld(mail);
    await mine.stop();
    expect(smtp.sent).toEqual([notice(60)]);
    expect((await rows()).rows).toMatchObject([{ tries: 1, sent: true, gave_up: false, last_error: null }]);
    await makeDue();
    expect(await other.deliverDue()).toBe(0);
    expect(smtp.sent).toHaveLength(1);
  });

  it('marks many held mails sent, each sent once', async () => {
    const smtp = mailServer();
    const queue = queueOn(smtp.mailer);
    const mails = await Promise.all(Array.from({ length: 30 }, (_, i) => queueHeld(notice(70 + i))));
    for (const mail of mails) queue.deliverHeld(mail);
    await queue.stop();
    expect(smtp.sent.map((m) => m.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
    expect((await rows()).rows.every((r) => r.sent && r.tries === 1)).toBe(true);
  });

  it('tries a held mail the mail server refused again after its wait, from any process', async () => {
    const smtp = mailServer();
    const mine = queueOn(smtp.mailer);
    smtp.state.down = true;
    mine.deliverHeld(await queueHeld(notice(61)));
    await mine.stop();
    expect((await rows()).rows).toMatchObject([
      { tries: 1, sent: false, gave_up: false, last_error: 'connect ECONNREFUSED 127.0.0.1:25' },
    ]);
    smtp.state.down = false;
    const other = queueOn(smtp.mailer);
    expect(await other.deliverDue()).toBe(0);
    await makeDue();
    expect(await other.deliverDue()).toBe(1);
    expect(smtp.sent).toEqual([notice(61)]);
    expect((await rows()).rows).toMatchObject([{ tries: 2, sent: true }]);
  });

  it('sends a held mail whose process stopped before sending it, once its hold is over', async () => {
    const smtp = mailServer();
    await queueHeld(notice(62));
    const other = queueOn(smtp.mailer);
    expect(await other.deliverDue()).toBe(0);
    await makeDue();
    expect(await other.deliverDue()).toBe(1);
    expect(smtp.sent).toEqual([notice(62)]);
  });

  it('keeps a bounded number of held mails waiting in memory when the mail server is slow; the rest go once their hold is over, each once', async () => {
    const smtp = slowMailServer();
    const queue = queueOn(smtp.mailer, { heldWaitingMax: 3 });
    const mails = await Promise.all(
      Array.from({ length: HELD_SENDS_MAX + 3 + 4 }, (_, i) => queueHeld(notice(100 + i))),
    );
    for (const mail of mails) queue.deliverHeld(mail);
    expect(smtp.state.started).toBe(HELD_SENDS_MAX);
    smtp.open();
    await queue.stop();
    // The sends under way and the 3 waiting went; the 4 past them are still held, untried.
    expect(smtp.sent.map((m) => m.subject).sort()).toEqual(
      mails
        .slice(0, HELD_SENDS_MAX + 3)
        .map((m) => m.subject)
        .sort(),
    );
    const unsent = (await rows()).rows.filter((r) => !r.sent);
    expect(unsent.map((r) => r.id).sort()).toEqual(
      mails
        .slice(HELD_SENDS_MAX + 3)
        .map((m) => m.id)
        .sort(),
    );
    expect(unsent.every((r) => r.tries === 1 && r.last_error === null)).toBe(true);
    const other = queueOn(smtp.mailer);
    expect(await other.deliverDue()).toBe(0);
    await makeDue();
    expect(await other.deliverDue()).toBe(4);
    expect(smtp.sent.map((m) => m.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
  });

  it('leaves a held mail that waited until its hold nearly ended to the process that takes it then', async () => {
    const smtp = slowMailServer();
    let clock = Date.now();
    const queue = queueOn(smtp.mailer, { now: () => clock });
    const mails = await Promise.all(
      Array.from({ length: HELD_SENDS_MAX + 1 }, (_, i) => queueHeld(notice(120 + i))),
    );
    for (const mail of mails) queue.deliverHeld(mail);
    // The last one waits for a send while its hold runs out.
    clock += HOLD_MS;
    smtp.open();
    await queue.stop();
    expect(smtp.sent).toHaveLength(HELD_SENDS_MAX);
    expect(smtp.sent.map((m) => m.subject)).not.toContain(notice(120 + HELD_SENDS_MAX).subject);
    await makeDue();
    expect(await queueOn(smtp.mailer).deliverDue()).toBe(1);
    expect(smtp.sent.map((m) => m.subject).sort()).toEqual(mails.map((m) => m.subject).sort());
  });

  it('waits longer after each failed try, up to 6 hours', () => {
    expect([1, 2, 3, 4].map(retryWaitMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryWaitMs(MAIL_TRIES)).toBe(6 * 3_600_000);
  });

  it('sends each mail once when two processes deliver the queue at the same time', async () => {
    const smtp = mailServer();
    const first = queueOn(smtp.mailer);
    const second = queueOn(smtp.mailer);
    smtp.state.down = true;
    for (let n = 10; n < 55; n++) await first.send(notice(n));
    // Each send started a delivery; let the last one finish its failed tries before time passes,
    // or one may record its failure (and a wait) after `makeDue`.
    await first.deliverDue();
    smtp.state.down = false;
    await makeDue();
    const [a, b] = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(a + b).toBe(45);
    expect(smtp.sent.map((m) => m.subject).sort()).toEqual(
      Array.from({ length: 45 }, (_, i) => `Notice ${i + 10}`).sort(),
    );
  });
});
