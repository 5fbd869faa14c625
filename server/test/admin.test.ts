import { LOGIN_MAX_FAILURES_PER_ACCOUNT } from '@mall/shared/contract/account';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_WRONG, LOGIN_FAILED, NAME_TAKEN, NOT_YOURSELF } from '../src/modules/admin/operators.ts';
import { OPERATOR_ROLES } from '../src/modules/admin/roles.ts';
import { codeNow } from '../src/modules/admin/totp.ts';
import { countRows, randomIp } from './account-helpers.ts';
import { type MatrixCall, roleMatrixTests, signInEveryone } from './admin-matrix.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { OPERATOR_TEST_PASSWORD, signInOperator } from './operator-helpers.ts';

/** The back office's operators, roles, logins, two-factor and audit log (docs/back-office.md). */

let server: TestServer;
let everyone: Awaited<ReturnType<typeof signInEveryone>>;
let as: typeof everyone.as;

beforeAll(async () => {
  server = await startTestServer();
  everyone = await signInEveryone(server);
  as = everyone.as;
});
afterAll(() => server.close());

const headersOf: typeof everyone.headersOf = (who) => everyone.headersOf(who);

let made = 0;
const calls: MatrixCall[] = [
  {
    name: 'GET me',
    allowed: OPERATOR_ROLES,
    request: () => ({ method: 'GET', url: '/api/admin/me' }),
    okStatus: 200,
  },
  {
    name: 'POST me/totp/confirm',
    allowed: OPERATOR_ROLES,
    // Nothing is being enrolled yet: let through, it answers 409.
    request: () => ({ method: 'POST', url: '/api/admin/me/totp/confirm', payload: { code: '123456' } }),
    okStatus: 409,
  },
  {
    name: 'POST me/password',
    allowed: OPERATOR_ROLES,
    // A wrong current password: let through, it answers 400 naming the field.
    request: () => ({
      method: 'POST',
      url: '/api/admin/me/password',
      payload: { currentPassword: 'not-the-password-1', newPassword: 'another-password-123' },
    }),
    okStatus: 400,
  },
  {
    name: 'GET operators',
    allowed: ['owner'],
    request: () => ({ method: 'GET', url: '/api/admin/operators' }),
    okStatus: 200,
  },
  {
    name: 'POST operators',
    allowed: ['owner'],
    request: () => ({
      method: 'POST',
      url: '/api/admin/operators',
      payload: { name: `matrix-${++made}-${testDbKind}`, password: OPERATOR_TEST_PASSWORD, role: 'support' },
    }),
    okStatus: 200,
  },
  {
    name: 'PATCH operators/:id',
    allowed: ['owner'],
    request: () => ({
      method: 'PATCH',
      url: `/api/admin/operators/${as.support.id}`,
      payload: { role: 'support' },
    }),
    okStatus: 200,
  },
  {
    name: 'POST operators/:id/reset-access',
    allowed: ['owner'],
    // No such operator: let through, it answers 404 (resetting a real one would end its logins).
    request: () => ({
      method: 'POST',
      url: '/api/admin/operators/999999/reset-access',
      payload: { password: OPERATOR_TEST_PASSWORD },
    }),
    okStatus: 404,
  },
  {
    name: 'GET dashboard',
    allowed: ['owner', 'orders'],
    request: () => ({ method: 'GET', url: '/api/admin/dashboard' }),
    okStatus: 200,
  },
  // Live chat (docs/chat.md): support and owner; a conversation that does not exist answers 404.
  ...(
    [
      ['GET', 'chat/conversations', 200],
      ['GET', 'chat/conversations/999999', 404],
      ['POST', 'chat/conversations/999999/read', 404],
      ['POST', 'chat/conversations/999999/assign', 404],
      ['POST', 'chat/conversations/999999/close', 404],
      ['POST', 'chat/conversations/999999/reopen', 404],
      ['POST', 'chat/conversations/999999/messages', 404, { text: 'Kia ora' }],
      ['GET', 'chat/canned', 200],
      ['POST', 'chat/canned', 200, { title: 'Matrix', text: 'A canned reply.' }],
      ['DELETE', 'chat/canned/999999', 404],
    ] as const
  ).map(
    ([method, path, okStatus, payload]): MatrixCall => ({
      name: `${method} ${path}`,
      allowed: ['owner', 'support'],
      request: () => ({ method, url: `/api/admin/${path}`, ...(payload ? { payload: { ...payload } } : {}) }),
      okStatus,
    }),
  ),
  {
    name: 'GET audit',
    allowed: ['owner'],
    request: () => ({ method: 'GET', url: '/api/admin/audit' }),
    okStatus: 200,
  },
];

const tableCounts = async () => ({
  operators: await countRows(server, 'operator'),
  audit: await countRows(server, 'audit_log'),
});

describe(`the back office's role x call matrix (${testDbKind})`, () => {
  roleMatrixTests(calls, () => ({ server, headersOf }), tableCounts);

  it('POST me/totp and logout: any operator; 401 for a member or nobody', async () => {
    for (const who of ['nobody', 'member'] as const) {
      for (const url of ['/api/admin/me/totp', '/api/admin/logout']) {
        expect((await server.call({ method: 'POST', url, headers: headersOf(who) })).status).toBe(401);
      }
    }
    for (const role of OPERATOR_ROLES) {
      const someone = await signInOperator(server, role);
      const enrol = await server.call<{ qr: string }>({
        method: 'POST',
        url: '/api/admin/me/totp',
        headers: someone.headers,
      });
      expect(enrol.status).toBe(200);
      expect(
        (await server.call({ method: 'POST', url: '/api/admin/logout', headers: someone.headers })).status,
      ).toBe(200);
      // The login is over at once.
      expect((await server.call({ url: '/api/admin/me', headers: someone.headers })).status).toBe(401);
    }
  });
});

const login = (body: Record<string, unknown>, ip = randomIp()) =>
  server.call<{ codeRequired: boolean; token: string | null; operator: { role: string } | null }>({
    method: 'POST',
    url: '/api/admin/login',
    payload: body,
    remoteAddress: ip,
  });

describe(`operator login (${testDbKind})`, () => {
  it('signs in with name and password only; a wrong password, an unknown name or bad input are refused', async () => {
    const ok = await login({ name: as.orders.name, password: OPERATOR_TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ codeRequired: false, operator: { role: 'orders' } });
    const me = await server.call<{ name: string }>({
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${ok.body.data.token}` },
    });
    expect(me.body.data.name).toBe(as.orders.name);
    // The operator's token is not a member's.
    const asMember = await server.call({
      url: '/api/sys/auth/user/info',
      headers: { authorization: `Bearer ${ok.body.data.token}` },
    });
    expect(asMember.status).toBe(401);

    for (const body of [
      { name: as.orders.name, password: 'wrong-password-123' },
      { name: 'nobody-here', password: OPERATOR_TEST_PASSWORD },
    ]) {
      const res = await login(body);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(LOGIN_FAILED);
    }
    const bad = await login({ password: OPERATOR_TEST_PASSWORD });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('name');
  });

  it('answers 429 after too many failures for one operator, even with the right password', async () => {
    const target = await signInOperator(server, 'support');
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login({ name: target.name, password: 'wrong-password-123' })).status).toBe(401);
    }
    const locked = await login({ name: target.name, password: OPERATOR_TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe(`two-factor (${testDbKind})`, () => {
  it('enrols with a QR and a code, then asks every login for a fresh code, each code used once', async () => {
    const op = await signInOperator(server, 'catalogue');
    const enrol = await server.call<{ secret: string; uri: string; qr: string }>({
      method: 'POST',
      url: '/api/admin/me/totp',
      headers: op.headers,
    });
    expect(enrol.body.data.qr).toMatch(/^data:image\/png;base64,/);
    expect(enrol.body.data.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    const { secret } = enrol.body.data;

    const wrong = await server.call({
      method: 'POST',
      url: '/api/admin/me/totp/confirm',
      headers: op.headers,
      payload: { code: codeNow(secret) === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain(CODE_WRONG);
    const notCode = await server.call({
      method: 'POST',
      url: '/api/admin/me/totp/confirm',
      headers: op.headers,
      payload: { code: 'abc' },
    });
    expect(notCode.status).toBe(400);
    expect(
      (await server.call<{ totp: boolean }>({ url: '/api/admin/me', headers: op.headers })).body.data.totp,
    ).toBe(false);

    // The codes are of the time step at confirming and the one after it: a later codeNow() could
    // fall in the next step (the test crossing a 30 s boundary) and be a code never used.
    const at = Date.now();
    const used = codeNow(secret, at);
    const confirmed = await server.call<{ totp: boolean }>({
      method: 'POST',
      url: '/api/admin/me/totp/confirm',
      headers: op.headers,
      payload: { code: used },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.totp).toBe(true);

    const first = await login({ name: op.name, password: OPERATOR_TEST_PASSWORD });
    expect(first.body.data).toEqual({ codeRequired: true, token: null, operator: null });
    // The code already used to confirm is refused; the next step's is taken once.
    expect((await login({ name: op.name, password: OPERATOR_TEST_PASSWORD, code: used })).status).toBe(401);
    const next = codeNow(secret, at + 30_000);
    const signed = await login({ name: op.name, password: OPERATOR_TEST_PASSWORD, code: next });
    expect(signed.status).toBe(200);
    expect(signed.body.data.token).toEqual(expect.any(String));
    expect((await login({ name: op.name, password: OPERATOR_TEST_PASSWORD, code: next })).status).toBe(401);
    // A wrong password with a code is still a wrong password.
    expect((await login({ name: op.name, password: 'wrong-password-123', code: next })).body.message).toBe(
      LOGIN_FAILED,
    );
  });
});

describe(`managing operators (${testDbKind})`, () => {
  it('creates an operator who can log in; a taken name or bad input answers 4xx naming the field and adds nothing', async () => {
    const owner = as.owner.headers;
    const create = (payload: Record<string, unknown>) =>
      server.call<{ id: number; name: string; role: string }>({
        method: 'POST',
        url: '/api/admin/operators',
        headers: owner,
        payload,
      });
    const name = `helper-${testDbKind}`;
    const created = await create({
      name: name.toUpperCase(),
      password: OPERATOR_TEST_PASSWORD,
      role: 'support',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name, role: 'support' });
    expect((await login({ name, password: OPERATOR_TEST_PASSWORD })).status).toBe(200);

    const before = await tableCounts();
    for (const [payload, field, status] of [
      [{ name, password: OPERATOR_TEST_PASSWORD, role: 'support' }, 'name', 409],
      [{ name: 'a b', password: OPERATOR_TEST_PASSWORD, role: 'support' }, 'name', 400],
      [{ name: 'short-pw', password: 'short', role: 'support' }, 'password', 400],
      [{ name: 'no-role', password: OPERATOR_TEST_PASSWORD, role: 'king' }, 'role', 400],
    ] as const) {
      const res = await create(payload);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect(
      (await create({ name, password: OPERATOR_TEST_PASSWORD, role: 'support' })).body.message,
    ).toContain(NAME_TAKEN);
    expect(await tableCounts()).toEqual(before);
  });

  it('changes a role and disables (their login ends at once) and enables; never the owner themself', async () => {
    const owner = as.owner.headers;
    const target = await signInOperator(server, 'support');
    const patch = (id: number | string, payload: Record<string, unknown>) =>
      server.call<{ role: string; disabled: boolean }>({
        method: 'PATCH',
        url: `/api/admin/operators/${id}`,
        headers: owner,
        payload,
      });
    expect((await patch(target.id, { role: 'catalogue' })).body.data).toMatchObject({ role: 'catalogue' });
    expect(
      (await server.call<{ role: string }>({ url: '/api/admin/me', headers: target.headers })).body.data.role,
    ).toBe('catalogue');
    expect((await patch(target.id, { disabled: true })).body.data.disabled).toBe(true);
    expect((await server.call({ url: '/api/admin/me', headers: target.headers })).status).toBe(401);
    expect((await login({ name: target.name, password: OPERATOR_TEST_PASSWORD })).status).toBe(401);
    expect((await patch(target.id, { disabled: false })).status).toBe(200);
    expect((await login({ name: target.name, password: OPERATOR_TEST_PASSWORD })).status).toBe(200);

    const before = await tableCounts();
    const self = await patch(as.owner.id, { role: 'support' });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(NOT_YOURSELF);
    expect((await patch(target.id, {})).status).toBe(400);
    expect((await patch(target.id, { role: 'king' })).status).toBe(400);
    expect((await patch('abc', { role: 'support' })).status).toBe(400);
    expect((await patch(999_999, { role: 'support' })).status).toBe(404);
    expect(await tableCounts()).toEqual(before);

    const list = await server.call<{ name: string; role: string; disabled: boolean }[]>({
      url: '/api/admin/operators',
      headers: owner,
    });
    expect(list.body.data.find((o) => o.name === target.name)).toMatchObject({
      role: 'catalogue',
      disabled: false,
    });
  });
});

describe(`resetting an operator's access (${testDbKind})`, () => {
  it('gives a new password and turns two-factor off; their logins end; audited without secrets; never the owner themself', async () => {
    const owner = as.owner.headers;
    const op = await signInOperator(server, 'catalogue');
    const enrol = await server.call<{ secret: string }>({
      method: 'POST',
      url: '/api/admin/me/totp',
      headers: op.headers,
    });
    await server.call({
      method: 'POST',
      url: '/api/admin/me/totp/confirm',
      headers: op.headers,
      payload: { code: codeNow(enrol.body.data.secret) },
    });
    const reset = (id: number | string, payload: Record<string, unknown>) =>
      server.call<{ totp: boolean; name: string }>({
        method: 'POST',
        url: `/api/admin/operators/${id}/reset-access`,
        headers: owner,
        payload,
      });

    const before = await tableCounts();
    expect((await reset(op.id, { password: 'short' })).status).toBe(400);
    expect((await reset(op.id, {})).status).toBe(400);
    const self = await reset(as.owner.id, { password: 'a-new-password-123' });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(NOT_YOURSELF);
    expect(await tableCounts()).toEqual(before);
    expect((await server.call({ url: '/api/admin/me', headers: op.headers })).status).toBe(200);

    const done = await reset(op.id, { password: 'a-new-password-123' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ name: op.name, totp: false });
    expect((await server.call({ url: '/api/admin/me', headers: op.headers })).status).toBe(401);
    expect((await login({ name: op.name, password: OPERATOR_TEST_PASSWORD })).status).toBe(401);
    const fresh = await login({ name: op.name, password: 'a-new-password-123' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.token).toEqual(expect.any(String));

    const audit = await server.call<{ records: { action: string; subject: string; after: unknown }[] }>({
      url: '/api/admin/audit?pageNum=1&pageSize=5',
      headers: owner,
    });
    const row = audit.body.data.records.find((r) => r.action === 'operator.reset-access');
    expect(row).toMatchObject({
      subject: `operator ${op.name}`,
      after: { totp: false, password: 'changed' },
    });
    expect(JSON.stringify(row)).not.toContain('a-new-password-123');
  });
});

describe(`the audit log (${testDbKind})`, () => {
  it('records each change with its operator, before and after, newest first, a page at a time', async () => {
    const owner = as.owner;
    const target = await signInOperator(server, 'orders');
    await server.call({
      method: 'PATCH',
      url: `/api/admin/operators/${target.id}`,
      headers: owner.headers,
      payload: { role: 'support' },
    });
    type Page = {
      records: {
        id: number;
        operatorName: string;
        action: string;
        subject: string;
        before: unknown;
        after: unknown;
      }[];
      total: number;
    };
    const page = await server.call<Page>({
      url: '/api/admin/audit?pageNum=1&pageSize=2',
      headers: owner.headers,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.records).toHaveLength(2);
    expect(page.body.data.records[0]).toMatchObject({
      operatorName: owner.name,
      action: 'operator.update',
      subject: `operator ${target.name}`,
      before: { role: 'orders' },
      after: { role: 'support' },
    });
    expect(page.body.data.records[1]).toMatchObject({
      action: 'operator.create',
      subject: `operator ${target.name}`,
    });
    expect(page.body.data.total).toBe(await countRows(server, 'audit_log'));
    const second = await server.call<Page>({
      url: '/api/admin/audit?pageNum=2&pageSize=2',
      headers: owner.headers,
    });
    expect(second.body.data.records[0]!.id).toBeLessThan(page.body.data.records[1]!.id);
    for (const q of ['pageNum=0', 'pageSize=101', 'pageNum=x', 'pageNum=100001']) {
      expect((await server.call({ url: `/api/admin/audit?${q}`, headers: owner.headers })).status).toBe(400);
    }
  });

  it('cannot be edited: the database refuses to update or delete a row', async () => {
    const n = await countRows(server, 'audit_log');
    await expect(server.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(server.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await countRows(server, 'audit_log')).toBe(n);
  });
});

describe(`changing one's own password (${testDbKind})`, () => {
  it('asks for the current password; the new one works, the old one not; other logins end, this one goes on', async () => {
    const op = await signInOperator(server, 'orders');
    const second = await login({ name: op.name, password: OPERATOR_TEST_PASSWORD });
    const secondHeaders = { authorization: `Bearer ${second.body.data.token}` };
    const change = (payload: Record<string, unknown>) =>
      server.call<{ name: string }>({
        method: 'POST',
        url: '/api/admin/me/password',
        headers: op.headers,
        payload,
      });

    const before = await tableCounts();
    const wrong = await change({ currentPassword: 'wrong-password-123', newPassword: 'a-better-password-1' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('currentPassword');
    const short = await change({ currentPassword: OPERATOR_TEST_PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('newPassword');
    const same = await change({
      currentPassword: OPERATOR_TEST_PASSWORD,
      newPassword: OPERATOR_TEST_PASSWORD,
    });
    expect(same.status).toBe(400);
    expect((await change({ currentPassword: 1234567890, newPassword: 'a-better-password-1' })).status).toBe(
      400,
    );
    expect(await tableCounts()).toEqual(before);
    expect((await server.call({ url: '/api/admin/me', headers: secondHeaders })).status).toBe(200);

    const done = await change({
      currentPassword: OPERATOR_TEST_PASSWORD,
      newPassword: 'a-better-password-1',
    });
    expect(done.status).toBe(200);
    expect(done.body.data.name).toBe(op.name);
    expect((await server.call({ url: '/api/admin/me', headers: op.headers })).status).toBe(200);
    expect((await server.call({ url: '/api/admin/me', headers: secondHeaders })).status).toBe(401);
    expect((await login({ name: op.name, password: OPERATOR_TEST_PASSWORD })).status).toBe(401);
    expect((await login({ name: op.name, password: 'a-better-password-1' })).status).toBe(200);

    const [row] = (
      await server.database.db.execute<{ action: string; after: unknown }>(
        sql`select action, after from audit_log where subject = ${`operator ${op.name}`} order by id desc limit 1`,
      )
    ).rows;
    expect(row).toEqual({
      action: 'operator.password',
      after: { password: 'changed', otherLoginsEnded: true },
    });
    expect(JSON.stringify(row)).not.toContain('a-better-password-1');
  });

  it('counts wrong current passwords as login failures: 429 after too many, even with the right one', async () => {
    const op = await signInOperator(server, 'support');
    const change = (currentPassword: string) =>
      server.call({
        method: 'POST',
        url: '/api/admin/me/password',
        headers: op.headers,
        payload: { currentPassword, newPassword: 'a-better-password-1' },
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await change('wrong-password-123')).status).toBe(400);
    expect((await change(OPERATOR_TEST_PASSWORD)).status).toBe(429);
  });
});
