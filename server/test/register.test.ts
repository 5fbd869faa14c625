import {
  loginResultSchema,
  type RetailRegister,
  type WholesaleRegister,
} from '@mall/shared/contract/account';
import { envelopeOf } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  codeFor,
  countRows,
  outboxMessages,
  randomIp,
  registerMember,
  retailBody,
  sendCode,
  skipResendWait,
  uniqueEmail,
  uniquePhone,
  userInfo,
  waitForCode,
  wholesaleBody,
} from './account-helpers.ts';
import { fieldErrorsOf, startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const register = (kind: 'retail' | 'wholesale', payload: object) =>
  server.call({ method: 'POST', url: `/api/${kind}/customer/register`, payload });

describe(`register (${testDbKind})`, () => {
  it('registers a retail member with the code from the mail and signs them in at once', async () => {
    const body = retailBody({ userAccount: uniqueEmail('Aroha.Case').replace('aroha.case', 'Aroha.Case') });
    const code = await codeFor(server, body.userAccount.toLowerCase(), 'register');
    const res = await register('retail', { ...body, code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = envelopeOf(loginResultSchema).parse(res.body).data;
    expect(data.member).toMatchObject({
      kind: 'retail',
      userName: body.userName,
      userAccount: body.userAccount,
      userPhone: body.userPhone,
      driverLicense: body.driverLicense,
      address: body.address,
      userIsVIP: false,
      avatarUrl: null,
      companyTradingName: null,
      nzbn: null,
    });
    expect(data.member.userNo).toMatch(/^R\d{6}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    // Signed in: the tokens work.
    const me = await userInfo(server, bearer(data));
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(data.member.id);
    // The password is stored as argon2id, never in clear.
    const [row] = (
      (await server.database.db.execute(
        sql`select password_hash from member where id = ${data.member.id}`,
      )) as unknown as { rows: { password_hash: string }[] }
    ).rows;
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password_hash).not.toContain(body.password);
  });

  it('registers a wholesale member with company, company number and NZBN', async () => {
    const body = wholesaleBody();
    const code = await codeFor(server, body.userAccount, 'register');
    const res = await register('wholesale', { ...body, code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      member: {
        kind: 'wholesale',
        userName: body.userName,
        userAccount: body.userAccount,
        userPhone: body.userPhone,
        companyTradingName: body.companyTradingName,
        companyNumber: body.companyNumber,
        nzbn: body.nzbn,
        address: body.address,
        userIsVIP: false,
      },
    });
    expect((res.body.data as { member: { userNo: string } }).member.userNo).toMatch(/^W\d{6}$/);
  });

  it('accepts a retail member without a phone, and a second one without a phone too', async () => {
    const a = await registerMember(server, 'retail', { userPhone: '' });
    const b = await registerMember(server, 'retail', { userPhone: '' });
    expect(a.member.userPhone).toBe('');
    expect(b.member.userPhone).toBe('');
  });

  const retailCases: [string, Partial<RetailRegister>, string][] = [
    ['userName', { userName: '1abc' }, 'must start with a letter'],
    ['userName', { userName: 'a' }, 'one character is too short'],
    ['userName', { userName: `a${'b'.repeat(21)}` }, '22 characters is too long'],
    ['userName', { userName: 'ab-c' }, 'a dash is not allowed'],
    ['userAccount', { userAccount: 'name@example' }, 'no top-level domain'],
    ['userAccount', { userAccount: 'name@example.c' }, 'a one-letter top-level domain'],
    ['userAccount', { userAccount: '' }, 'empty'],
    ['userPhone', { userPhone: '021 123' }, 'a space'],
    ['userPhone', { userPhone: '+6421123' }, 'a plus sign'],
    ['password', { password: '12345' }, '5 characters'],
    ['password', { password: 'x'.repeat(129) }, '129 characters'],
    ['driverLicense', { driverLicense: 'x'.repeat(41) }, '41 characters'],
    ['address', { address: 'x'.repeat(201) }, '201 characters'],
    ['userPhone', { userPhone: '1'.repeat(21) }, '21 digits'],
    ['userAccount', { userAccount: `${'x'.repeat(250)}@a.nz` }, '255 characters'],
    ['code', { code: '123' }, '3 digits'],
    ['code', { code: '12345' }, '5 digits'],
    ['code', { code: '12a4' }, 'a letter'],
  ];
  it.each(retailCases)(
    'refuses a retail register with a bad %s (%s) naming the field, storing nothing',
    async (field, over) => {
      const members = await countRows(server, 'member');
      const res = await register('retail', retailBody({ ...over, code: over.code ?? '1234' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 400 });
      expect(fieldErrorsOf(res.body)[0]?.field).toBe(field);
      expect(res.body.message.startsWith(`${field}: `), res.body.message).toBe(true);
      expect(await countRows(server, 'member')).toBe(members);
    },
  );

  it('accepts the edges of each retail rule: 2 and 21 character nicknames, Chinese, 6-character password, IPv4 e-mail', async () => {
    for (const over of [
      { userName: 'ab' },
      { userName: `a${'b'.repeat(20)}` },
      { userName: '李小龙_9' },
      { password: '123456' },
      { password: 'p'.repeat(128) },
      { userAccount: `ip.${Date.now()}@[192.168.0.1]`.toLowerCase() },
      { userAccount: `bare.${Date.now()}@10.0.0.1` },
      { userAccount: `${Date.now()}@b.nz` },
      { driverLicense: 'x'.repeat(40), address: 'y'.repeat(200) },
      { userPhone: String(Date.now()).padEnd(20, '7') },
    ]) {
      const m = await registerMember(server, 'retail', over);
      expect(m.member.kind).toBe('retail');
    }
  });

  const wholesaleCases: [string, Partial<WholesaleRegister>, string][] = [
    ['companyTradingName', { companyTradingName: '' }, 'empty'],
    ['companyTradingName', { companyTradingName: 'x'.repeat(121) }, 'too long'],
    ['companyNumber', { companyNumber: '12AB' }, 'letters'],
    ['nzbn', { nzbn: '9429041234567' }, 'a wrong check digit'],
    ['nzbn', { nzbn: '942904123456' }, '12 digits'],
    ['address', { address: '' }, 'empty'],
    ['userName', { userName: '' }, 'empty contact name'],
    ['userPhone', { userPhone: '' }, 'no phone (required for wholesale)'],
    ['userAccount', { userAccount: 'orders-at-example.co.nz' }, 'no @'],
    ['password', { password: 'abc' }, 'too short'],
    ['companyNumber', { companyNumber: '1'.repeat(21) }, '21 digits'],
    ['userName', { userName: 'x'.repeat(61) }, '61 characters'],
    ['address', { address: 'x'.repeat(201) }, '201 characters'],
    ['code', { code: '' }, 'no code'],
  ];
  it.each(wholesaleCases)(
    'refuses a wholesale register with a bad %s (%s) naming the field, storing nothing',
    async (field, over) => {
      const members = await countRows(server, 'member');
      const res = await register('wholesale', wholesaleBody({ ...over, code: '1234' }));
      expect(res.status).toBe(400);
      expect(res.body.message.startsWith(`${field}: `), res.body.message).toBe(true);
      expect(await countRows(server, 'member')).toBe(members);
    },
  );

  it('accepts the edges of each wholesale rule', async () => {
    for (const over of [
      { companyTradingName: 'T'.repeat(120), companyNumber: '1'.repeat(20) },
      { userName: 'C'.repeat(60), address: 'A'.repeat(200) },
      { userPhone: `9${String(Date.now()).padEnd(19, '3')}` },
    ]) {
      const m = await registerMember(server, 'wholesale', over);
      expect(m.member).toMatchObject({ kind: 'wholesale', ...over });
    }
  });

  it('refuses a duplicate e-mail (any case) or phone with 409 naming the field, across both kinds', async () => {
    const first = await registerMember(server, 'retail');
    const members = await countRows(server, 'member');

    const sameEmail = retailBody({ userAccount: first.member.userAccount.toUpperCase() });
    const dupEmail = await register('retail', { ...sameEmail, code: '1234' });
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.message).toBe('userAccount: This e-mail is already registered.');

    const dupPhone = await register('wholesale', {
      ...wholesaleBody({ userPhone: first.member.userPhone }),
      code: '1234',
    });
    expect(dupPhone.status).toBe(409);
    expect(dupPhone.body.message).toBe('userPhone: This phone number is already registered.');
    expect(await countRows(server, 'member')).toBe(members);

    // A register code is not even sent to an e-mail in use.
    const code = await sendCode(server, first.member.userAccount, 'register');
    expect(code.status).toBe(409);
    expect(code.body.message).toBe('target: This e-mail is already registered.');
  });

  it('needs the code sent to this e-mail for register: a code of another target or purpose does not do', async () => {
    const body = retailBody();
    const other = uniqueEmail('other');
    const otherCode = await codeFor(server, other, 'register');
    await codeFor(server, body.userAccount, 'register');
    const members = await countRows(server, 'member');
    // Right digits, wrong target (unless the random codes happen to match).
    const mine = await waitForCode(server, body.userAccount);
    if (otherCode !== mine) {
      const res = await register('retail', { ...body, code: otherCode });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^code: The verification code is not correct \(4 tries left\)\.$/);
    }
    // Without ever asking for a code.
    const never = await register('retail', { ...retailBody(), code: '1234' });
    expect(never.status).toBe(400);
    expect(never.body.message).toBe(
      'code: The verification code has expired or was already used. Please request a new one.',
    );
    expect(await countRows(server, 'member')).toBe(members);
  });

  it('allows 5 tries: four wrong then the right one works; the code then is used up', async () => {
    const body = retailBody();
    const code = await codeFor(server, body.userAccount, 'register');
    const wrong = code === '0000' ? '0001' : '0000';
    for (let left = 4; left >= 1; left--) {
      const res = await register('retail', { ...body, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `code: The verification code is not correct (${left} ${left === 1 ? 'try' : 'tries'} left).`,
      );
    }
    const res = await register('retail', { ...body, code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Used up: the code cannot serve a second time.
    const used = (
      (await server.database.db.execute(
        sql`select consumed_at is not null as used, tries from verification_code where target = ${body.userAccount}`,
      )) as unknown as { rows: { used: boolean; tries: number }[] }
    ).rows[0]!;
    expect(used).toEqual({ used: true, tries: 5 });
  });

  it('kills the code after 5 wrong tries: even the right code then fails', async () => {
    const body = retailBody();
    const code = await codeFor(server, body.userAccount, 'register');
    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < 5; i++) expect((await register('retail', { ...body, code: wrong })).status).toBe(400);
    const last = await register('retail', { ...body, code: wrong });
    expect(last.body.message).toMatch(/expired or was already used/);
    const right = await register('retail', { ...body, code });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/^code: .*expired or was already used/);
    // A new code (after the minute) works again.
    await skipResendWait(server, body.userAccount);
    const fresh = await codeFor(server, body.userAccount, 'register');
    expect((await register('retail', { ...body, code: fresh })).status).toBe(200);
  });

  it('refuses an expired code (older than 10 minutes)', async () => {
    const body = retailBody();
    const code = await codeFor(server, body.userAccount, 'register');
    const [row] = (
      (await server.database.db.execute(
        sql`select extract(epoch from expires_at - sent_at)::int as ttl from verification_code where target = ${body.userAccount}`,
      )) as unknown as { rows: { ttl: number }[] }
    ).rows;
    expect(row!.ttl).toBe(600);
    await server.database.db.execute(
      sql`update verification_code set expires_at = now() - interval '1 second' where target = ${body.userAccount}`,
    );
    const res = await register('retail', { ...body, code });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^code: The verification code has expired/);
  });
});

describe(`verification codes (${testDbKind})`, () => {
  it('sends 4 digits and answers the resend wait and lifetime', async () => {
    const target = uniqueEmail('codes');
    const res = await sendCode(server, target, 'register');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { resendAfterSeconds: 60, expiresInSeconds: 600 },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/\b\d{4}\b(?!\d)/);
    expect(await waitForCode(server, target)).toMatch(/^\d{4}$/);
    // Only a hash is stored.
    const stored = (
      (await server.database.db.execute(
        sql`select code_hash from verification_code where target = ${target}`,
      )) as unknown as { rows: { code_hash: string }[] }
    ).rows[0]!.code_hash;
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
  });

  it('sends at most one code per target per minute, saying how long to wait (429 with Retry-After)', async () => {
    const target = uniqueEmail('often');
    expect((await sendCode(server, target, 'register')).status).toBe(200);
    const again = await sendCode(server, target, 'password');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(
      /^A code was sent to this e-mail address less than a minute ago\. Please wait (\d+) s/,
    );
    const wait = Number(/wait (\d+) s/.exec(again.body.message)![1]);
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(Number(again.headers['retry-after'])).toBe(wait);
    expect(outboxMessages(server, target)).toHaveLength(1);
    // The wait is kept in the database: another server process on the same database sees it.
    await server.database.db.execute(
      sql`update verification_code set sent_at = now() - interval '50 seconds' where target = ${target}`,
    );
    const later = await sendCode(server, target, 'register');
    expect(later.status).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(10);
    await skipResendWait(server, target);
    expect((await sendCode(server, target, 'register')).status).toBe(200);
    expect(outboxMessages(server, target)).toHaveLength(2);
  });

  it('limits the codes one client address may have sent per minute, whatever the targets', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(server, uniqueEmail('spam'), 'register', {}, ip)).status).toBe(200);
    }
    const limited = await sendCode(server, uniqueEmail('spam'), 'register', {}, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many requests\. Please try again in \d+ s\.$/);
    expect((await sendCode(server, uniqueEmail('spam'), 'register', {}, randomIp())).status).toBe(200);
  });

  it('refuses a target that is neither an e-mail nor a digits-only phone, and an unknown purpose', async () => {
    for (const target of ['not-an-email', '021 123 456', '+6421123456', 'a@b']) {
      const res = await sendCode(server, target, 'password');
      expect(res.status, target).toBe(400);
      expect(res.body.message).toBe('target: Enter an e-mail address or a phone number (digits only).');
    }
    const bad = await sendCode(server, uniqueEmail(), 'login');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^purpose: /);
    const missing = await server.call({
      method: 'PATCH',
      url: `/api/sys/message/send/code/${uniqueEmail()}`,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^purpose/);
    const phoneRegister = await sendCode(server, uniquePhone(), 'register');
    expect(phoneRegister.status).toBe(400);
    expect(phoneRegister.body.message).toMatch(/^target: /);
  });

  it('answers a password code for an unknown account exactly like a known one, and sends nothing', async () => {
    const known = await registerMember(server, 'retail');
    const unknown = uniqueEmail('nobody');
    await skipResendWait(server, known.member.userAccount);
    // The unknown account is asked first: a message for it would be on its way before the known
    // one's, which is waited for.
    const b = await sendCode(server, unknown, 'password');
    const a = await sendCode(server, known.member.userAccount, 'password');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    await waitForCode(server, known.member.userAccount, 2);
    expect(outboxMessages(server, unknown)).toHaveLength(0);
    // The resend minute holds for both alike.
    expect((await sendCode(server, known.member.userAccount, 'password')).status).toBe(429);
    expect((await sendCode(server, unknown, 'password')).status).toBe(429);
  });

  it('sends phone codes through the SMS adapter (outbox text file by default)', async () => {
    const member = await registerMember(server, 'retail');
    const res = await sendCode(server, member.member.userPhone, 'password');
    expect(res.status).toBe(200);
    const code = await waitForCode(server, member.member.userPhone);
    expect(outboxMessages(server, member.member.userPhone)[0]).toMatch(
      new RegExp(`^To: ${member.member.userPhone}\\n`),
    );
    expect(code).toMatch(/^\d{4}$/);
  });

  it('needs a signed-in member for e-mail and phone codes, to a target nobody else uses', async () => {
    const me = await registerMember(server, 'retail');
    const other = await registerMember(server, 'retail');
    const guest = await sendCode(server, uniqueEmail(), 'email');
    expect(guest.status).toBe(401);
    expect(guest.body.message).toBe('Please log in first.');
    const taken = await sendCode(server, other.member.userAccount, 'email', bearer(me));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('target: This e-mail is already registered.');
    const takenPhone = await sendCode(server, other.member.userPhone, 'phone', bearer(me));
    expect(takenPhone.status).toBe(409);
    expect(takenPhone.body.message).toBe('target: This phone number is already registered.');
    const mine = await sendCode(server, me.member.userAccount, 'email', bearer(me));
    expect(mine.status).toBe(400);
    expect(mine.body.message).toBe('target: This is already your e-mail address.');
    const mismatch = await sendCode(server, uniquePhone(), 'email', bearer(me));
    expect(mismatch.status).toBe(400);
    const fine = await sendCode(server, uniqueEmail('new'), 'email', bearer(me));
    expect(fine.status).toBe(200);
  });
});
