import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, randomIp, uniqueEmail } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

/** One password hash at a time and two waiting: a flood of logins is turned away, not queued forever. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PASSWORD_HASHES_AT_ONCE: '1', PASSWORD_HASH_QUEUE: '2' } });
});
afterAll(() => server.close());

describe(`password hashes under a flood (${testDbKind})`, () => {
  it('answers 503 with Retry-After to logins past the hashes running and waiting, the rest as usual', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        login(server, 'retail', uniqueEmail('flood'), 'wrong-password', randomIp()),
      ),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(3);
    expect(busy[0]!.body).toEqual({
      success: false,
      code: 503,
      message: 'The shop is busy checking passwords. Please try again in a moment.',
      data: null,
      reason: 'server.unavailable',
    });
    expect(busy[0]!.headers['retry-after']).toBe('1');
  });

  it('counts at most 5 wrong passwords of one account in a flood, a try refused for load not among them', async () => {
    const account = uniqueEmail('busy');
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => login(server, 'retail', account, 'wrong-password', randomIp())),
    );
    // Five failures at most were counted; a busy answer counted none.
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(
      answers.filter((a) => a.status === 429).length +
        checked +
        answers.filter((a) => a.status === 503).length,
    ).toBe(16);
  });

  it('checks the code of a password reset before any hash: wrong codes are refused as such, never busy', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        server.call({
          method: 'PATCH',
          url: '/api/sys/user/forget/pwd',
          payload: { account: uniqueEmail('reset'), code: '1234', newPassword: 'new-password-1' },
          remoteAddress: randomIp(),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(400));
  });
});
