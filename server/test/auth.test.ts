import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { sha256 } from '../src/lib/random-tokens.ts';
import { DEMO_PASSWORD } from '../src/modules/customer/seed.ts';
import {
  bearer,
  codeFor,
  login,
  randomIp,
  registerMember,
  type SignedIn,
  sendCode,
  skipResendWait,
  uniqueEmail,
  userInfo,
} from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const LOGIN_FAILED = {
  success: false,
  code: 401,
  message: 'The account or password is incorrect.',
  data: null,
  reason: 'auth.required',
};
const EXPIRED = 'Your session has expired. Please log in again.';

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The same claims, signed with the server's key, with an expiry in the past. */
const expiredCopy = async (accessToken: string) => {
  const [{ value }] = (await rows<{ value: string }>(sql`select value from auth_secret`)) as [
    { value: string },
  ];
  const claims = decodeJwt(accessToken);
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ kind: claims.kind, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setIssuer(claims.iss!)
    .setAudience(claims.aud as string)
    .setIssuedAt(past - 7200)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(value));
};

const sessionOf = (accessToken: string) => decodeJwt(accessToken).sid as string;

describe(`login (${testDbKind})`, () => {
  let retail: SignedIn;
  let wholesale: SignedIn;
  beforeAll(async () => {
    retail = await registerMember(server, 'retail');
    wholesale = await registerMember(server, 'wholesale');
  });

  it('signs a member in with the e-mail (any case) or the phone, answering tokens and the member', async () => {
    for (const account of [
      retail.member.userAccount,
      retail.member.userAccount.toUpperCase(),
      retail.member.userPhone,
    ]) {
      const res = await login(server, 'retail', account, retail.password);
      expect(res.status, account).toBe(200);
      expect(res.body.data.member).toEqual(retail.member);
      expect(res.headers['cache-control']).toBe('no-store');
      const claims = decodeJwt(res.body.data.accessToken);
      expect(claims).toMatchObject({ sub: String(retail.member.id), kind: 'retail' });
      expect(claims.exp! - claims.iat!).toBe(7200);
      expect(res.body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await userInfo(server, bearer(res.body.data))).body.data.id).toBe(retail.member.id);
    }
    const w = await login(server, 'wholesale', wholesale.member.userPhone, wholesale.password);
    expect(w.status).toBe(200);
    expect(w.body.data.member.kind).toBe('wholesale');
  });

  it('answers every wrong credential with the same 401: unknown account, wrong password, the other kind, a malformed account', async () => {
    const ip = randomIp();
    const cases = [
      ['retail', uniqueEmail('ghost'), 'whatever-pw'],
      ['retail', '0299999999', 'whatever-pw'],
      ['retail', retail.member.userAccount, 'wrong-password'],
      ['wholesale', retail.member.userAccount, retail.password],
      ['retail', wholesale.member.userAccount, wholesale.password],
      ['retail', 'not an account', 'whatever-pw'],
    ] as const;
    for (const [kind, account, password] of cases) {
      const res = await login(server, kind, account, password, ip);
      expect(res.status, `${kind} ${account}`).toBe(401);
      expect(res.body).toEqual(LOGIN_FAILED);
    }
  });

  it('names the field of a malformed login body', async () => {
    const res = await server.call({
      method: 'POST',
      url: '/api/sys/auth/retail/login',
      payload: { account: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^account: /);
    const noPassword = await server.call({
      method: 'POST',
      url: '/api/sys/auth/retail/login',
      payload: { account: 'a@b.co.nz' },
    });
    expect(noPassword.body.message).toMatch(/^password/);
  });
});

describe(`brute-force protection, in memory (${testDbKind})`, () => {
  it('refuses an account after 5 failures with 429 and Retry-After, even with the right password', async () => {
    const m = await registerMember(server, 'retail');
    for (let i = 0; i < 5; i++) {
      expect((await login(server, 'retail', m.member.userAccount, 'wrong-password', randomIp())).status).toBe(
        401,
      );
    }
    const blocked = await login(server, 'retail', m.member.userAccount, m.password, randomIp());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      code: 429,
      message: 'Too many failed logins. Please try again in 15 minutes.',
      data: null,
      reason: 'auth.locked',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(880);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The same account through its phone is counted apart; other accounts are not affected.
    const other = await registerMember(server, 'retail');
    expect((await login(server, 'retail', other.member.userAccount, other.password)).status).toBe(200);
  });

  it('clears the account count on a success', async () => {
    const m = await registerMember(server, 'retail');
    const ip = randomIp();
    for (let i = 0; i < 4; i++) await login(server, 'retail', m.member.userAccount, 'wrong-password', ip);
    expect((await login(server, 'retail', m.member.userAccount, m.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i++) await login(server, 'retail', m.member.userAccount, 'wrong-password', ip);
    expect((await login(server, 'retail', m.member.userAccount, m.password, ip)).status).toBe(200);
  });

  it('takes each try before the password hash: of 40 parallel wrong logins for one account, only 5 are checked', async () => {
    const m = await registerMember(server, 'retail');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        login(server, 'retail', m.member.userAccount, 'wrong-password', randomIp()),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // The right password is refused too until the window ends.
    expect((await login(server, 'retail', m.member.userAccount, m.password, randomIp())).status).toBe(429);
  });

  it('does not count a successful login against its client address', async () => {
    const m = await registerMember(server, 'retail');
    const ip = randomIp();
    for (let i = 0; i < 25; i++) {
      expect((await login(server, 'retail', m.member.userAccount, m.password, ip)).status).toBe(200);
    }
  });

  it('counts an IPv6 address per /64: 20 failures from one block refuse its other addresses too', async () => {
    const m = await registerMember(server, 'retail');
    const block = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 0; i < 20; i++) {
      const ip = `${block}::${(i + 1).toString(16)}`;
      expect((await login(server, 'retail', uniqueEmail('v6'), 'wrong-password', ip)).status).toBe(401);
    }
    expect((await login(server, 'retail', m.member.userAccount, m.password, `${block}:1:2:3:4`)).status).toBe(
      429,
    );
    expect((await login(server, 'retail', m.member.userAccount, m.password, `${block}1::1`)).status).toBe(
      200,
    );
  });

  it('refuses an address after 20 failures within the window, whatever the account', async () => {
    const m = await registerMember(server, 'retail');
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      expect((await login(server, 'retail', uniqueEmail('spray'), 'wrong-password', ip)).status).toBe(401);
    }
    const blocked = await login(server, 'retail', m.member.userAccount, m.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed logins. Please try again in 15 minutes.');
    // Another address signs the same member in.
    expect((await login(server, 'retail', m.member.userAccount, m.password, randomIp())).status).toBe(200);
  });
});

describe(`tokens and sessions (${testDbKind})`, () => {
  it('treats a tampered, forged or unsigned access token as no session: 401 on member calls, a guest elsewhere', async () => {
    const m = await registerMember(server, 'retail');
    const [head, payload, signature] = m.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) }),
    ).toString('base64url');
    const forged = await new SignJWT({ kind: 'retail', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('kauri-mall')
      .setAudience('storefront')
      .setExpirationTime('1h')
      .sign(randomBytes(32));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const token of [
      `${head}.${otherPayload}.${signature}`,
      `${head}.${payload}.${flipped}`,
      forged,
      unsigned,
      'garbage',
    ]) {
      const res = await userInfo(server, { authorization: `Bearer ${token}` });
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 401,
        message: EXPIRED,
        data: null,
        reason: 'auth.required',
      });
      const publicCall = await server.call({
        url: '/api/supplier/website/name/list',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(publicCall.status).toBe(200);
    }
    const none = await userInfo(server, {});
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Please log in first.');
  });

  it('serves an expired access token with a live refresh token and sends a new pair; the old refresh token is used up', async () => {
    const m = await registerMember(server, 'retail');
    const expired = await expiredCopy(m.accessToken);
    expect((await userInfo(server, { authorization: `Bearer ${expired}` })).status).toBe(401);

    const res = await userInfo(server, {
      authorization: `Bearer ${expired}`,
      'x-refresh-token': m.refreshToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(m.member.id);
    const access = String(res.headers['x-access-token']);
    const refresh = String(res.headers['x-refresh-token']);
    expect(access).not.toBe(m.accessToken);
    expect(refresh).not.toBe(m.refreshToken);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-expose-headers']).toBe('X-Access-Token, X-Refresh-Token');
    expect(sessionOf(access)).toBe(sessionOf(m.accessToken));
    const [old] = await rows<{ used: boolean; replaced: boolean }>(
      sql`select used_at is not null as used, replaced_by = ${sha256(refresh)} as replaced
          from refresh_token where token_hash = ${sha256(m.refreshToken)}`,
    );
    expect(old).toEqual({ used: true, replaced: true });
    // The new pair works; a refresh without an access token works too.
    expect((await userInfo(server, { authorization: `Bearer ${access}` })).status).toBe(200);
    const byRefresh = await userInfo(server, { 'x-refresh-token': refresh });
    expect(byRefresh.status).toBe(200);
    expect(byRefresh.headers['x-refresh-token']).toBeDefined();
    // A valid access token needs no refresh: no new pair.
    const plain = await userInfo(server, {
      authorization: `Bearer ${access}`,
      'x-refresh-token': 'whatever',
    });
    expect(plain.headers['x-access-token']).toBeUndefined();
  });

  it('serves a just-rotated refresh token within the grace period (parallel requests) without a new pair', async () => {
    const m = await registerMember(server, 'retail');
    const first = await userInfo(server, { 'x-refresh-token': m.refreshToken });
    expect(first.headers['x-refresh-token']).toBeDefined();
    const parallel = await userInfo(server, { 'x-refresh-token': m.refreshToken });
    expect(parallel.status).toBe(200);
    expect(parallel.headers['x-refresh-token']).toBeUndefined();
    expect(parallel.headers['x-access-token']).toBeUndefined();
  });

  it('revokes the whole session when a used refresh token comes back after the grace period', async () => {
    const m = await registerMember(server, 'retail');
    const rotated = await userInfo(server, { 'x-refresh-token': m.refreshToken });
    const access = String(rotated.headers['x-access-token']);
    const refresh = String(rotated.headers['x-refresh-token']);
    await server.database.db.execute(
      sql`update refresh_token set used_at = now() - interval '11 seconds' where used_at is not null`,
    );
    const reuse = await userInfo(server, { 'x-refresh-token': m.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe(EXPIRED);
    // The thief's copy and the rightful holder's newer tokens are all dead now.
    expect((await userInfo(server, { authorization: `Bearer ${access}` })).status).toBe(401);
    expect((await userInfo(server, { 'x-refresh-token': refresh })).status).toBe(401);
    const [session] = await rows<{ revoked_reason: string }>(
      sql`select revoked_reason from member_session where id = ${sessionOf(access)}`,
    );
    expect(session!.revoked_reason).toBe('reuse');
    // Other sessions of the member live on.
    expect((await login(server, 'retail', m.member.userAccount, m.password)).status).toBe(200);
  });

  it('refuses a refresh token past its lifetime, and an unknown one', async () => {
    const m = await registerMember(server, 'retail');
    await server.database.db.execute(
      sql`update refresh_token set expires_at = now() - interval '1 second'
          where session_id = ${sessionOf(m.accessToken)}`,
    );
    const expired = await expiredCopy(m.accessToken);
    const res = await userInfo(server, {
      authorization: `Bearer ${expired}`,
      'x-refresh-token': m.refreshToken,
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(EXPIRED);
    expect(
      (await userInfo(server, { 'x-refresh-token': randomBytes(32).toString('base64url') })).status,
    ).toBe(401);
  });

  it('logs out on the server: the access and the refresh token of that session stop working', async () => {
    const m = await registerMember(server, 'retail');
    const other = await login(server, 'retail', m.member.userAccount, m.password);
    const out = await server.call({ url: '/api/sys/auth/logout', headers: bearer(m) });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, data: null });
    const after = await userInfo(server, bearer(m));
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(EXPIRED);
    expect((await userInfo(server, { 'x-refresh-token': m.refreshToken })).status).toBe(401);
    // Only that session: another login of the member is still signed in.
    expect((await userInfo(server, bearer(other.body.data))).status).toBe(200);
    // Logging out without a session is harmless.
    expect((await server.call('/api/sys/auth/logout')).status).toBe(200);
  });

  it('accepts tokens issued by another server process on the same database (the key is kept there)', async () => {
    const m = await registerMember(server, 'retail');
    const second = await buildApp({ config: server.config, database: server.database, logger: false });
    try {
      await second.ready();
      const res = await second.inject({ url: '/api/sys/auth/user/info', headers: bearer(m) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBe(m.member.id);
      const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from auth_secret`)) as [
        { n: number },
      ];
      expect(n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('uses TOKEN_SECRET when set: tokens of another key are refused', async () => {
    const m = await registerMember(server, 'retail');
    const keyed = await buildApp({
      config: { ...server.config, tokenSecret: 'x'.repeat(40) },
      database: server.database,
      logger: false,
    });
    try {
      await keyed.ready();
      const other = await keyed.inject({
        url: '/api/sys/auth/user/info',
        headers: { authorization: `Bearer ${m.accessToken}` },
      });
      expect(other.statusCode).toBe(401);
      const signedIn = await keyed.inject({
        method: 'POST',
        url: '/api/sys/auth/retail/login',
        payload: { account: m.member.userAccount, password: m.password },
      });
      const tokens = signedIn.json().data;
      expect(
        (await keyed.inject({ url: '/api/sys/auth/user/info', headers: bearer(tokens) })).statusCode,
      ).toBe(200);
      expect((await userInfo(server, { authorization: `Bearer ${tokens.accessToken}` })).status).toBe(401);
    } finally {
      await keyed.close();
    }
  });
});

describe(`token lifetimes from the configuration (${testDbKind})`, () => {
  let short: TestServer;
  beforeAll(async () => {
    // A refresh token lasts 3 s: a busy machine's pauses between registering and refreshing below
    // cannot end it first.
    short = await startTestServer({ env: { ACCESS_TOKEN_TTL_MS: '1', REFRESH_TOKEN_TTL_MS: '3000' } });
  });
  afterAll(() => short.close());

  it('expires access tokens and refresh tokens after ACCESS_TOKEN_TTL_MS and REFRESH_TOKEN_TTL_MS', async () => {
    const m = await registerMember(short, 'retail');
    expect((await userInfo(short, { authorization: `Bearer ${m.accessToken}` })).status).toBe(401);
    const refreshed = await userInfo(short, bearer(m));
    expect(refreshed.status).toBe(200);
    const refresh = String(refreshed.headers['x-refresh-token']);
    // Waits until the database's clock, which judges a refresh token, has passed its end.
    await vi.waitFor(
      async () => {
        const res = await short.database.db.execute(
          sql`select expires_at <= now() as over from refresh_token where token_hash = ${sha256(refresh)}`,
        );
        expect((res as unknown as { rows: { over: boolean }[] }).rows).toEqual([{ over: true }]);
      },
      { timeout: 10_000, interval: 100 },
    );
    const late = await userInfo(short, { 'x-refresh-token': refresh });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(EXPIRED);
  });
});

describe(`passwords (${testDbKind})`, () => {
  it('changes the password with the old one and ends every session of the member, this one too', async () => {
    const m = await registerMember(server, 'retail');
    const second = (await login(server, 'retail', m.member.userAccount, m.password)).body.data;
    const wrong = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/pwd',
      headers: bearer(m),
      payload: { oldPassword: 'not-my-password', newPassword: 'brand-new-pw' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('oldPassword: The current password is not correct.');
    expect((await userInfo(server, bearer(m))).status).toBe(200);

    const short = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/pwd',
      headers: bearer(m),
      payload: { oldPassword: m.password, newPassword: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^newPassword: /);

    const res = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/pwd',
      headers: bearer(m),
      payload: { oldPassword: m.password, newPassword: 'brand-new-pw' },
    });
    expect(res.status).toBe(200);
    for (const tokens of [m, second]) {
      expect((await userInfo(server, bearer(tokens))).status).toBe(401);
      expect((await userInfo(server, { 'x-refresh-token': tokens.refreshToken })).status).toBe(401);
    }
    expect((await login(server, 'retail', m.member.userAccount, m.password)).status).toBe(401);
    expect((await login(server, 'retail', m.member.userAccount, 'brand-new-pw')).status).toBe(200);
  });

  it('needs a session to change the password', async () => {
    const res = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/pwd',
      payload: { oldPassword: 'whatever', newPassword: 'brand-new-pw' },
    });
    expect(res.status).toBe(401);
  });

  it('resets a forgotten password with the code sent to the e-mail or the phone, ending every session', async () => {
    const m = await registerMember(server, 'retail');
    await skipResendWait(server, m.member.userAccount);
    const code = await codeFor(server, m.member.userAccount, 'password');
    const wrongCode = code === '1111' ? '2222' : '1111';
    const forget = (payload: object) =>
      server.call({ method: 'PATCH', url: '/api/sys/user/forget/pwd', payload });

    const wrong = await forget({ account: m.member.userAccount, code: wrongCode, newPassword: 'reset-pw-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^code: The verification code is not correct/);
    expect((await login(server, 'retail', m.member.userAccount, m.password)).status).toBe(200);

    const ok = await forget({ account: m.member.userAccount.toUpperCase(), code, newPassword: 'reset-pw-1' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await userInfo(server, bearer(m))).status).toBe(401);
    expect((await login(server, 'retail', m.member.userAccount, 'reset-pw-1')).status).toBe(200);
    expect((await login(server, 'retail', m.member.userAccount, m.password)).status).toBe(401);

    // By phone, with an SMS code.
    const byPhone = await codeFor(server, m.member.userPhone, 'password');
    const phoneReset = await forget({
      account: m.member.userPhone,
      code: byPhone,
      newPassword: 'reset-pw-2',
    });
    expect(phoneReset.status).toBe(200);
    expect((await login(server, 'retail', m.member.userPhone, 'reset-pw-2')).status).toBe(200);
  });

  it('fails a reset for an unknown account exactly like a wrong code', async () => {
    const known = await registerMember(server, 'retail');
    await skipResendWait(server, known.member.userAccount);
    const unknown = uniqueEmail('nobody');
    const knownCode = await codeFor(server, known.member.userAccount, 'password');
    expect((await sendCode(server, unknown, 'password')).status).toBe(200);
    const wrong = knownCode === '0000' ? '0001' : '0000';
    const answers = [];
    for (const account of [known.member.userAccount, unknown]) {
      const res = await server.call({
        method: 'PATCH',
        url: '/api/sys/user/forget/pwd',
        payload: { account, code: wrong, newPassword: 'reset-pw-1' },
      });
      answers.push(res.body);
    }
    expect(answers[0]).toEqual({
      success: false,
      code: 400,
      message: 'code: The verification code is not correct (4 tries left).',
      data: { errors: [{ field: 'code', message: 'The verification code is not correct (4 tries left).' }] },
      reason: 'request.invalid',
    });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('answers 400 naming the field for a malformed reset', async () => {
    const res = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/forget/pwd',
      payload: { account: 'someone', code: '1234', newPassword: 'reset-pw-1' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^account: /);
    const code = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/forget/pwd',
      payload: { account: 'a@b.co.nz', code: '12', newPassword: 'reset-pw-1' },
    });
    expect(code.body.message).toMatch(/^code: /);
  });
});

describe(`demo members (${testDbKind})`, () => {
  it('signs in the demo members with the README password', async () => {
    const seeded = await startTestServer({ seed: true });
    try {
      const retail = await login(seeded, 'retail', 'aroha@example.co.nz', DEMO_PASSWORD);
      expect(retail.status).toBe(200);
      expect(retail.body.data.member).toMatchObject({
        kind: 'retail',
        userIsVIP: true,
        userPhone: '0211234567',
      });
      const wholesale = await login(seeded, 'wholesale', '0277654321', DEMO_PASSWORD);
      expect(wholesale.status).toBe(200);
      expect(wholesale.body.data.member).toMatchObject({
        kind: 'wholesale',
        userAccount: 'orders@tui-trading.co.nz',
        nzbn: '9429046123459',
      });
    } finally {
      await seeded.close();
    }
    // Loads every demo data set inside the test: as long as a seeding hook may take.
  }, 60_000);
});
