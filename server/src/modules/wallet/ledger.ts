import type { CashCardFunds } from '@mall/shared/order-money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RawRow } from '../../db/rows.ts';
import { conflict } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { cashCard, cashCardEntry } from './tables.ts';

/**
 * The wallet's ledgers (docs/wallet.md: a ledger, not counters): the only code that writes
 * `point_entry` and `cash_card_entry`. Each change locks its account (the member's points
 * account, or the card), reads the last row, and writes the next with the balance after it. A
 * change that would take a balance below zero is refused with a 409 and writes nothing; the
 * check constraints refuse it too, should a change ever get past this code.
 */

export type CardEntryReason = RawRow<typeof cashCardEntry>['reason'];

/** The two balance ledgers: the table, the account it belongs to, the change and the balance after. */
const LEDGERS = {
  points: {
    table: sql.raw('point_entry'),
    account: sql.raw('member_id'),
    amount: sql.raw('points'),
    balance: sql.raw('balance_after'),
  },
  card: {
    table: sql.raw('cash_card_entry'),
    account: sql.raw('card_id'),
    amount: sql.raw('amount_cents'),
    balance: sql.raw('balance_after_cents'),
  },
} as const;
type Ledger = (typeof LEDGERS)[keyof typeof LEDGERS];

/** An account's balance: its last row's balance after (null when it has no row), as SQL. */
const lastBalanceSql = (l: Ledger, accountId: SQL | number): SQL =>
  sql`(select ${l.balance} from ${l.table} where ${l.account} = ${accountId} order by seq desc limit 1)`;

/**
 * Writes the next row of an account's ledger and answers the balance after it, or null when it
 * would go below zero (nothing is written then). The caller holds the account's lock: read and
 * written in one statement begun after the lock is held, the row sees every change committed
 * before it.
 */
const appendEntry = async (
  tx: Tx,
  l: Ledger,
  entry: { accountId: number; amount: number; reason: string; orderId: number | null },
): Promise<number | null> => {
  const [row] = await rowsOf<{ balance_after: number }>(
    tx,
    sql`with last as (
          select coalesce(max(seq), 0) as seq, coalesce(${lastBalanceSql(l, entry.accountId)}, 0) as balance
          from ${l.table} where ${l.account} = ${entry.accountId})
        insert into ${l.table} (${l.account}, seq, ${l.amount}, ${l.balance}, reason, order_id)
        select ${entry.accountId}, last.seq + 1, ${entry.amount}, last.balance + ${entry.amount},
          ${entry.reason}, ${entry.orderId}
        from last where last.balance + ${entry.amount} >= 0
        returning ${l.balance} as balance_after`,
  );
  return row ? row.balance_after : null;
};

export const pointsBalance = async (db: Db, memberId: number): Promise<number> => {
  const [row] = await rowsOf<{ balance: number | null }>(
    db,
    sql`select ${lastBalanceSql(LEDGERS.points, memberId)} as balance`,
  );
  return row?.balance ?? 0;
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
 * code). Refused when the balance would go below zero.
 */
export const movePoints = async (
  tx: Tx,
  change: { memberId: number; points: number; reason: string; orderId: number | null },
): Promise<{ balanceAfter: number }> => {
  if (!Number.isSafeInteger(change.points) || change.points === 0)
    throw new RangeError('A points change is a whole number other than 0');
  await lockPoints(tx, change.memberId);
  const balanceAfter = await appendEntry(tx, LEDGERS.points, {
    accountId: change.memberId,
    amount: change.points,
    reason: change.reason,
    orderId: change.orderId,
  });
  if (balanceAfter === null)
    throw conflict({ field: 'points', message: 'You do not have that many points.' });
  return { balanceAfter };
};

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
    sql`select ${lastBalanceSql(LEDGERS.points, memberId)} as points,
        coalesce((select json_agg(json_build_object('id', c.id, 'expires_at', c.expires_at,
          'balance_cents', coalesce(${lastBalanceSql(LEDGERS.card, sql`c.id`)}, 0)))
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
  const balanceAfterCents = await appendEntry(tx, LEDGERS.card, {
    accountId: change.cardId,
    amount: change.amountCents,
    reason: change.reason,
    orderId: change.orderId,
  });
  if (balanceAfterCents === null)
    throw conflict({ field: 'cardAmount', message: 'Your cash cards do not hold that much any more.' });
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
