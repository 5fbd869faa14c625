import {
  CASH_CARD_MAX_FAILURES_PER_ADDRESS,
  CASH_CARD_MAX_FAILURES_PER_MEMBER,
  type CashCard,
  cashCardPageSchema,
  cashCardSchema,
  WALLET_CALLS,
} from '@mall/shared/contract/wallet';
import { envelopeOf } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { CARD_NOT_RIGHT } from '../src/modules/wallet/cash-cards.ts';
import { type IssuedCard, issueCashCards } from '../src/modules/wallet/issue.ts';
import { moveCardMoney } from '../src/modules/wallet/ledger.ts';
import { randomIp } from './account-helpers.ts';
import { fieldErrorsOf, startTestServer, type TestServer, testDbKind } from './harness.ts';
import { dropRedisKeys, REDIS_URL, redisReachable, testRedisKeyPrefix } from './redis.ts';
import { getData, newMember, walletSnapshot } from './wallet-helpers.ts';

const ADD = `/api${WALLET_CALLS.cashCardAdd}`;
const LIST = `/api${WALLET_CALLS.cashCards}`;

let server: TestServer;
beforeAll(async () => {
  // One "second" of the per-card slowdown lasts 1 ms here (its growth is tested in card-guard.test.ts).
  server = await startTestServer({ env: { CASH_CARD_SLOWDOWN_UNIT_MS: '1' } });
});
afterAll(() => server?.close());

const add = (headers: Record<string, string>, payload: unknown, ip = randomIp()) =>
  server.call<CashCard>({ method: 'POST', url: ADD, headers, payload: payload as object, remoteAddress: ip });

/** A random unknown card number (issued numbers start with 6). */
const unknownNo = () => `5${String(Math.floor(Math.random() * 1e15)).padStart(15, '0')}`;

describe(`cash cards (${testDbKind})`, () => {
  let cards: IssuedCard[];
  beforeAll(async () => {
    cards = await issueCashCards(server.database.db, { face: 50, count: 6 });
  });

  it('issues cards with an issued ledger row, at least 3 years from the sale', async () => {
    const rows = await rowsOf<{ card_no: string; ok: boolean; amount_cents: number; reason: string }>(
      server.database.db,
      sql`select c.card_no, c.expires_at >= c.sold_at + interval '3 years' as ok, e.amount_cents, e.reason
          from cash_card c join cash_card_entry e on e.card_id = c.id
          where c.card_no = any(${`{${cards.map((c) => c.cardNo).join(',')}}`}::text[])`,
    );
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r).toMatchObject({ ok: true, amount_cents: 5000, reason: 'issued' });
    for (const c of cards) {
      expect(c.cardNo).toMatch(/^[0-9]{16}$/);
      expect(c.secret).toMatch(/^[0-9]{6}$/);
    }
  });

  it('adds a card with its secret, shows the last 4 digits only, and lists it with its balance and movements', async () => {
    const m = await newMember(server);
    const card = cards[0]!;
    const res = await add(m.headers, { cardNo: card.cardNo, secret: card.secret });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const added = envelopeOf(cashCardSchema).parse(res.body).data;
    expect(added).toMatchObject({
      cardNoLast4: card.cardNo.slice(-4),
      faceValue: 50,
      balance: 50,
      expired: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(card.cardNo);
    const page = await getData(server, LIST, m.headers, cashCardPageSchema);
    expect(page.total).toBe(1);
    expect(page.balance).toBe(50);
    expect(page.records[0]!.movements).toEqual([
      { amount: 50, balanceAfter: 50, reason: 'issued', order: null, at: expect.any(String) },
    ]);
    expect(JSON.stringify(page)).not.toContain(card.cardNo);
  });

  it('answers an unknown number and a wrong secret alike, and changes nothing', async () => {
    const m = await newMember(server);
    const before = await walletSnapshot(server);
    const wrongSecret = await add(m.headers, {
      cardNo: cards[1]!.cardNo,
      secret: cards[1]!.secret === '000000' ? '000001' : '000000',
    });
    const unknown = await add(m.headers, { cardNo: unknownNo(), secret: '123456' });
    for (const res of [wrongSecret, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 400,
        message: CARD_NOT_RIGHT,
        data: null,
        reason: 'request.invalid',
      });
    }
    expect(await walletSnapshot(server)).toEqual(before);
  });

  it("refuses a card already in this or another member's account", async () => {
    const [a, b] = [await newMember(server), await newMember(server)];
    const card = cards[2]!;
    expect((await add(a.headers, { cardNo: card.cardNo, secret: card.secret })).status).toBe(200);
    const again = await add(a.headers, { cardNo: card.cardNo, secret: card.secret });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This card is already in your account.');
    const other = await add(b.headers, { cardNo: card.cardNo, secret: card.secret });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This card is already in another account.');
    expect((await getData(server, LIST, b.headers, cashCardPageSchema)).total).toBe(0);
  });

  it('refuses bad input with a 400 envelope naming the field, changing nothing', async () => {
    const m = await newMember(server);
    const card = cards[3]!;
    const before = await walletSnapshot(server);
    const bodies: [unknown, string][] = [
      [{ cardNo: '1234', secret: card.secret }, 'cardNo'],
      [{ cardNo: '12345678901234567890', secret: card.secret }, 'cardNo'],
      [{ cardNo: `${card.cardNo.slice(0, 15)}x`, secret: card.secret }, 'cardNo'],
      [{ cardNo: -1234567890123456, secret: card.secret }, 'cardNo'],
      [{ cardNo: Number(card.cardNo), secret: card.secret }, 'cardNo'],
      [{ cardNo: `${card.cardNo}\u0000`, secret: card.secret }, 'cardNo'],
      [{ cardNo: 'x'.repeat(100_000), secret: card.secret }, 'cardNo'],
      [{ cardNo: card.cardNo, secret: '12345' }, 'secret'],
      [{ cardNo: card.cardNo, secret: ['123456'] }, 'secret'],
      [{ cardNo: card.cardNo }, 'secret'],
    ];
    for (const [body, field] of bodies) {
      const res = await add(m.headers, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldErrorsOf(res.body).map((e) => e.field)).toContain(field);
    }
    expect(await walletSnapshot(server)).toEqual(before);
    expect(
      (await server.call({ method: 'POST', url: ADD, payload: { cardNo: card.cardNo, secret: card.secret } }))
        .status,
    ).toBe(401);
    expect((await server.call(LIST)).status).toBe(401);
  });

  it('limits wrong tries per member: then 429 with Retry-After, even with the right secret', async () => {
    const m = await newMember(server);
    for (let i = 0; i < CASH_CARD_MAX_FAILURES_PER_MEMBER; i++)
      expect((await add(m.headers, { cardNo: unknownNo(), secret: '111111' })).status).toBe(400);
    const card = cards[4]!;
    const limited = await add(m.headers, { cardNo: card.cardNo, secret: card.secret });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 429, data: null });
    expect(limited.body.message).toBe(
      'Too many wrong card numbers or secrets. Please try again in 15 minutes.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(880);
    // Another member may still add it.
    const other = await newMember(server);
    expect((await add(other.headers, { cardNo: card.cardNo, secret: card.secret })).status).toBe(200);
  });

  it('counts a burst of parallel wrong tries before checking them, so none passes the limit', async () => {
    const m = await newMember(server);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => add(m.headers, { cardNo: unknownNo(), secret: '222222' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(CASH_CARD_MAX_FAILURES_PER_MEMBER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - CASH_CARD_MAX_FAILURES_PER_MEMBER);
  });

  it('limits wrong tries per client address across members', async () => {
    const ip = randomIp();
    let tries = 0;
    while (tries < CASH_CARD_MAX_FAILURES_PER_ADDRESS) {
      const m = await newMember(server);
      for (let i = 0; i < 4 && tries < CASH_CARD_MAX_FAILURES_PER_ADDRESS; i++, tries++)
        expect((await add(m.headers, { cardNo: unknownNo(), secret: '333333' }, ip)).status).toBe(400);
    }
    const fresh = await newMember(server);
    const limited = await add(fresh.headers, { cardNo: unknownNo(), secret: '333333' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await add(fresh.headers, { cardNo: unknownNo(), secret: '333333' }, randomIp())).status).toBe(
      400,
    );
  });

  it('never locks the real holder out of a card others guessed at: only slows it down', async () => {
    const card = cards[5]!;
    const wrong = card.secret === '999999' ? '999998' : '999999';
    for (let i = 0; i < 8; i++) {
      const guesser = await newMember(server);
      expect((await add(guesser.headers, { cardNo: card.cardNo, secret: wrong })).status).toBe(400);
    }
    const holder = await newMember(server);
    const res = await add(holder.headers, { cardNo: card.cardNo, secret: card.secret });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('serves every wallet call of the contract, each in the OpenAPI document, and only to members', async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    const paths = [
      WALLET_CALLS.cashCardAdd,
      WALLET_CALLS.cashCards,
      WALLET_CALLS.pointRecords,
      WALLET_CALLS.discountCards,
      WALLET_CALLS.discountCardsAlias,
      WALLET_CALLS.coupons,
      WALLET_CALLS.couponClaim,
    ];
    for (const path of paths) {
      expect(doc.paths[`/api${path}`], path).toBeDefined();
      const post = path === WALLET_CALLS.cashCardAdd || path === WALLET_CALLS.couponClaim;
      const res = await server.call({
        method: post ? 'POST' : 'GET',
        url: `/api${path}`,
        ...(post
          ? {
              payload:
                path === WALLET_CALLS.couponClaim
                  ? { code: 'KAURI10' }
                  : { cardNo: '6000000000000000', secret: '123456' },
            }
          : {}),
      });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 401, message: 'Please log in first.' });
    }
  });

  it('pages the cards, keeps each card to its member, and totals only cards not expired', async () => {
    const m = await newMember(server);
    const mine = await issueCashCards(server.database.db, { face: 10.5, count: 3 });
    for (const c of mine)
      expect((await add(m.headers, { cardNo: c.cardNo, secret: c.secret })).status).toBe(200);
    // One of them has expired (a card sold before 16 March 2026 could have a shorter life).
    await server.database.db.execute(
      sql`update cash_card set sold_at = '2025-01-01', expires_at = '2025-12-31' where card_no = ${mine[0]!.cardNo}`,
    );
    await server.database.db.transaction((tx) =>
      moveCardMoney(tx, {
        cardId: mine[1]!.id,
        memberId: m.id,
        amountCents: -255,
        reason: 'adjustment',
        orderId: null,
      }),
    );
    const first = await getData(server, `${LIST}?pageNum=1&pageSize=2`, m.headers, cashCardPageSchema);
    const second = await getData(server, `${LIST}?pageNum=2&pageSize=2`, m.headers, cashCardPageSchema);
    expect(first.total).toBe(3);
    expect(first.records).toHaveLength(2);
    expect(second.records).toHaveLength(1);
    expect(first.balance).toBe(18.45); // 10.50 + 10.50 - 2.55; the expired card's 10.50 is not usable
    const all = [...first.records, ...second.records];
    expect(new Set(all.map((c) => c.id))).toEqual(new Set(mine.map((c) => c.id)));
    expect(all.find((c) => c.id === mine[0]!.id)).toMatchObject({ expired: true, balance: 10.5 });
    expect(all.find((c) => c.id === mine[1]!.id)?.movements.map((x) => [x.amount, x.balanceAfter])).toEqual([
      [-2.55, 7.95],
      [10.5, 10.5],
    ]);
    for (const q of [
      'pageSize=0',
      'pageSize=101',
      'pageNum=-1',
      'pageNum=abc',
      'pageNum=12345678901234567890',
    ]) {
      const res = await server.call({ url: `${LIST}?${q}`, headers: m.headers });
      expect(res.status, q).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe(`cash card limits shared through Redis (${testDbKind})`, () => {
  // Its own key prefix: the suite runs on both databases at once, whose members have the same ids.
  const REDIS_KEY_PREFIX = testRedisKeyPrefix('wallet-cards');
  afterAll(() => dropRedisKeys(REDIS_KEY_PREFIX));

  it.skipIf(!redisReachable)('counts a member’s wrong tries across two server processes', async () => {
    const a = await startTestServer({
      env: { REDIS_URL, REDIS_KEY_PREFIX, CASH_CARD_SLOWDOWN_UNIT_MS: '1' },
    });
    const b = await buildApp({ config: a.config, database: a.database, logger: false });
    try {
      await b.ready();
      const m = await newMember(a);
      const tryOn = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: ADD,
          headers: m.headers,
          payload: { cardNo: unknownNo(), secret: '444444' },
          remoteAddress: randomIp(),
        });
      for (const app of [a.app, b, a.app, b, a.app]) expect((await tryOn(app)).statusCode).toBe(400);
      for (const app of [b, a.app]) {
        const res = await tryOn(app);
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(880);
      }
    } finally {
      await b.close();
      await a.close();
    }
  });
});
