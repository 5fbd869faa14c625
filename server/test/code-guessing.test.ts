import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeFor,
  deliveredMessages,
  login,
  randomIp,
  registerMember,
  sendCode,
  skipResendWait,
  uniqueEmail,
} from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A reset with a code that is certainly wrong (the right one is `right`). */
const wrongReset = (account: string, right: string, ip = randomIp()) =>
  server.call({
    method: 'PATCH',
    url: '/api/sys/user/forget/pwd',
    payload: { account, code: right === '0000' ? '0001' : '0000', newPassword: 'new-secret-1' },
    remoteAddress: ip,
  });

describe(`guessing verification codes (${testDbKind})`, () => {
  it('caps wrong codes per target across resends: after 10 no code is sent for an hour, the owner is mailed, the password still works', async () => {
    const m = await registerMember(server, 'retail');
    const account = m.member.userAccount;
    const answers: string[] = [];
    for (let round = 0; round < 2; round++) {
      await skipResendWait(server, account);
      const code = await codeFor(server, account, 'password');
      for (let i = 0; i < 5; i++) answers.push((await wrongReset(account, code)).body.message);
    }
    expect(answers[8]).toBe('code: The verification code is not correct (1 try left).');
    expect(answers[9]).toBe(
      'code: The verification code is not correct, and too many wrong codes were tried: no new code can be sent for 60 minutes. Signing in with your password still works.',
    );
    await skipResendWait(server, account);
    const refused = await sendCode(server, account, 'password');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many wrong codes were tried for this e-mail address. No new code can be sent to it for 60 minutes; signing in with your password still works.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const notice = (await deliveredMessages(server, account)).at(-1)!;
    expect(notice).toContain('Too many wrong verification codes were just tried');
    expect((await login(server, 'retail', account, m.password, randomIp())).status).toBe(200);
  });

  it('locks a target again at its next wrong code within the day once the hour is over', async () => {
    const m = await registerMember(server, 'retail');
    const account = m.member.userAccount;
    for (let round = 0; round < 2; round++) {
      await skipResendWait(server, account);
      const code = await codeFor(server, account, 'password');
      for (let i = 0; i < 5; i++) await wrongReset(account, code);
    }
    // The hour is over.
    await server.database.db.execute(
      sql`update verification_code set locked_until = now() - interval '1 second', sent_at = now() - interval '2 minutes' where target = ${account}`,
    );
    const code = await codeFor(server, account, 'password');
    expect((await wrongReset(account, code)).body.message).toMatch(/too many wrong codes were tried/);
    expect((await sendCode(server, account, 'password')).status).toBe(429);
  });

  it('caps wrong codes per client address, whatever the targets: the 31st within the hour answers 429', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++)
      expect((await wrongReset(uniqueEmail('spray'), '1234', ip)).status).toBe(400);
    const blocked = await wrongReset(uniqueEmail('spray'), '1234', ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      'Too many wrong verification codes were tried from your network. Please try again in 60 minutes.',
    );
    // Another address is not affected.
    expect((await wrongReset(uniqueEmail('spray'), '1234', randomIp())).status).toBe(400);
  });
});
