import { randomBytes } from 'node:crypto';
import { WALLET_CALLS } from '@mall/shared/contract/wallet';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/lib/passwords.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { type MatrixCall, roleMatrixTests, signInEveryone, type Who } from './admin-matrix.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { newMember } from './wallet-helpers.ts';

/** The back office's wallet (docs/back-office-wallet.md). */

interface Issued {
  id: number;
  cardNo: string;
  secret: string;
  faceValue: number;
  expiresAt: string;
}

let server: TestServer;
let everyone: Awaited<ReturnType<typeof signInEveryone>>;
/** A member the calls that name one give to. */
let someone: { email: string };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  everyone = await signInEveryone(server);
  someone = await newMember(server);
});
afterAll(() => server.close());

const as = (who: Who) => everyone.headersOf(who);
const post = <T>(who: Who, url: string, payload: unknown) =>
  server.call<T>({ method: 'POST', url, headers: as(who), payload: payload as Record<string, unknown> });

/** Every wallet table's rows, and the audit log's, counted. */
const counts = async () => {
  const [row] = await rowsOf<{
    cards: number;
    card_entries: number;
    point_entries: number;
    points: number;
    offers: number;
    member_discounts: number;
    audit: number;
  }>(
    server.database.db,
    sql`select (select count(*)::int from cash_card) as cards,
               (select count(*)::int from cash_card_entry) as card_entries,
               (select count(*)::int from point_entry) as point_entries,
               (select coalesce(sum(balance), 0)::int from points_account) as points,
               (select count(*)::int from discount_offer) as offers,
               (select count(*)::int from member_discount) as member_discounts,
               (select count(*)::int from audit_log) as audit`,
  );
  return row!;
};

const code = () => `T${randomBytes(4).toString('hex').toUpperCase()}`;

const readSheet = async (body: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Cash cards')!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v))));
  return rows;
};

describe(`back office: wallet (${testDbKind})`, () => {
  const calls: MatrixCall[] = [
    {
      name: 'POST /api/admin/wallet/cash-cards',
      allowed: ['owner'],
      request: () => ({
        method: 'POST',
        url: '/api/admin/wallet/cash-cards',
        payload: { face: 10, count: 1 },
      }),
      okStatus: 200,
    },
    {
      name: 'POST /api/admin/wallet/cash-cards/sheet',
      allowed: ['owner'],
      // The answer is a spreadsheet (its contents tested below).
      request: () => ({
        method: 'POST',
        url: '/api/admin/wallet/cash-cards/sheet',
        payload: { face: 10, count: 1 },
      }),
      okStatus: 200,
    },
    {
      name: 'POST /api/admin/wallet/coupons',
      allowed: ['owner', 'support'],
      request: () => ({
        method: 'POST',
        url: '/api/admin/wallet/coupons',
        payload: { code: code(), amount: 5, days: 30, limit: 10 },
      }),
      okStatus: 200,
    },
    {
      name: 'POST /api/admin/wallet/discount-cards',
      allowed: ['owner', 'support'],
      request: () => ({
        method: 'POST',
        url: '/api/admin/wallet/discount-cards',
        payload: { member: someone.email, percent: 10, days: 30 },
      }),
      okStatus: 200,
    },
    {
      name: 'POST /api/admin/wallet/points',
      allowed: ['owner', 'support'],
      request: () => ({
        method: 'POST',
        url: '/api/admin/wallet/points',
        payload: { member: someone.email, points: 5, reason: 'Matrix test' },
      }),
      okStatus: 200,
    },
  ];
  roleMatrixTests(calls, () => ({ server, headersOf: everyone.headersOf }), counts);

  it('issues one cash card: its number and secret once, only a hash kept, a ledger and an audit row; a member adds it', async () => {
    const res = await post<Issued[]>('owner', '/api/admin/wallet/cash-cards', { face: 25.5, count: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [card] = res.body.data;
    expect(card).toMatchObject({
      cardNo: expect.stringMatching(/^\d{16}$/),
      secret: expect.stringMatching(/^\d{6}$/),
      faceValue: 25.5,
    });

    const [stored] = await rowsOf<{ secret_hash: string; face_cents: number; balance_cents: number }>(
      server.database.db,
      sql`select secret_hash, face_cents, balance_cents from cash_card where card_no = ${card!.cardNo}`,
    );
    expect(stored!.secret_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored!.secret_hash, card!.secret)).toBe(true);
    expect([stored!.face_cents, Number(stored!.balance_cents)]).toEqual([2550, 2550]);
    const entries = await rowsOf<{ amount_cents: number; reason: string }>(
      server.database.db,
      sql`select amount_cents, reason from cash_card_entry where card_id = ${card!.id}`,
    );
    expect(entries).toEqual([{ amount_cents: 2550, reason: 'issued' }]);
    const [audit] = await rowsOf<{ action: string; after: { cardNos: string[] } & Record<string, unknown> }>(
      server.database.db,
      sql`select action, after from audit_log where subject = ${`cash card ${card!.cardNo}`}`,
    );
    expect(audit!.action).toBe('cash-card.issue');
    expect(audit!.after.cardNos).toEqual([card!.cardNo]);
    expect(JSON.stringify(audit!.after)).not.toContain('secret');

    const member = await newMember(server);
    const added = await server.call<{ balance: number }>({
      method: 'POST',
      url: `/api${WALLET_CALLS.cashCardAdd}`,
      headers: member.headers,
      payload: { cardNo: card!.cardNo, secret: card!.secret },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.balance).toBe(25.5);
  });

  it('issues a batch as a spreadsheet holding each secret; nothing answers the secrets again', async () => {
    const before = await counts();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/admin/wallet/cash-cards/sheet',
      headers: as('owner'),
      payload: { face: 50, count: 5, years: 4 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cash-cards-\d+\.xlsx"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual(['Card number', 'Secret', 'Face value', 'Expires (UTC)']);
    const cards = rows.slice(1);
    expect(cards).toHaveLength(5);
    for (const [cardNo, secret, face] of cards) {
      expect(cardNo).toMatch(/^\d{16}$/);
      expect(face).toBe('50');
      const [stored] = await rowsOf<{ secret_hash: string; years: number }>(
        server.database.db,
        sql`select secret_hash, extract(year from age(expires_at, sold_at))::int as years from cash_card where card_no = ${cardNo!}`,
      );
      expect(await verifyPassword(stored!.secret_hash, secret!)).toBe(true);
      expect(stored!.years).toBe(4);
    }
    const after = await counts();
    expect(after.cards - before.cards).toBe(5);
    expect(after.card_entries - before.card_entries).toBe(5);
    expect(after.audit - before.audit).toBe(1);
    // The audit log (the only place the batch is recorded) has the numbers and no secret.
    const [audit] = await rowsOf<{ after: { count: number; cardNos: string[] } }>(
      server.database.db,
      sql`select after from audit_log where action = 'cash-card.issue' order by id desc limit 1`,
    );
    expect(audit!.after.count).toBe(5);
    expect(audit!.after.cardNos.sort()).toEqual(cards.map((c) => c[0]).sort());
    expect(Object.keys(audit!.after)).not.toContain('secrets');
    const auditPage = await server.call({ url: '/api/admin/audit?pageSize=100', headers: as('owner') });
    for (const [, secret] of cards) expect(JSON.stringify(auditPage.body)).not.toContain(`"${secret}"`);
  });

  it('creates a coupon members claim, and gives a member a discount card, each audited', async () => {
    const c = code();
    const coupon = await post<{ code: string; title: string }>('support', '/api/admin/wallet/coupons', {
      code: c.toLowerCase(),
      percent: 15,
      min: 40,
      days: 14,
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    expect(coupon.body.data).toEqual({
      id: expect.any(Number),
      code: c,
      title: '15% off orders of $40.00 or more',
    });
    const member = await newMember(server);
    const claimed = await server.call({
      method: 'POST',
      url: `/api${WALLET_CALLS.couponClaim}`,
      headers: member.headers,
      payload: { code: c },
    });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    // The same code twice is refused.
    expect((await post('owner', '/api/admin/wallet/coupons', { code: c, amount: 1, days: 1 })).status).toBe(
      400,
    );

    const card = await post<{ title: string }>('owner', '/api/admin/wallet/discount-cards', {
      member: member.email,
      amount: 7.5,
      days: 30,
      title: 'Sorry for the wait',
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const mine = await server.call<{ records: { title: string }[] }>({
      url: `/api${WALLET_CALLS.discountCardsAlias}`,
      headers: member.headers,
    });
    expect(mine.body.data.records.map((r) => r.title)).toContain('Sorry for the wait');
    const actions = await rowsOf<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject in (${`coupon ${c}`}, ${`member ${member.email}`}) order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['coupon.create', 'discount-card.give']);
    expect(
      (
        await post('owner', '/api/admin/wallet/discount-cards', {
          member: 'nobody@example.co.nz',
          amount: 1,
          days: 1,
        })
      ).status,
    ).toBe(404);
  });

  it('adjusts points up and down with a reason, never below zero', async () => {
    const member = await newMember(server);
    const adjust = (points: number, reason = 'Goodwill for a late parcel') =>
      post<{ balanceBefore: number; balanceAfter: number }>('support', '/api/admin/wallet/points', {
        member: member.email,
        points,
        reason,
      });
    expect((await adjust(50)).body.data).toMatchObject({ balanceBefore: 0, balanceAfter: 50 });
    expect((await adjust(-20, 'Points given twice by mistake')).body.data).toMatchObject({
      balanceAfter: 30,
    });

    const before = await counts();
    const tooMany = await adjust(-31);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toContain('has 30 points');
    expect(await counts()).toEqual(before);

    const ledger = await rowsOf<{ points: number; balance_after: number; reason: string }>(
      server.database.db,
      sql`select points, balance_after, reason from point_entry where member_id = ${member.id} order by seq`,
    );
    expect(ledger).toEqual([
      { points: 50, balance_after: 50, reason: '5' },
      { points: -20, balance_after: 30, reason: '5' },
    ]);
    const audit = await rowsOf<{ after: { reason: string; change: number } }>(
      server.database.db,
      sql`select after from audit_log where action = 'points.adjust' and subject = ${`member ${member.id}`} order by id`,
    );
    expect(audit.map((a) => [a.after.change, a.after.reason])).toEqual([
      [50, 'Goodwill for a late parcel'],
      [-20, 'Points given twice by mistake'],
    ]);
  });

  it('two adjustments at once never take the balance below zero', async () => {
    const member = await newMember(server);
    await post('owner', '/api/admin/wallet/points', { member: member.email, points: 30, reason: 'Start' });
    const take = () =>
      post('support', '/api/admin/wallet/points', {
        member: member.email,
        points: -20,
        reason: 'Taken back',
      });
    const results = await Promise.all([take(), take()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await rowsOf<{ balance: number; entries: number; last: number }>(
      server.database.db,
      sql`select a.balance, (select count(*)::int from point_entry e where e.member_id = a.member_id) as entries,
                 (select balance_after from point_entry e where e.member_id = a.member_id order by seq desc limit 1) as last
          from points_account a where a.member_id = ${member.id}`,
    );
    expect(row).toEqual({ balance: 10, entries: 2, last: 10 });
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const before = await counts();
    const long = 'x'.repeat(2000);
    const bad: [string, unknown][] = [
      ['/api/admin/wallet/cash-cards', { face: 10, count: 0 }],
      ['/api/admin/wallet/cash-cards', { face: 10, count: 1001 }],
      ['/api/admin/wallet/cash-cards', { face: 1e20, count: 1 }],
      ['/api/admin/wallet/cash-cards', { face: 1e19, count: 1 }],
      ['/api/admin/wallet/cash-cards', { face: 10.001, count: 1 }],
      ['/api/admin/wallet/cash-cards', { face: -5, count: 1 }],
      ['/api/admin/wallet/cash-cards', { face: '10', count: 1 }],
      ['/api/admin/wallet/cash-cards', { face: 10, count: 1, years: 2 }],
      ['/api/admin/wallet/cash-cards/sheet', { face: 10, count: 'ten' }],
      ['/api/admin/wallet/cash-cards', [1, 2]],
      ['/api/admin/wallet/coupons', { code: 'A B', amount: 1, days: 1 }],
      ['/api/admin/wallet/coupons', { code: long, amount: 1, days: 1 }],
      ['/api/admin/wallet/coupons', { code: 'NUL\u0000', amount: 1, days: 1 }],
      ['/api/admin/wallet/coupons', { code: code(), percent: 10, amount: 1, days: 1 }],
      ['/api/admin/wallet/coupons', { code: code(), amount: 1, days: 1, title: long }],
      ['/api/admin/wallet/coupons', { code: code(), amount: 1, days: 1, supplier: 'NO-SUCH-SUPPLIER' }],
      ['/api/admin/wallet/discount-cards', { member: long, amount: 1, days: 1 }],
      ['/api/admin/wallet/discount-cards', { member: someone.email, amount: 1, days: 1e19 }],
      ['/api/admin/wallet/points', { member: someone.email, points: 0, reason: 'Nothing' }],
      ['/api/admin/wallet/points', { member: someone.email, points: 1e19, reason: 'Huge' }],
      ['/api/admin/wallet/points', { member: someone.email, points: 1.5, reason: 'Half' }],
      ['/api/admin/wallet/points', { member: someone.email, points: 5, reason: long }],
      ['/api/admin/wallet/points', { member: someone.email, points: 5, reason: 'a\u0000b' }],
      ['/api/admin/wallet/points', { member: someone.email, points: 5 }],
      ['/api/admin/wallet/points', { member: 'nobody@example.co.nz', points: 5, reason: 'Nobody' }],
    ];
    for (const [url, payload] of bad) {
      const res = await post('owner', url, payload);
      expect(
        res.status,
        `${url} ${JSON.stringify(payload).slice(0, 80)}: ${JSON.stringify(res.body)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
    }
    expect(await counts()).toEqual(before);
  });
});
