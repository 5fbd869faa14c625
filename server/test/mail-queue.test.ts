import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../src/lib/mailer.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { createMailQueue } from '../src/modules/mail/delivery.ts';
import { heldMailRow, MAIL_TRIES, type QueuedMail, retryWaitMs } from '../src/modules/mail/service.ts';
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

const queueOn = (mailer: Mailer, db = server.database.db) =>
  createMailQueue({ db, mailer, log: server.app.log, pollMs: 0 });

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
