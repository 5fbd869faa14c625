import { randomInt } from 'node:crypto';
import { POINT_SOURCE } from '@mall/shared/codes';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { moveCardMoney, movePoints } from '../src/modules/wallet/ledger.ts';

/** What the wallet tests put in a member's wallet, as an operator would, and read back. */

export const memberIdOf = async (db: Db, account: string) =>
  (
    await rowsOf<{ id: number }>(
      db,
      sql`select id from member where lower(email) = lower(${account}) or phone = ${account}`,
    )
  )[0]!.id;

/**
 * A cash card of `cents` in the member's account, expiring `expiresInDays` days on (3 years by
 * default); sold before 16 March 2026, so a shorter life is lawful (docs/wallet.md).
 */
export const giveCard = async (db: Db, memberId: number, cents: number, expiresInDays = 3 * 366) => {
  const cardNo = `9${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
  const [{ id }] = (await rowsOf<{ id: number }>(
    db,
    sql`insert into cash_card (card_no, secret_hash, face_cents, sold_at, expires_at, member_id, added_at)
        values (${cardNo}, 'x', ${cents}, '2026-01-01T00:00:00Z', now() + make_interval(days => ${expiresInDays}), ${memberId}, now())
        returning id`,
  )) as [{ id: number }];
  await db.transaction((tx) =>
    moveCardMoney(tx, { cardId: id, memberId: null, amountCents: cents, reason: 'issued', orderId: null }),
  );
  return { id, last4: cardNo.slice(-4) };
};

export const givePoints = (db: Db, memberId: number, points: number) =>
  db.transaction((tx) =>
    movePoints(tx, { memberId, points, reason: POINT_SOURCE.adjustment, orderId: null }),
  );

export interface OfferRule {
  kind: 'percent' | 'amount';
  percentOff?: number;
  amountOffCents?: number;
  minSpendCents?: number;
  supplierId?: number;
  categoryId?: number;
  /** Days from now; default: started yesterday, ends in 30 days. */
  startsInDays?: number;
  endsInDays?: number;
}

/** A discount card the shop gives the member; its member discount id. */
export const giveDiscount = async (db: Db, memberId: number, rule: OfferRule, title = 'Test discount') => {
  const [offer] = await rowsOf<{ id: number }>(
    db,
    sql`insert into discount_offer (source, title, kind, percent_off, amount_off_cents, min_spend_cents,
          supplier_id, category_id, starts_at, ends_at)
        values ('card', ${title}, ${rule.kind}, ${rule.percentOff ?? null}, ${rule.amountOffCents ?? null},
          ${rule.minSpendCents ?? 0}, ${rule.supplierId ?? null}, ${rule.categoryId ?? null},
          now() + make_interval(days => ${rule.startsInDays ?? -1}), now() + make_interval(days => ${rule.endsInDays ?? 30}))
        returning id`,
  );
  const [md] = await rowsOf<{ id: number }>(
    db,
    sql`insert into member_discount (member_id, offer_id, source) values (${memberId}, ${offer!.id}, 'card') returning id`,
  );
  return md!.id;
};

/**
 * The member's wallet as its ledgers say: points, each card's balance (the last row's, and the
 * account's own, which must agree), discounts held by orders.
 */
export const walletOf = async (db: Db, memberId: number) => {
  const [points] = await rowsOf<{ balance: number; sum: number; account: number }>(
    db,
    sql`select coalesce((select balance_after from point_entry where member_id = ${memberId} order by seq desc limit 1), 0) as balance,
          coalesce((select sum(points) from point_entry where member_id = ${memberId}), 0)::int as sum,
          coalesce((select balance from points_account where member_id = ${memberId}), 0) as account`,
  );
  const cards = await rowsOf<{ id: number; balance: number; sum: number; account: number }>(
    db,
    sql`select c.id,
          coalesce((select balance_after_cents from cash_card_entry e where e.card_id = c.id order by seq desc limit 1), 0) as balance,
          coalesce((select sum(amount_cents) from cash_card_entry e where e.card_id = c.id), 0)::int as sum,
          c.balance_cents as account
        from cash_card c where c.member_id = ${memberId} order by c.id`,
  );
  expect(Number(points!.account)).toBe(Number(points!.balance));
  for (const c of cards) expect(Number(c.account)).toBe(Number(c.balance));
  const used = await rowsOf<{ id: number; order_id: number | null }>(
    db,
    sql`select id, order_id from member_discount where member_id = ${memberId} order by id`,
  );
  return {
    points: Number(points!.balance),
    pointsSum: Number(points!.sum),
    cards: cards.map((c) => ({ id: c.id, balance: Number(c.balance), sum: Number(c.sum) })),
    discounts: used.map((d) => ({ id: d.id, orderId: d.order_id })),
  };
};
