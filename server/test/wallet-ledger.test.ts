import { POINT_SOURCE } from '@mall/shared/codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { moveCardMoney, movePoints, pointsBalance, walletFunds } from '../src/modules/wallet/ledger.ts';
import { registerMember } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

/**
 * The wallet's ledgers (docs/wallet.md: a ledger and its account): every change is a row, the
 * account's balance is the last row's, and no interleaving of changes takes a balance below zero.
 */
describe('wallet ledgers', () => {
  let server: TestServer;
  let memberId: number;
  let cardId: number;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    const m = await registerMember(server, 'retail');
    [{ id: memberId }] = (await rowsOf<{ id: number }>(
      db(),
      sql`select id from member where lower(email) = lower(${m.member.userAccount})`,
    )) as [{ id: number }];
    [{ id: cardId }] = (await rowsOf<{ id: number }>(
      db(),
      sql`insert into cash_card (card_no, secret_hash, face_cents, sold_at, expires_at, member_id, added_at)
          values ('4000000000000001', 'x', 5000, now(), now() + interval '3 years', ${memberId}, now()) returning id`,
    )) as [{ id: number }];
    await db().transaction((tx) =>
      moveCardMoney(tx, { cardId, memberId: null, amountCents: 5000, reason: 'issued', orderId: null }),
    );
  });
  afterAll(() => server?.close());

  it('keeps points as rows, the balance being the last row', async () => {
    expect(await pointsBalance(db(), memberId)).toBe(0);
    await db().transaction((tx) =>
      movePoints(tx, { memberId, points: 120, reason: POINT_SOURCE.adjustment, orderId: null }),
    );
    await db().transaction((tx) =>
      movePoints(tx, { memberId, points: -20, reason: POINT_SOURCE.redeemed, orderId: null }),
    );
    expect(await pointsBalance(db(), memberId)).toBe(100);
    const rows = await rowsOf<{ seq: number; points: number; balance_after: number }>(
      db(),
      sql`select seq, points, balance_after from point_entry where member_id = ${memberId} order by seq`,
    );
    expect(rows).toEqual([
      { seq: 1, points: 120, balance_after: 120 },
      { seq: 2, points: -20, balance_after: 100 },
    ]);
  });

  it('refuses taking more points than the balance, writing nothing', async () => {
    const before = await pointsBalance(db(), memberId);
    await expect(
      db().transaction((tx) =>
        movePoints(tx, { memberId, points: -(before + 1), reason: POINT_SOURCE.redeemed, orderId: null }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await pointsBalance(db(), memberId)).toBe(before);
  });

  it('keeps a card balance as rows and refuses spending past it', async () => {
    await db().transaction((tx) =>
      moveCardMoney(tx, { cardId, memberId, amountCents: -1250, reason: 'spent', orderId: null }),
    );
    expect((await walletFunds(db(), memberId)).cards.find((c) => c.id === cardId)?.balanceCents).toBe(3750);
    await expect(
      db().transaction((tx) =>
        moveCardMoney(tx, { cardId, memberId, amountCents: -3751, reason: 'spent', orderId: null }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    expect((await walletFunds(db(), memberId)).cards.find((c) => c.id === cardId)?.balanceCents).toBe(3750);
  });

  it("refuses spending another member's card", async () => {
    await expect(
      db().transaction((tx) =>
        moveCardMoney(tx, {
          cardId,
          memberId: memberId + 1000,
          amountCents: -1,
          reason: 'spent',
          orderId: null,
        }),
      ),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('the check constraint refuses a negative balance even past this code', async () => {
    await expect(
      db().execute(
        sql`insert into cash_card_entry (card_id, seq, amount_cents, balance_after_cents, reason) values (${cardId}, 999, -1, -1, 'spent')`,
      ),
    ).rejects.toThrow();
  });

  it("keeps each account's balance equal to its last row's", async () => {
    const [row] = await rowsOf<{ account: number; last: number; seq: number; rows: number }>(
      db(),
      sql`select c.balance_cents as account, c.entry_seq as seq,
            (select balance_after_cents from cash_card_entry where card_id = c.id order by seq desc limit 1) as last,
            (select count(*)::int from cash_card_entry where card_id = c.id) as rows
          from cash_card c where c.id = ${cardId}`,
    );
    expect(row!.account).toBe(row!.last);
    expect(row!.seq).toBe(row!.rows);
  });

  it.skipIf(testDbKind !== 'postgres')(
    "a member's first points from many changes at once all count",
    async () => {
      const m = await registerMember(server, 'retail');
      const [{ id }] = (await rowsOf<{ id: number }>(
        db(),
        sql`select id from member where lower(email) = lower(${m.member.userAccount})`,
      )) as [{ id: number }];
      await Promise.all(
        Array.from({ length: 20 }, () =>
          db().transaction((tx) =>
            movePoints(tx, { memberId: id, points: 5, reason: POINT_SOURCE.adjustment, orderId: null }),
          ),
        ),
      );
      expect(await pointsBalance(db(), id)).toBe(100);
      const rows = await rowsOf<{ seq: number; balance_after: number }>(
        db(),
        sql`select seq, balance_after from point_entry where member_id = ${id} order by seq`,
      );
      expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(rows.map((r) => r.balance_after)).toEqual(Array.from({ length: 20 }, (_, i) => 5 * (i + 1)));
    },
  );

  it.skipIf(testDbKind !== 'postgres')('many spends at once never spend the same money twice', async () => {
    const balance = async () =>
      (await walletFunds(db(), memberId)).cards.find((c) => c.id === cardId)!.balanceCents;
    const start = await balance(); // 3750
    const spends = Array.from({ length: 40 }, () =>
      db()
        .transaction((tx) =>
          moveCardMoney(tx, { cardId, memberId, amountCents: -100, reason: 'spent', orderId: null }),
        )
        .then(
          () => 'ok',
          (e: { status?: number }) => e.status,
        ),
    );
    const results = await Promise.all(spends);
    expect(results.filter((r) => r === 'ok')).toHaveLength(37);
    expect(results.filter((r) => r === 409)).toHaveLength(3);
    expect(await balance()).toBe(start - 3700);
    const [sum] = await rowsOf<{ total: string }>(
      db(),
      sql`select sum(amount_cents)::text as total from cash_card_entry where card_id = ${cardId}`,
    );
    expect(Number(sum!.total)).toBe(await balance());
  });
});
