import type { CashCard, CashCardAdd, cashCardPageSchema } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { RawRow } from '../../db/columns.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { rowsOf } from '../../lib/sql.ts';
import { orderNoOf } from '../order/index.ts';
import type { CardGuard } from './card-guard.ts';
import type { cashCard, cashCardEntry } from './tables.ts';

/** The member's cash cards (docs/wallet.md: cash cards): adding a sold card, and listing them. */

/** One answer for an unknown number and a wrong secret, so numbers cannot be probed. */
export const CARD_NOT_RIGHT = 'The card number or the secret is not right.';

type CardRow = Pick<
  RawRow<typeof cashCard>,
  'id' | 'card_no' | 'face_cents' | 'sold_at' | 'expires_at' | 'added_at' | 'balance_cents'
> & { expired: boolean };

type MovementRow = Pick<
  RawRow<typeof cashCardEntry>,
  'card_id' | 'amount_cents' | 'balance_after_cents' | 'reason' | 'order_id' | 'at'
> & { order_no: string | null };

const iso = (d: Date | string) => new Date(d).toISOString();

const cardColumns = sql`c.id, c.card_no, c.face_cents, c.sold_at, c.expires_at, c.added_at,
  c.balance_cents, c.expires_at <= now() as expired`;

const cardsWithMovements = async (db: Db, rows: CardRow[]): Promise<CashCard[]> => {
  const ids = rows.map((r) => r.id);
  const movements =
    ids.length === 0
      ? []
      : await rowsOf<MovementRow>(
          db,
          sql`select e.card_id, e.amount_cents, e.balance_after_cents, e.reason, e.order_id, e.at, ${orderNoOf(sql`e.order_id`)} as order_no
              from cash_card_entry e
              where e.card_id = any(${`{${ids.join(',')}}`}::int[])
              order by e.card_id, e.seq desc`,
        );
  return rows.map((r) => ({
    id: r.id,
    cardNoLast4: r.card_no.slice(-4),
    faceValue: fromCents(r.face_cents),
    balance: fromCents(Number(r.balance_cents)),
    expiresAt: iso(r.expires_at),
    soldAt: iso(r.sold_at),
    addedAt: iso(r.added_at!),
    expired: r.expired,
    movements: movements
      .filter((m) => m.card_id === r.id)
      .map((m) => ({
        amount: fromCents(m.amount_cents),
        balanceAfter: fromCents(m.balance_after_cents),
        reason: m.reason,
        order: m.order_id === null ? null : { id: m.order_id, orderNo: m.order_no ?? '' },
        at: iso(m.at),
      })),
  }));
};

/**
 * Adds the sold card `cardNo` to the member's account when `secret` is its secret. An unknown
 * number and a wrong secret answer alike (and take as long); a card already in an account is
 * refused only to someone who knows its secret.
 */
export const addCashCard = async (
  db: Db,
  guard: CardGuard,
  who: { memberId: number; ip: string },
  card: CashCardAdd,
): Promise<CashCard> => {
  const attempt = await guard.begin(who.memberId, who.ip, card.cardNo);
  const [row] = await rowsOf<Pick<RawRow<typeof cashCard>, 'id' | 'secret_hash' | 'member_id'>>(
    db,
    sql`select id, secret_hash, member_id from cash_card where card_no = ${card.cardNo}`,
  );
  const secretOk = row
    ? await verifyPassword(row.secret_hash, card.secret)
    : await verifyAgainstNothing(card.secret);
  if (!row || !secretOk) {
    await attempt.failed();
    throw badRequest(CARD_NOT_RIGHT);
  }
  await attempt.succeeded();
  if (row.member_id === who.memberId) throw conflict('This card is already in your account.');
  const taken = await rowsOf<{ id: number }>(
    db,
    sql`update cash_card set member_id = ${who.memberId}, added_at = now()
        where id = ${row.id} and member_id is null returning id`,
  );
  if (taken.length === 0) throw conflict('This card is already in another account.');
  const [added] = await rowsOf<CardRow>(
    db,
    sql`select ${cardColumns} from cash_card c where c.id = ${row.id}`,
  );
  const [view] = await cardsWithMovements(db, [added!]);
  return view!;
};

export type CashCardPage = z.infer<typeof cashCardPageSchema>;

/** The member's cards, newest added first, each with its movements, and the balance usable now. */
export const listCashCards = async (
  db: Db,
  memberId: number,
  page: { pageNum: number; pageSize: number },
): Promise<CashCardPage> => {
  const [rows, [totals]] = await Promise.all([
    rowsOf<CardRow>(
      db,
      sql`select ${cardColumns} from cash_card c where c.member_id = ${memberId}
          order by c.added_at desc, c.id desc
          limit ${page.pageSize} offset ${(page.pageNum - 1) * page.pageSize}`,
    ),
    cardTotals(db, memberId),
  ]);
  return {
    records: await cardsWithMovements(db, rows),
    total: totals?.n ?? 0,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    balance: fromCents(totals?.usable_cents ?? 0),
  };
};

const cardTotals = (db: Db, memberId: number) =>
  rowsOf<{ n: number; usable_cents: number }>(
    db,
    sql`select count(*)::int as n,
          coalesce(sum(c.balance_cents) filter (where c.expires_at > now()), 0)::int as usable_cents
        from cash_card c where c.member_id = ${memberId}`,
  );

/** The money on the member's cards that have not expired, in cents. */
export const usableCardCents = async (db: Db, memberId: number): Promise<number> =>
  (await cardTotals(db, memberId))[0]?.usable_cents ?? 0;
