import type { CashCardFunds } from '@mall/shared/order-money';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RawRow } from '../../db/rows.ts';
import { conflict } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { cashCard, cashCardEntry, pointEntry } from './tables.ts';

/**
 * The wallet's ledgers (docs/wallet.md: a ledger, not counters): the only code that writes
 * `point_entry` and `cash_card_entry`. Each change locks its account (the member's points
 * account, or the card), reads the last row, and writes the next with the balance after it. A
 * change that would take a balance below zero is refused with a 409 and writes nothing; the
 * check constraints refuse it too, should a change ever get past this code.
 */

export type CardEntryReason = RawRow<typeof cashCardEntry>['reason'];

export const pointsBalance = async (db: Db, memberId: number): Promise<number> => {
  const [row] = await rowsOf<Pick<RawRow<typeof pointEntry>, 'balance_after'>>(
    db,
    sql`select balance_after from point_entry where member_id = ${memberId} order by seq desc limit 1`,
  );
  return row?.balance_after ?? 0;
};

/** Locks the member's points account (made on first use) until the transaction ends. */
export const lockPoints = async (tx: Tx, memberId: number) => {
  const locked = await tx.execute(
    sql`select 1 from points_account where member_id = ${memberId} for no key update`,
  );
  if (locked.rows.length > 0) return;
  await tx.execute(sql`insert into points_account (member_id) values (${memberId}) on conflict do nothing`);
  await tx.execute(sql`select 1 from points_account where member_id = ${memberId} for no key update`);
};

/**
 * Adds `points` (negative: takes them) to the member's balance, for `reason` (a POINT_SOURCE
 * code). Refused when the balance would go below zero. The next row is read and written in one
 * statement, begun after the lock is held, so it sees every change committed before.
 */
export const movePoints = async (
  tx: Tx,
  change: { memberId: number; points: number; reason: string; orderId: number | null },
): Promise<{ balanceAfter: number }> => {
  if (!Number.isSafeInteger(change.points) || change.points === 0)
    throw new RangeError('A points change is a whole number other than 0');
  await lockPoints(tx, change.memberId);
  const [row] = await rowsOf<Pick<RawRow<typeof pointEntry>, 'balance_after'>>(
    tx,
    sql`with last as (
          select coalesce(max(seq), 0) as seq,
            coalesce((select balance_after from point_entry where member_id = ${change.memberId}
              order by seq desc limit 1), 0) as balance
          from point_entry where member_id = ${change.memberId})
        insert into point_entry (member_id, seq, points, balance_after, reason, order_id)
        select ${change.memberId}, last.seq + 1, ${change.points}, last.balance + ${change.points},
          ${change.reason}, ${change.orderId}
        from last where last.balance + ${change.points} >= 0
        returning balance_after`,
  );
  if (!row) throw conflict({ field: 'points', message: 'You do not have that many points.' });
  return { balanceAfter: row.balance_after };
};

const cardBalanceSql = sql`coalesce((select e.balance_after_cents from cash_card_entry e
  where e.card_id = c.id order by e.seq desc limit 1), 0)`;

/**
 * The member's points balance and cards with their balances, in one round trip (checkout reads
 * them on every order that spends them).
 */
export const walletFunds = async (
  db: Db,
  memberId: number,
): Promise<{ points: number; cards: CashCardFunds[] }> => {
  const [row] = await rowsOf<{
    points: number | null;
    cards: { id: number; expires_at: string; balance_cents: number }[];
  }>(
    db,
    sql`select (select balance_after from point_entry where member_id = ${memberId}
          order by seq desc limit 1) as points,
        coalesce((select json_agg(json_build_object('id', c.id, 'expires_at', c.expires_at,
          'balance_cents', ${cardBalanceSql}))
          from cash_card c where c.member_id = ${memberId}), '[]'::json) as cards`,
  );
  return {
    points: row?.points ?? 0,
    cards: (row?.cards ?? []).map((c) => ({
      id: c.id,
      balanceCents: Number(c.balance_cents),
      expiresAt: new Date(c.expires_at).toISOString(),
    })),
  };
};

/**
 * Moves `amountCents` on a card (negative: spends it). `memberId`, when given, must hold the card
 * (a member spends only their own cards). Refused when the balance would go below zero.
 */
export const moveCardMoney = async (
  tx: Tx,
  change: {
    cardId: number;
    memberId: number | null;
    amountCents: number;
    reason: CardEntryReason;
    orderId: number | null;
  },
): Promise<{ balanceAfterCents: number }> => {
  if (!Number.isSafeInteger(change.amountCents) || change.amountCents === 0)
    throw new RangeError('A card change is a whole number of cents other than 0');
  const [card] = await rowsOf<Pick<RawRow<typeof cashCard>, 'member_id'>>(
    tx,
    sql`select member_id from cash_card where id = ${change.cardId} for no key update`,
  );
  if (!card || (change.memberId !== null && card.member_id !== change.memberId))
    throw conflict({ field: 'cardAmount', message: 'This cash card is not in your account.' });
  // Read and written in one statement, begun after the card is locked (as for points).
  const [row] = await rowsOf<Pick<RawRow<typeof cashCardEntry>, 'balance_after_cents'>>(
    tx,
    sql`with last as (
          select coalesce(max(seq), 0) as seq,
            coalesce((select balance_after_cents from cash_card_entry where card_id = ${change.cardId}
              order by seq desc limit 1), 0) as balance
          from cash_card_entry where card_id = ${change.cardId})
        insert into cash_card_entry (card_id, seq, amount_cents, balance_after_cents, reason, order_id)
        select ${change.cardId}, last.seq + 1, ${change.amountCents}, last.balance + ${change.amountCents},
          ${change.reason}, ${change.orderId}
        from last where last.balance + ${change.amountCents} >= 0
        returning balance_after_cents`,
  );
  if (!row)
    throw conflict({ field: 'cardAmount', message: 'Your cash cards do not hold that much any more.' });
  const balanceAfterCents = row.balance_after_cents;
  return { balanceAfterCents };
};

/**
 * Marks the member's discount used by `orderId`. False when it is not the member's, or another
 * order holds it (the update is conditional, so two orders can never both take it).
 */
export const useDiscount = async (
  tx: Tx,
  use: { memberDiscountId: number; memberId: number; orderId: number; discountCents: number },
): Promise<boolean> => {
  const taken = await rowsOf<{ id: number }>(
    tx,
    sql`with taken as (
          update member_discount set order_id = ${use.orderId}
          where id = ${use.memberDiscountId} and member_id = ${use.memberId} and order_id is null
          returning id)
        insert into discount_entry (member_discount_id, order_id, change, discount_cents)
        select id, ${use.orderId}, 'use', ${use.discountCents} from taken
        returning member_discount_id as id`,
  );
  return taken.length > 0;
};

/** Makes the discount `orderId` used usable again (its order closed or was refunded). */
export const releaseDiscount = async (tx: Tx, orderId: number): Promise<void> => {
  await tx.execute(
    sql`with freed as (
          update member_discount set order_id = null where order_id = ${orderId} returning id)
        insert into discount_entry (member_discount_id, order_id, change, discount_cents)
        select f.id, ${orderId}, 'release', coalesce((select d.discount_cents from discount_entry d
          where d.member_discount_id = f.id and d.order_id = ${orderId} and d.change = 'use'
          order by d.id desc limit 1), 0)
        from freed f`,
  );
};
