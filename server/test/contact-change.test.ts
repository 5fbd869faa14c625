import type { AddressInfo } from 'node:net';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, type Member } from '@mall/shared/contract/account';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  codeFor,
  codeIn,
  deliveredMessages,
  login,
  outboxMessages,
  randomIp,
  registerMember,
  retailBody,
  type SignedIn,
  sendCode,
  uniqueEmail,
  uniquePhone,
} from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

/**
 * Changing the e-mail or phone (docs/accounts.md: changing the e-mail or phone): the code sent to
 * the new one and the current password, the old address told by mail, no code or password in a
 * URL, and no code in the log of a shop with a mail server.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const memberRow = async (id: number) =>
  (
    (await server.database.db.execute(
      sql`select email, phone, password_hash, updated_at from member where id = ${id}`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows[0]!;

/** A member signed in, calling from an address of their own (the login guard counts per address too). */
const member = async (kind: 'retail' | 'wholesale' = 'retail') => ({
  ...(await registerMember(server, kind)),
  ip: randomIp(),
});
type Caller = SignedIn & { ip: string };

const changeEmail = (m: Caller, payload: object) =>
  server.call<Member>({
    method: 'PATCH',
    url: '/api/sys/user/email',
    headers: bearer(m),
    payload,
    remoteAddress: m.ip,
  });

const changePhone = (m: Caller, phone: string, payload?: object, query = '') =>
  server.call<Member>({
    method: 'PATCH',
    url: `/api/sys/user/phone/${phone}${query}`,
    headers: bearer(m),
    ...(payload ? { payload } : {}),
    remoteAddress: m.ip,
  });

/** An e-mail change with the code in the query as well as the body (refused all the same). */
const changeEmailWithQuery = (m: Caller, code: string) =>
  server.call<Member>({
    method: 'PATCH',
    url: `/api/sys/user/email?code=${code}`,
    headers: bearer(m),
    payload: { email: uniqueEmail('queried'), code, password: m.password },
    remoteAddress: m.ip,
  });

const otherThan = (code: string) => (code === '0000' ? '0001' : '0000');

describe(`changing the e-mail (${testDbKind})`, () => {
  it('asks for the current password as well as the code, and tells the old address by mail', async () => {
    const m = await member();
    const email = uniqueEmail('moved');
    const code = await codeFor(server, email, 'email', bearer(m));
    const before = await memberRow(m.member.id);

    const noPassword = await changeEmail(m, { email, code });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toMatch(/^password: /);

    const wrong = await changeEmail(m, { email, code, password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      success: false,
      code: 400,
      message: 'password: The current password is not correct.',
      data: { errors: [{ field: 'password', message: 'The current password is not correct.' }] },
      reason: 'request.invalid',
    });
    expect(await memberRow(m.member.id)).toEqual(before);
    expect(
      (await deliveredMessages(server, m.member.userAccount)).some((mail) => mail.includes('was changed')),
    ).toBe(false);

    // The code was not used up by the refused change: with the password it works.
    const res = await changeEmail(m, { email, code, password: m.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ...m.member, userAccount: email });

    const notice = (await deliveredMessages(server, m.member.userAccount)).at(-1)!;
    expect(notice).toMatch(/^Subject: The e-mail address of your Kauri Mall account was changed$/m);
    const text = notice.replace(/=\r?\n/g, '');
    expect(text).toContain(`was changed from ${m.member.userAccount} to m*****@example.co.nz.`);
    expect(text).toContain('If you did not make this change, someone may know your password');
    expect(text).not.toContain(email);
    expect((await login(server, 'retail', email, m.password, randomIp())).status).toBe(200);
  });

  it('counts a wrong password as a failed login: after 5 the change and the login answer 429, even with the right password', async () => {
    const m = await member();
    const email = uniqueEmail('taken-over');
    const code = await codeFor(server, email, 'email', bearer(m));
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await changeEmail(m, { email, code, password: `guess-${i}` });
      expect(res.body.message).toBe('password: The current password is not correct.');
    }
    const right = await changeEmail(m, { email, code, password: m.password });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many failed logins\. Please try again in \d+ minutes?\.$/);
    expect((await memberRow(m.member.id)).email).toBe(m.member.userAccount);
    const signIn = await login(server, 'retail', m.member.userAccount, m.password, randomIp());
    expect(signIn.status).toBe(429);
  });

  it('checks the password only once the code is right: a wrong code costs no password try', async () => {
    const m = await member();
    const email = uniqueEmail('careful');
    const code = await codeFor(server, email, 'email', bearer(m));
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await changeEmail(m, { email, code: otherThan(code), password: `guess-${i}` });
      expect(res.body.message).toMatch(/^code: The verification code is not correct/);
    }
    expect((await login(server, 'retail', m.member.userAccount, m.password, randomIp())).status).toBe(200);
  });
});

describe(`changing the phone (${testDbKind})`, () => {
  it('takes the code and the password in the JSON body, and mails the member that the phone changed', async () => {
    const m = await member('wholesale');
    const oldPhone = m.member.userPhone;
    const phone = uniquePhone();
    const code = await codeFor(server, phone, 'phone', bearer(m));

    const wrong = await changePhone(m, phone, { code, password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('password: The current password is not correct.');
    expect((await memberRow(m.member.id)).phone).toBe(oldPhone);

    const res = await changePhone(m, phone, { code, password: m.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ...m.member, userPhone: phone });
    const notice = (await deliveredMessages(server, m.member.userAccount)).at(-1)!;
    expect(notice).toMatch(/^Subject: The phone number of your Kauri Mall account was changed$/m);
    expect(notice.replace(/=\r?\n/g, '')).toContain(
      `was changed from the number ending ${oldPhone.slice(-4)} to the number ending ${phone.slice(-4)}.`,
    );
    expect((await login(server, 'wholesale', phone, m.password, randomIp())).status).toBe(200);
  });

  it('answers 400 naming the field for a code or password in the query, and changes nothing', async () => {
    const m = await member();
    const phone = uniquePhone();
    const code = await codeFor(server, phone, 'phone', bearer(m));
    const before = await memberRow(m.member.id);
    const cases: [object | undefined, string, string][] = [
      [undefined, `?code=${code}`, 'code'],
      [{ code, password: m.password }, `?code=${code}`, 'code'],
      [{ code, password: m.password }, `?password=${encodeURIComponent(m.password)}`, 'password'],
    ];
    for (const [payload, query, field] of cases) {
      const res = await changePhone(m, phone, payload, query);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 400,
        message: `${field}: A code or password never goes in the address: send it in the JSON body.`,
        data: {
          errors: [
            { field, message: 'A code or password never goes in the address: send it in the JSON body.' },
          ],
        },
        reason: 'request.invalid',
      });
    }
    const email = await changeEmailWithQuery(m, code);
    expect(email.status).toBe(400);
    expect(email.body.message).toBe(
      'code: A code or password never goes in the address: send it in the JSON body.',
    );
    const noBody = await changePhone(m, phone);
    expect(noBody.status).toBe(400);
    expect(await memberRow(m.member.id)).toEqual(before);
    // The code is still good for the change made the right way.
    expect((await changePhone(m, phone, { code, password: m.password })).status).toBe(200);
  });
});

describe(`changing the password (${testDbKind})`, () => {
  it('counts a wrong old password as a failed login', async () => {
    const m = await member();
    const change = (oldPassword: string) =>
      server.call({
        method: 'PATCH',
        url: '/api/sys/user/pwd',
        headers: bearer(m),
        payload: { oldPassword, newPassword: 'brand-new-secret' },
        remoteAddress: m.ip,
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await change(`guess-${i}`)).body.message).toBe(
        'oldPassword: The current password is not correct.',
      );
    }
    expect((await change(m.password)).status).toBe(429);
    expect((await login(server, 'retail', m.member.userAccount, m.password, randomIp())).status).toBe(429);
  });
});

/** A mail server on a free local port that keeps the text of what it receives. */
const startSmtp = async () => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
};

describe(`a shop with a mail server (${testDbKind})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let shop: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await startTestServer({
      env: { SMTP_URL: smtp.url },
      logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } },
    });
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  /** The code of the last mail to `to` that the mail server received. */
  const mailedCode = (to: string) => codeIn(smtp.received.filter((raw) => raw.includes(`To: ${to}`)).at(-1)!);

  it('never writes a code to its log, not even one it texts, and the change calls carry none in their URL', async () => {
    const email = uniqueEmail('quiet');
    expect((await sendCode(shop, email, 'register')).status).toBe(200);
    const registered = await shop.call<{ accessToken: string }>({
      method: 'POST',
      url: '/api/retail/customer/register',
      payload: { ...retailBody({ userAccount: email }), code: mailedCode(email) },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const headers = bearer(registered.body.data);

    // A phone code goes by text message: this shop has no SMS provider, so to the outbox.
    const phone = uniquePhone();
    expect((await sendCode(shop, phone, 'phone', headers)).status).toBe(200);
    const texted = codeIn(outboxMessages(shop, phone).at(-1)!);
    const changed = await shop.call({
      method: 'PATCH',
      url: `/api/sys/user/phone/${phone}`,
      headers,
      payload: { code: texted, password: retailBody().password },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.some((e) => e.msg === 'text message written to the outbox (no SMS provider is set)')).toBe(
      true,
    );
    for (const entry of entries) expect(entry).not.toHaveProperty('code');
    const urls = entries.flatMap((e) => {
      const req = e.req as { url?: string } | undefined;
      return req?.url ? [req.url] : [];
    });
    expect(urls).toContain(`/api/sys/user/phone/${phone}`);
    for (const url of urls) expect(url).not.toMatch(/[?&](code|password)=/);
    expect(lines.join('\n')).not.toMatch(/verification code is \d{4}/);
  });
});
