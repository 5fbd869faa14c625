import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { ACCOUNT_DISABLED, LOGIN_FAILED } from '../src/modules/auth/service.ts';
import {
  bearer,
  codeIn,
  login,
  outboxMessages,
  registerMember,
  skipResendWait,
  uniquePhone,
  userInfo,
} from './account-helpers.ts';
import { type MatrixCall, roleMatrixTests, signInEveryone, type Who } from './admin-matrix.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

/** The back office's members (docs/back-office-members.md). */

interface Listed {
  id: number;
  memberNo: string;
  kind: string;
  name: string;
  email: string;
  phone: string;
  disabled: boolean;
}
interface Page {
  records: Listed[];
  total: number;
  more: boolean;
  pageNum: number;
  pageSize: number;
}

let server: TestServer;
let everyone: Awaited<ReturnType<typeof signInEveryone>>;
/** A member who exists for the calls that name one. */
let someone: { id: number };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  everyone = await signInEveryone(server);
  const m = await registerMember(server, 'retail');
  someone = { id: m.member.id };
});
afterAll(() => server.close());

const idOf = async (email: string) => {
  const [row] = await rowsOf<{ id: number }>(
    server.database.db,
    sql`select id from member where lower(email) = lower(${email})`,
  );
  return row!.id;
};

/** What the members calls can change. */
const counts = async () => {
  const [row] = await rowsOf<{ disabled: number; revoked: number; codes: number; audit: number }>(
    server.database.db,
    sql`select (select count(*)::int from member where disabled_at is not null) as disabled,
               (select count(*)::int from member_session where revoked_at is not null) as revoked,
               (select count(*)::int from verification_code) as codes,
               (select count(*)::int from audit_log) as audit`,
  );
  return row!;
};

const as = (who: Who) => everyone.headersOf(who);
const call = <T>(
  who: Who,
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) => server.call<T>({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

describe(`back office: members (${testDbKind})`, () => {
  const calls: MatrixCall[] = [
    {
      name: 'GET /api/admin/members',
      allowed: ['owner', 'support'],
      request: () => ({ method: 'GET', url: '/api/admin/members?email=a' }),
      okStatus: 200,
    },
    {
      name: 'GET /api/admin/members/{id}',
      allowed: ['owner', 'support'],
      request: () => ({ method: 'GET', url: `/api/admin/members/${someone.id}` }),
      okStatus: 200,
    },
    {
      // Enabling an enabled member changes nothing, so every role can be tried on the same member.
      name: 'PATCH /api/admin/members/{id}',
      allowed: ['owner', 'support'],
      request: () => ({
        method: 'PATCH',
        url: `/api/admin/members/${someone.id}`,
        payload: { disabled: false },
      }),
      okStatus: 200,
    },
    {
      // A member that does not exist: the role is checked before anything is looked up or sent.
      name: 'POST /api/admin/members/{id}/resend-code',
      allowed: ['owner', 'support'],
      request: () => ({ method: 'POST', url: '/api/admin/members/2000000000/resend-code' }),
      okStatus: 404,
    },
  ];
  roleMatrixTests(calls, () => ({ server, headersOf: everyone.headersOf }), counts);

  it('finds members by member number, or the start of their e-mail, phone or name, a page at a time', async () => {
    const tag = randomBytes(4).toString('hex');
    const phone = uniquePhone();
    const a = await registerMember(server, 'retail', {
      userAccount: `find.${tag}.a@example.co.nz`,
      userName: `Aroha_${tag}`,
      userPhone: phone,
    });
    await registerMember(server, 'retail', {
      userAccount: `find.${tag}.b@example.co.nz`,
      userName: `Aroha_${tag}_B`,
    });
    await registerMember(server, 'wholesale', { userAccount: `find.${tag}.c@example.co.nz` });
    const search = async (query: string) => {
      const res = await call<Page>('support', 'GET', `/api/admin/members?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };

    const byEmail = await search(`email=FIND.${tag}`);
    expect(byEmail.total).toBe(3);
    // In the order of what was searched.
    expect(byEmail.records.map((m) => m.email)).toEqual([
      `find.${tag}.a@example.co.nz`,
      `find.${tag}.b@example.co.nz`,
      `find.${tag}.c@example.co.nz`,
    ]);
    expect(byEmail.more).toBe(false);
    expect((await search(`email=find.${tag}&kind=wholesale`)).records.map((m) => m.kind)).toEqual([
      'wholesale',
    ]);

    const byPhone = await search(`phone=${phone.slice(0, 9)}`);
    expect(byPhone.records.map((m) => m.email)).toContain(`find.${tag}.a@example.co.nz`);
    expect(byPhone.records.every((m) => m.phone.startsWith(phone.slice(0, 9)))).toBe(true);

    const byName = await search(`name=${`aroha_${tag}`}`);
    expect(byName.records.map((m) => m.name).sort()).toEqual([`Aroha_${tag}`, `Aroha_${tag}_B`]);

    const no = a.member.userNo;
    expect((await search(`memberNo=${no}`)).records.map((m) => m.email)).toEqual([
      `find.${tag}.a@example.co.nz`,
    ]);
    expect((await search(`memberNo=${Number(no.slice(1))}`)).records.map((m) => m.memberNo)).toEqual([no]);
    // A retail member's number with W names nobody.
    expect((await search(`memberNo=W${no.slice(1)}`)).total).toBe(0);

    // Paging: one a page, in the same order as the whole list.
    const first = await search(`email=find.${tag}&pageSize=1&pageNum=1`);
    const second = await search(`email=find.${tag}&pageSize=1&pageNum=2`);
    expect(first.total).toBe(3);
    expect([first.records[0]!.email, second.records[0]!.email]).toEqual(
      byEmail.records.slice(0, 2).map((m) => m.email),
    );

    // What the operator types is matched as text: % and _ are not wildcards.
    expect((await search('email=%25')).total).toBe(0);
    expect((await search('name=_')).total).toBe(0);
  });

  it("shows a member's profile, orders and wallet; 404 for a member that does not exist", async () => {
    const m = await registerMember(server, 'retail');
    const id = await idOf(m.member.userAccount);
    await server.call({
      method: 'POST',
      url: '/api/admin/wallet/points',
      headers: as('owner'),
      payload: { member: m.member.userAccount, points: 120, reason: 'Welcome back' },
    });
    const res = await call<{
      profile: {
        id: number;
        email: string;
        kind: string;
        club: boolean;
        clubUntil: string | null;
        disabled: boolean;
      };
      orders: { total: number; toShip: number; recent: unknown[] };
      wallet: { points: number; cashCents: number; coupons: number; discountCards: number };
    }>('support', 'GET', `/api/admin/members/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.profile).toMatchObject({
      id,
      email: m.member.userAccount,
      kind: 'retail',
      disabled: false,
    });
    expect(res.body.data.orders).toMatchObject({ total: 0, toShip: 0, recent: [] });
    expect(res.body.data.wallet).toEqual({ points: 120, cashCents: 0, coupons: 0, discountCards: 0 });

    // Club membership with an end date shows that date.
    const until = new Date(Date.now() + 30 * 86_400_000);
    await server.database.db.execute(
      sql`update member set vip = true, vip_until = ${until.toISOString()} where id = ${id}`,
    );
    const club = await call<{ profile: { club: boolean; clubUntil: string } }>(
      'owner',
      'GET',
      `/api/admin/members/${id}`,
    );
    expect(club.body.data.profile.club).toBe(true);
    expect(new Date(club.body.data.profile.clubUntil).getTime()).toBe(until.getTime());

    expect((await call('owner', 'GET', '/api/admin/members/2000000000')).status).toBe(404);
  });

  it('disabling a member ends their sessions at once (their next call is 401) and stops their login until enabled', async () => {
    const m = await registerMember(server, 'retail');
    const id = await idOf(m.member.userAccount);
    const headers = bearer(m);
    // Signed in twice; the first session's lookup is held in the session cache.
    const other = await login(server, 'retail', m.member.userAccount, m.password);
    expect((await userInfo(server, headers)).status).toBe(200);
    expect((await userInfo(server, headers)).status).toBe(200);
    const auditBefore = (await counts()).audit;

    const off = await call<{ disabled: boolean }>('support', 'PATCH', `/api/admin/members/${id}`, {
      disabled: true,
    });
    expect(off.status).toBe(200);
    expect(off.body.data.disabled).toBe(true);
    expect((await userInfo(server, headers)).status).toBe(401);
    expect((await userInfo(server, { authorization: headers.authorization! })).status).toBe(401);
    expect((await userInfo(server, bearer(other.body.data))).status).toBe(401);

    // The right password says why; a wrong one says only what any wrong login says.
    const refused = await login(server, 'retail', m.member.userAccount, m.password);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_DISABLED);
    const wrong = await login(server, 'retail', m.member.userAccount, `${m.password}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(LOGIN_FAILED);

    // Disabling again changes nothing and writes no second row.
    expect((await call('owner', 'PATCH', `/api/admin/members/${id}`, { disabled: true })).status).toBe(200);
    const [audit] = await rowsOf<{ action: string; before: unknown; after: unknown }>(
      server.database.db,
      sql`select action, before, after from audit_log where subject = ${`member ${id}`} order by id`,
    );
    expect(audit).toEqual({
      action: 'member.disable',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect((await counts()).audit).toBe(auditBefore + 1);

    const on = await call<{ disabled: boolean }>('owner', 'PATCH', `/api/admin/members/${id}`, {
      disabled: false,
    });
    expect(on.body.data.disabled).toBe(false);
    // Ended sessions stay ended; a new login works.
    expect((await userInfo(server, headers)).status).toBe(401);
    const back = await login(server, 'retail', m.member.userAccount, m.password);
    expect(back.status).toBe(200);
    expect((await userInfo(server, bearer(back.body.data))).status).toBe(200);
  });

  it('resends a verification code the member can use, within the once-a-minute limit', async () => {
    const m = await registerMember(server, 'retail');
    const email = m.member.userAccount;
    const id = await idOf(email);
    await skipResendWait(server, email);
    const before = outboxMessages(server, email).length;

    const sent = await call<{ to: string; resendAfterSeconds: number }>(
      'support',
      'POST',
      `/api/admin/members/${id}/resend-code`,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.to).toBe(email);
    const messages = outboxMessages(server, email);
    expect(messages.length).toBe(before + 1);
    const code = codeIn(messages.at(-1)!);

    // A second one within the minute is refused, as the member's own request would be.
    const again = await call('owner', 'POST', `/api/admin/members/${id}/resend-code`);
    expect(again.status).toBe(429);
    expect(outboxMessages(server, email).length).toBe(before + 1);

    // The code sets a new password: the member can get back in with it.
    const reset = await server.call({
      method: 'PATCH',
      url: '/api/sys/user/forget/pwd',
      payload: { account: email, code, newPassword: 'a-new-password-42' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await login(server, 'retail', email, 'a-new-password-42')).status).toBe(200);

    // A disabled member is sent nothing.
    await skipResendWait(server, email);
    await call('owner', 'PATCH', `/api/admin/members/${id}`, { disabled: true });
    expect((await call('owner', 'POST', `/api/admin/members/${id}/resend-code`)).status).toBe(409);
    expect(outboxMessages(server, email).length).toBe(before + 1);
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const before = await counts();
    const long = 'x'.repeat(2000);
    const bad: [string, string, Record<string, unknown>?][] = [
      ['GET', `/api/admin/members?email=${long}`],
      ['GET', '/api/admin/members?email=a%00b'],
      ['GET', '/api/admin/members?phone=12a'],
      ['GET', '/api/admin/members?memberNo=12345678901234567890'],
      ['GET', '/api/admin/members?pageNum=0'],
      ['GET', '/api/admin/members?pageSize=100000000000000000000'],
      ['GET', '/api/admin/members?kind=admin'],
      ['GET', '/api/admin/members/12345678901234567890'],
      ['GET', '/api/admin/members/abc'],
      ['PATCH', `/api/admin/members/${someone.id}`, { disabled: 'yes' }],
      ['PATCH', `/api/admin/members/${someone.id}`, {}],
      ['PATCH', '/api/admin/members/12345678901234567890', { disabled: true }],
      ['POST', '/api/admin/members/-1/resend-code'],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call('owner', method as 'GET', url, payload);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      expect(res.body.code, url).not.toBe(200);
    }
    expect(await counts()).toEqual(before);
  });
});
