import {
  accountInfoSchema,
  type Member,
  memberSchema,
  orderBadgeSchema,
} from '@mall/shared/contract/account';
import { goodsDetailSchema } from '@mall/shared/contract/catalogue';
import { envelopeOf } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertMember } from '../src/modules/customer/service.ts';
import {
  bearer,
  codeFor,
  login,
  registerMember,
  type SignedIn,
  uniqueEmail,
  uniquePhone,
  userInfo,
} from './account-helpers.ts';
import { insertFixtureCategories, insertFixtureGoods } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
let retail: SignedIn;
let wholesale: SignedIn;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  retail = await registerMember(server, 'retail');
  wholesale = await registerMember(server, 'wholesale');
});
afterAll(() => server.close());

const memberRow = async (id: number) =>
  (
    (await server.database.db.execute(
      sql`select email, phone, user_name, driver_licence, address, avatar_url, updated_at from member where id = ${id}`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows[0]!;

const edit = (headers: Record<string, string>, payload: object) =>
  server.call<Member>({ method: 'PUT', url: '/api/retail/customer/edit', headers, payload });

describe(`account calls (${testDbKind})`, () => {
  it('answers the signed-in member and their account info per kind', async () => {
    const me = await userInfo(server, bearer(retail));
    expect(me.status).toBe(200);
    envelopeOf(memberSchema).parse(me.body);
    expect(me.body.data).toEqual(retail.member);

    const info = await server.call({ url: '/api/retail/customer/account/info', headers: bearer(retail) });
    expect(info.status).toBe(200);
    expect(envelopeOf(accountInfoSchema).parse(info.body).data).toEqual({
      member: retail.member,
      points: 0,
      cashBalance: 0,
      coupons: 0,
      discountCards: 0,
      favourites: 0,
      vipUntil: null,
    });
    const w = await server.call({ url: '/api/wholesale/customer/account/info', headers: bearer(wholesale) });
    expect(w.status).toBe(200);
    expect((w.body.data as { member: Member }).member).toEqual(wholesale.member);

    for (const kind of ['retail', 'wholesale'] as const) {
      const mine = kind === 'retail' ? retail : wholesale;
      const badge = await server.call({ url: `/api/${kind}/customer/order/badge`, headers: bearer(mine) });
      expect(badge.status).toBe(200);
      expect(envelopeOf(orderBadgeSchema).parse(badge.body).data).toEqual({
        pendingPayment: 0,
        toShip: 0,
        shipped: 0,
        completed: 0,
        cancelled: 0,
        toComment: 0,
      });
    }
  });

  it("answers 403 on the other kind's calls and 401 without a session", async () => {
    const cases = [
      ['/api/wholesale/customer/account/info', retail, 'This call is for wholesale members.'],
      ['/api/wholesale/customer/order/badge', retail, 'This call is for wholesale members.'],
      ['/api/retail/customer/account/info', wholesale, 'This call is for retail members.'],
      ['/api/retail/customer/order/badge', wholesale, 'This call is for retail members.'],
    ] as const;
    for (const [url, who, message] of cases) {
      const res = await server.call({ url, headers: bearer(who) });
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ success: false, code: 403, message, data: null, reason: 'auth.forbidden' });
    }
    const memberOnly = [
      ['GET', '/api/sys/auth/user/info'],
      ['GET', '/api/retail/customer/account/info'],
      ['GET', '/api/wholesale/customer/account/info'],
      ['GET', '/api/retail/customer/order/badge'],
      ['GET', '/api/wholesale/customer/order/badge'],
      ['PUT', '/api/retail/customer/edit'],
      ['PATCH', '/api/sys/user/pwd'],
      ['PATCH', '/api/sys/user/email'],
      ['PATCH', '/api/sys/user/phone/0211111111'],
      ['POST', '/api/sys/file/upload/avatar'],
    ] as const;
    const bodies: Record<string, object> = {
      '/api/retail/customer/edit': { userName: 'Someone' },
      '/api/sys/user/pwd': { oldPassword: 'x', newPassword: 'yyyyyy' },
      '/api/sys/user/email': { email: uniqueEmail(), code: '1234', password: 'secret-pw-1' },
      '/api/sys/user/phone/0211111111': { code: '1234', password: 'secret-pw-1' },
    };
    for (const [method, url] of memberOnly) {
      const payload = bodies[url];
      const res = await server.call({ method, url, ...(payload ? { payload } : {}) });
      expect(res.status, url).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 401,
        message: 'Please log in first.',
        data: null,
        reason: 'auth.required',
      });
    }
  });
});

describe(`profile edit (${testDbKind})`, () => {
  it('lets a retail member change nickname, driver licence and address, and clear them', async () => {
    const m = await registerMember(server, 'retail');
    const res = await edit(bearer(m), {
      userName: 'Tane_2',
      driverLicense: ' AB123456 ',
      address: '9 Tui Street, Nelson',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    envelopeOf(memberSchema).parse(res.body);
    expect(res.body.data).toEqual({
      ...m.member,
      userName: 'Tane_2',
      driverLicense: 'AB123456',
      address: '9 Tui Street, Nelson',
    });
    expect((await userInfo(server, bearer(m))).body.data).toEqual(res.body.data);
    // Fields left out stay; empty ones are cleared.
    const partial = await edit(bearer(m), { userName: 'Tane_3', address: '' });
    expect(partial.body.data).toMatchObject({ userName: 'Tane_3', driverLicense: 'AB123456', address: null });
  });

  it('validates by the member kind: retail nickname rules for retail, contact and address for wholesale', async () => {
    const cases: [SignedIn, object, string][] = [
      [retail, { userName: 'Mere Tui' }, 'userName'],
      [retail, { userName: '9lives' }, 'userName'],
      [retail, { userName: `a${'b'.repeat(21)}` }, 'userName'],
      [retail, { userName: 'Valid_1', driverLicense: 'x'.repeat(41) }, 'driverLicense'],
      [retail, { userName: 'Valid_1', address: 'x'.repeat(201) }, 'address'],
      [retail, {}, 'userName'],
      [wholesale, { userName: '', address: '1 Road' }, 'userName'],
      [wholesale, { userName: 'x'.repeat(61), address: '1 Road' }, 'userName'],
      [wholesale, { userName: 'Mere Tui' }, 'address'],
      [wholesale, { userName: 'Mere Tui', address: '   ' }, 'address'],
    ];
    for (const [who, payload, field] of cases) {
      const before = await memberRow(who.member.id);
      const res = await edit(bearer(who), payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message.startsWith(`${field}: `), res.body.message).toBe(true);
      expect(await memberRow(who.member.id)).toEqual(before);
    }
    // A contact name with a space is fine for wholesale members.
    const ok = await edit(bearer(wholesale), { userName: 'Mere Tui', address: '2 Wharf Road, Napier' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      userName: 'Mere Tui',
      address: '2 Wharf Road, Napier',
      kind: 'wholesale',
    });
    wholesale = { ...wholesale, member: ok.body.data };
  });

  it("refuses an avatar URL that is not this member's own upload", async () => {
    const other = await registerMember(server, 'retail');
    const file = `avatars/${other.member.id}/0123456789abcdef01234567.png`;
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    mkdirSync(path.join(server.config.uploadsDir, 'avatars', String(other.member.id)), { recursive: true });
    writeFileSync(path.join(server.config.uploadsDir, file), 'x');
    const me = await registerMember(server, 'retail');
    for (const avatarUrl of [
      `/uploads/${file}`,
      `/uploads/avatars/${me.member.id}/missing.png`,
      `/uploads/avatars/${me.member.id}/../${other.member.id}/0123456789abcdef01234567.png`,
      'https://example.com/me.png',
      '/uploads/demo/banner-summer.svg',
    ]) {
      const res = await edit(bearer(me), { userName: 'Tane_2', avatarUrl });
      expect(res.status, avatarUrl).toBe(400);
      expect(res.body.message).toMatch(/^avatarUrl: /);
    }
    expect((await memberRow(me.member.id)).avatar_url).toBeNull();
  });
});

describe(`e-mail and phone changes (${testDbKind})`, () => {
  it('changes the e-mail with the code sent to the new address; the old one no longer signs in', async () => {
    const m = await registerMember(server, 'retail');
    const email = uniqueEmail('moved');
    const code = await codeFor(server, email, 'email', bearer(m));
    const wrong = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/email',
      headers: bearer(m),
      payload: { email, code: code === '0000' ? '0001' : '0000', password: m.password },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^code: /);
    expect((await memberRow(m.member.id)).email).toBe(m.member.userAccount);

    const res = await server.call<Member>({
      method: 'PATCH',
      url: '/api/sys/user/email',
      headers: bearer(m),
      payload: { email, code, password: m.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ...m.member, userAccount: email });
    expect((await login(server, 'retail', email, m.password)).status).toBe(200);
    expect((await login(server, 'retail', m.member.userAccount, m.password)).status).toBe(401);
  });

  it('changes the phone with the code sent to the new number', async () => {
    const m = await registerMember(server, 'wholesale');
    const phone = uniquePhone();
    const code = await codeFor(server, phone, 'phone', bearer(m));
    const res = await server.call<Member>({
      method: 'PATCH',
      url: `/api/sys/user/phone/${phone}`,
      headers: bearer(m),
      payload: { code, password: m.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ ...m.member, userPhone: phone });
    expect((await login(server, 'wholesale', phone, m.password)).status).toBe(200);

    const bad = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/phone/02a1',
      headers: bearer(m),
      payload: { code: '1234', password: m.password },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^value: /);
    const noCode = await server.call({
      method: 'PATCH',
      url: `/api/sys/user/phone/${uniquePhone()}`,
      headers: bearer(m),
      payload: { password: m.password },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toMatch(/^code/);
  });

  it("refuses an e-mail or phone another member holds, and a code sent for another member's change", async () => {
    const a = await registerMember(server, 'retail');
    const b = await registerMember(server, 'retail');
    const takenEmail = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/email',
      headers: bearer(a),
      payload: { email: b.member.userAccount.toUpperCase(), code: '1234', password: a.password },
    });
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body.message).toBe('email: This e-mail is already registered.');
    const takenPhone = await server.call({
      method: 'PATCH',
      url: `/api/sys/user/phone/${b.member.userPhone}`,
      headers: bearer(a),
      payload: { code: '1234', password: a.password },
    });
    expect(takenPhone.status).toBe(409);
    expect(takenPhone.body.message).toBe('value: This phone number is already registered.');

    // A asks for a code to a new address; B (who somehow learnt it) cannot use it.
    const email = uniqueEmail('contested');
    const code = await codeFor(server, email, 'email', bearer(a));
    const stolen = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/email',
      headers: bearer(b),
      payload: { email, code, password: b.password },
    });
    expect(stolen.status).toBe(400);
    expect((await memberRow(b.member.id)).email).toBe(b.member.userAccount);
    // ... nor does a register code do for a change.
    const phone = uniquePhone();
    const registerCode = await codeFor(server, uniqueEmail('reg'), 'register');
    const wrongPurpose = await server.call({
      method: 'PATCH',
      url: `/api/sys/user/phone/${phone}`,
      headers: bearer(a),
      payload: { code: registerCode, password: a.password },
    });
    expect(wrongPurpose.status).toBe(400);
  });
});

describe(`members never reach each other's data (${testDbKind})`, () => {
  it("acts only on the token's member through every account call", async () => {
    const a = await registerMember(server, 'retail');
    const b = await registerMember(server, 'retail', { password: 'b-own-password' });
    const bBefore = await memberRow(b.member.id);

    expect((await userInfo(server, bearer(a))).body.data.id).toBe(a.member.id);
    const info = await server.call<{ member: Member }>({
      url: '/api/retail/customer/account/info',
      headers: bearer(a),
    });
    expect(info.body.data.member.id).toBe(a.member.id);
    // Ids in the body or query are not a way in: the member is always the token's.
    const edited = await edit(bearer(a), { userName: 'Changed_A', id: b.member.id } as object);
    expect(edited.status).toBe(200);
    expect(edited.body.data.id).toBe(a.member.id);
    const pwd = await server.call({
      method: 'PATCH',
      url: `/api/sys/user/pwd?id=${b.member.id}`,
      headers: bearer(a),
      payload: { oldPassword: b.password, newPassword: 'taken-over' },
    });
    expect(pwd.status).toBe(400);
    expect(await memberRow(b.member.id)).toEqual(bBefore);
    expect((await login(server, 'retail', b.member.userAccount, b.password)).status).toBe(200);

    // A token whose member id was swapped for B's is refused (signature), never served as B.
    const [h, p, s] = a.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: String(b.member.id) })).toString(
      'base64url',
    );
    const res = await userInfo(server, { authorization: `Bearer ${h}.${swapped}.${s}` });
    expect(res.status).toBe(401);
  });
});

describe(`prices follow the signed-in member (${testDbKind})`, () => {
  it('shows guests and retail members retail, VIP members club and wholesale members wholesale prices', async () => {
    const { thirdId } = await insertFixtureCategories(server.database.db, 'Tier');
    const [good] = await insertFixtureGoods(server.database.db, thirdId, [
      { name: 'Tier Honey 500 g', supplier: 'SPY', skus: [{ retail: 2000, wholesale: 1500, club: 1800 }] },
    ]);
    const priceFor = async (headers: Record<string, string>) => {
      const res = await server.call({ url: `/api/sale/good/detail/${good!.id}`, headers });
      expect(res.status).toBe(200);
      return goodsDetailSchema.parse(res.body.data).skus[0]!.price;
    };
    expect(await priceFor({})).toBe(20);
    expect(await priceFor(bearer(retail))).toBe(20);
    expect(await priceFor(bearer(wholesale))).toBe(15);
    // Becoming a club member, even by hand in SQL, is announced by the database and shows within
    // moments (well before the 30 s the server may otherwise hold a session), without a new login.
    const announced = { timeout: 5000, interval: 20 };
    const vip = await registerMember(server, 'retail');
    expect(await priceFor(bearer(vip))).toBe(20);
    await server.database.db.execute(sql`update member set vip = true where id = ${vip.member.id}`);
    await vi.waitFor(async () => expect(await priceFor(bearer(vip))).toBe(18), announced);
    expect((await userInfo(server, bearer(vip))).body.data.userIsVIP).toBe(true);
    // A membership that ended is no longer VIP.
    await server.database.db.execute(
      sql`update member set vip_until = now() - interval '1 day' where id = ${vip.member.id}`,
    );
    await vi.waitFor(async () => expect(await priceFor(bearer(vip))).toBe(20), announced);
    // A token that is not valid is a guest here, not an error.
    expect(await priceFor({ authorization: 'Bearer not-a-token' })).toBe(20);
  });
});

describe(`database rules (${testDbKind})`, () => {
  it('turns a unique violation (two registers racing) into the same 409 naming the field', async () => {
    const email = uniqueEmail('race');
    const base = {
      kind: 'retail' as const,
      userName: 'Racer_1',
      userAccount: email,
      userPhone: '',
      password: 'secret-pw',
      code: '1234',
      passwordHash: await hashPassword('secret-pw'),
    };
    await insertMember(server.database.db, base);
    await expect(
      insertMember(server.database.db, { ...base, userAccount: email.toUpperCase() }),
    ).rejects.toMatchObject({
      status: 409,
      message: 'userAccount: This e-mail is already registered.',
    });
    const phone = uniquePhone();
    await insertMember(server.database.db, { ...base, userAccount: uniqueEmail(), userPhone: phone });
    await expect(
      insertMember(server.database.db, { ...base, userAccount: uniqueEmail(), userPhone: phone }),
    ).rejects.toMatchObject({ status: 409, message: 'userPhone: This phone number is already registered.' });
  });
});
