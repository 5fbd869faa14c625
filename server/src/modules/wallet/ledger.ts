import type { CashCardFunds } from '@mall/shared/order-money';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columns, type RawRow, type RowOf } from '../../db/columns.ts';
import { conflict } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { cashCard, type cashCardEntry, discountEntry, pointsAccount } from './tables.ts';

/**
 * The wallet's ledgers (docs/wallet.md: a ledger and its account): the only code that writes
 * `point_entry` and `cash_card_entry` and the balances on their accounts. One statement moves
 * the account by a conditional update and writes the next row with the balance the update
 * answered: the update takes the account's row lock and, if it had to wait, checks the
 * condition again on the newest balance, so under any interleaving rows follow each other one
 * at a time. A change that would take a balance below zero is refused with a 409 and writes
 * nothing; check constraints refuse it too, should a change ever get past this code.
 */

export type CardEntryReason = RawRow<typeof cashCardEntry>['reason'];

/** An entry's balance after it, `<column> as balance_after`: what `appendEntry` answers for either ledger. */
const balanceAfterOf = (column: string) => columns({ balance_after: sql<number>`${sql.raw(column)}` });

/**
 * The two balance ledgers: the account table, its key, its balance and last number, and the
 * entry table with its balance after the entry (`answer`, as the statement returns it).
 */
const LEDGERS = {
  points: {
    account: sql.raw('points_account'),
    key: sql.raw('member_id'),
    balance: sql.raw('balance'),
    seq: sql.raw('seq'),
    table: sql.raw('point_entry'),
    entryKey: sql.raw('member_id'),
    amount: sql.raw('points'),
    balanceAfter: sql.raw('balance_after'),
    answer: balanceAfterOf('balance_after'),
  },
  card: {
    account: sql.raw('cash_card'),
    key: sql.raw('id'),
    balance: sql.raw('balance_cents'),
    seq: sql.raw('entry_seq'),
    table: sql.raw('cash_card_entry'),
    entryKey: sql.raw('card_id'),
    amount: sql.raw('amount_cents'),
    balanceAfter: sql.raw('balance_after_cents'),
    answer: balanceAfterOf('balance_after_cents'),
  },
} as const;
type Ledger = (typeof LEDGERS)[keyof typeof LEDGERS];

/**
 * Moves an account by `amount` and writes the ledger row for it, in one statement; answers the
 * balance after, or null when the account is not there, is not `holder`'s, or would go below
 * zero (nothing is written then).
 */
const appendEntry = async (
  tx: Tx,
  l: Ledger,
  entry: { accountId: number; amount: number; reason: string; orderId: number | null; holder?: SQL },
): Promise<number | null> => {
  const [row] = await rowsOf(
    tx,
    l.answer.query`with moved as (
          update ${l.account} set ${l.balance} = ${l.balance} + ${entry.amount}, ${l.seq} = ${l.seq} + 1
          where ${l.key} = ${entry.accountId} and ${l.balance} + ${entry.amount} >= 0 ${entry.holder ?? sql``}
          returning ${l.seq} as seq, ${l.balance} as balance)
        insert into ${l.table} (${l.entryKey}, seq, ${l.amount}, ${l.balanceAfter}, reason, order_id)
        select ${entry.accountId}, moved.seq, ${entry.amount}, moved.balance, ${entry.reason}, ${entry.orderId}
        from moved
        returning ${l.answer}`,
  );
  return row ? row.balance_after : null;
};

const balanceColumn = columns({ balance: pointsAccount.balance });

export const pointsBalance = async (db: Db, memberId: number): Promise<number> => {
  const [row] = await rowsOf(
    db,
    balanceColumn.query`select ${balanceColumn} from points_account where member_id = ${memberId}`,
  );
  return row?.balance ?? 0;
};

/** The member's points balance, their points account (made on first use) locked until the transaction ends. */
export const lockedPointsBalance = async (tx: Tx, memberId: number): Promise<number> => {
  const lock = balanceColumn.query`select ${balanceColumn} from points_account where member_id = ${memberId} for no key update`;
  const [row] = await rowsOf(tx, lock);
  if (row) return row.balance;
  await tx.execute(sql`insert into points_account (member_id) values (${memberId}) on conflict do nothing`);
  const [made] = await rowsOf(tx, lock);
  return made?.balance ?? 0;
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
  const entry = {
    accountId: change.memberId,
    amount: change.points,
    reason: change.reason,
    orderId: change.orderId,
  };
  let balanceAfter = await appendEntry(tx, LEDGERS.points, entry);
  if (balanceAfter === null && change.points > 0) {
    // The member's first points: their account is made, then moved.
    await tx.execute(
      sql`insert into points_account (member_id) values (${change.memberId}) on conflict do nothing`,
    );
    balanceAfter = await appendEntry(tx, LEDGERS.points, entry);
  }
  if (balanceAfter === null)
    throw conflict({ field: 'points', message: 'You do not have that many points.' });
  return { balanceAfter };
};

/** The member's points balance and cards with their balances. */
export interface WalletFunds {
  points: number;
  cards: CashCardFunds[];
}

/**
 * The columns `points` and `cards` of the member's funds, for a statement that may read more
 * beside them (checkout-wallet.ts); `fundsOf` reads them back.
 */
export const fundsColumnsSql = (memberId: number) =>
  columns({
    points: sql<number | null>`(select balance from points_account where member_id = ${memberId})`,
    cards: sql<
      { id: number; expires_at: string; balance_cents: number }[]
    >`coalesce((select json_agg(json_build_object('id', c.id, 'expires_at', c.expires_at,
        'balance_cents', c.balance_cents))
        from cash_card c where c.member_id = ${memberId}), '[]'::json)`,
  });

export const fundsOf = (row: RowOf<ReturnType<typeof fundsColumnsSql>> | undefined): WalletFunds => ({
  points: row?.points ?? 0,
  cards: (row?.cards ?? []).map((c) => ({
    id: c.id,
    balanceCents: Number(c.balance_cents),
    expiresAt: new Date(c.expires_at).toISOString(),
  })),
});

/** The member's points balance and cards with their balances, in one round trip. */
export const walletFunds = async (db: Db, memberId: number): Promise<WalletFunds> => {
  const funds = fundsColumnsSql(memberId);
  const [row] = await rowsOf(db, funds.query`select ${funds}`);
  return fundsOf(row);
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
  const balanceAfterCents = await appendEntry(tx, LEDGERS.card, {
    accountId: change.cardId,
    amount: change.amountCents,
    reason: change.reason,
    orderId: change.orderId,
    holder: change.memberId === null ? undefined : sql`and member_id = ${change.memberId}`,
  });
  if (balanceAfterCents !== null) return { balanceAfterCents };
  // Refused: say whether the card is not theirs or does not hold that much.
  const holder = columns({ member_id: cashCard.memberId });
  const [card] = await rowsOf(tx, holder.query`select ${holder} from cash_card where id = ${change.cardId}`);
  if (!card || (change.memberId !== null && card.member_id !== change.memberId))
    throw conflict({ field: 'cardAmount', message: 'This cash card is not in your account.' });
  throw conflict({ field: 'cardAmount', message: 'Your cash cards do not hold that much any more.' });
};

/**
 * The common table expressions (`discount_used`, then `discount_use_entry`) that mark the
 * member's discount used by an order: empty when it is not the member's or another order holds
 * it (the update is conditional, so two orders can never both take it). `orderId` is SQL, so the
 * statement that writes the order can take its discount too.
 */
export const discountUseCtes = (use: {
  memberDiscountId: number;
  memberId: number;
  orderId: SQL;
  discountCents: number;
}): SQL =>
  sql`discount_used as (
        update member_discount set order_id = ${use.orderId}
        where id = ${use.memberDiscountId} and member_id = ${use.memberId} and order_id is null
        returning id),
      discount_use_entry as (
        insert into discount_entry (member_discount_id, order_id, change, discount_cents)
        select id, ${use.orderId}, 'use', ${use.discountCents} from discount_used
        returning member_discount_id)`;

/** Marks the member's discount used by `orderId`; false when it is not theirs or another order holds it. */
export const useDiscount = async (
  tx: Tx,
  use: { memberDiscountId: number; memberId: number; orderId: number; discountCents: number },
): Promise<boolean> => {
  const taken = columns({ id: discountEntry.memberDiscountId });
  const rows = await rowsOf(
    tx,
    taken.query`with ${discountUseCtes({ ...use, orderId: sql`${use.orderId}` })}
        select ${taken} from discount_use_entry`,
  );
  return rows.length > 0;
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
