import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, SMTP_CONNECTIONS } from '../src/lib/mailer.ts';
import { createOutboxSms } from '../src/lib/sms.ts';
import { codeIn, retailBody, sendCode } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
const startSmtp = async () => {
  const received: Received[] = [];
  const connections = { opened: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections.opened += 1;
      callback();
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    received,
    connections,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
};

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

describe('mailer', () => {
  it('sends over SMTP when SMTP_URL is set', async () => {
    const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'mall-outbox-'));
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Kauri Mall <no-reply@kaurimall.co.nz>', outboxDir },
      silent,
    );
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'kiri@example.co.nz', subject: 'Hello', text: 'Your code is 4321.' });
    mailer.close();
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('no-reply@kaurimall.co.nz');
    expect(mail.to).toEqual(['kiri@example.co.nz']);
    expect(mail.raw).toMatch(/^Subject: Hello$/m);
    expect(mail.raw).toMatch(/^From: Kauri Mall <no-reply@kaurimall\.co\.nz>$/m);
    expect(unfold(mail.raw)).toContain('Your code is 4321.');
    expect(readdirSync(outboxDir)).toEqual([]);
  });

  it('keeps its SMTP connections open for the next messages instead of opening one for each', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Kauri Mall <orders@kaurimall.co.nz>', outboxDir: os.tmpdir() },
      silent,
    );
    const opened = smtp.connections.opened;
    const before = smtp.received.length;
    for (let i = 0; i < 5; i++) {
      await mailer.send({ to: `buyer${i}@example.co.nz`, subject: `Order ${i}`, text: `Order ${i} placed.` });
    }
    // At once, as an order rush sends them: no more connections than the pool holds.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({ to: `rush${i}@example.co.nz`, subject: `Rush ${i}`, text: `Rush order ${i}.` }),
      ),
    );
    mailer.close();
    expect(smtp.received.length - before).toBe(25);
    expect(smtp.received.slice(before).map((m) => m.to[0])).toEqual(
      expect.arrayContaining(['buyer4@example.co.nz', 'rush0@example.co.nz', 'rush19@example.co.nz']),
    );
    expect(smtp.connections.opened - opened).toBeGreaterThanOrEqual(1);
    expect(smtp.connections.opened - opened).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it('writes an .eml file to the outbox when SMTP_URL is not set', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'mall-outbox-')), 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'Shop <shop@example.co.nz>', outboxDir }, silent);
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'kiri@example.co.nz', subject: 'Your code', text: 'Your code is 8765.' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z-kiri@example\.co\.nz-[0-9a-f]{6}\.eml$/);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: kiri@example\.co\.nz$/m);
    expect(eml).toMatch(/^From: Shop <shop@example\.co\.nz>$/m);
    expect(eml).toMatch(/^Subject: Your code$/m);
    expect(unfold(eml)).toContain('Your code is 8765.');
  });

  it('writes text messages to the outbox through the SMS adapter', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'mall-outbox-')), 'outbox');
    await createOutboxSms(outboxDir, silent).send({ to: '0211234567', text: 'Your code is 1357.' });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-sms-0211234567-[0-9a-f]{6}\.txt$/);
    expect(readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toMatch(
      /^To: 0211234567\nDate: .+\n\nYour code is 1357\.\n$/,
    );
  });
});

describe(`verification codes by SMTP (${testDbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kauri Mall <codes@kaurimall.co.nz>' },
    });
  });
  afterAll(() => server.close());

  it('mails the register code through the SMTP server, and the code registers the member', async () => {
    const body = retailBody();
    const before = smtp.received.length;
    expect((await sendCode(server, body.userAccount, 'register')).status).toBe(200);
    const mail = smtp.received.slice(before).find((m) => m.to.includes(body.userAccount));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('codes@kaurimall.co.nz');
    const code = codeIn(mail!.raw);
    expect(mail!.raw).toMatch(new RegExp(`^Subject: Your Kauri Mall verification code is ${code}$`, 'm'));
    expect(unfold(mail!.raw)).toMatch(
      new RegExp(`\\r?\\n\\r?\\nYour Kauri Mall verification code is ${code}\\. It expires in 10 minutes\\.`),
    );
    const res = await server.call({
      method: 'POST',
      url: '/api/retail/customer/register',
      payload: { ...body, code },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Nothing went to the outbox.
    expect(existsSync(server.config.outboxDir)).toBe(false);
  });
});

describe(`a mail server that does not answer (${testDbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(() => server.close());

  it('answers 503 and lets the member ask again at once', async () => {
    const body = retailBody();
    for (let i = 0; i < 2; i++) {
      const res = await sendCode(server, body.userAccount, 'register');
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(
        'We could not send the code to this e-mail address. Please try again later.',
      );
    }
  });
});
