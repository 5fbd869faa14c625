import type { CashCard, CashCardAdd, cashCardPageSchema } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { aliased, columns, type RowOf } from '../../db/columns.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { rowsOf } from '../../lib/sql.ts';
import { orderNoOf } from '../order/index.ts';
import type { CardGuard } from './card-guard.ts';
import { cashCard, cashCardEntry } from './tables.ts';

/** The member's cash cards (docs/wallet.md: cash cards): adding a sold card, and listing them. */

/** One answer for an unknown number and a wrong secret, so numbers cannot be probed. */
export const CARD_NOT_RIGHT = 'The card number or the secret is not right.';

const iso = (d: Date | string) => new Date(d).toISOString();

const c = aliased(cashCard, 'c');
const cardColumns = columns({
  id: c.id,
  card_no: c.cardNo,
  face_cents: c.faceCents,
  sold_at: c.soldAt,
  expires_at: c.expiresAt,
  added_at: c.addedAt,
  balance_cents: c.balanceCents,
  expired: sql<boolean>`c.expires_at <= now()`,
});

const e = aliased(cashCardEntry, 'e');
const movementColumns = columns({
  card_id: e.cardId,
  amount_cents: e.amountCents,
  balance_after_cents: e.balanceAfterCents,
  reason: e.reason,
  order_id: e.orderId,
  at: e.at,
  order_no: sql<string | null>`${orderNoOf(sql`e.order_id`)}`,
});

const cardsWithMovements = async (db: Db, rows: RowOf<typeof cardColumns>[]): Promise<CashCard[]> => {
  const ids = rows.map((r) => r.id);
  const movements =
    ids.length === 0
      ? []
      : await rowsOf(
          db,
          movementColumns.query`select ${movementColumns}
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
  const found = columns({ id: cashCard.id, secret_hash: cashCard.secretHash, member_id: cashCard.memberId });
  const [row] = await rowsOf(db, found.query`select ${found} from cash_card where card_no = ${card.cardNo}`);
  const secretOk = row
    ? await verifyPassword(row.secret_hash, card.secret)
    : await verifyAgainstNothing(card.secret);
  if (!row || !secretOk) {
    await attempt.failed();
    throw badRequest(CARD_NOT_RIGHT);
  }
  await attempt.succeeded();
  if (row.member_id === who.memberId) throw conflict('This card is already in your account.');
  const takenId = columns({ id: cashCard.id });
  const taken = await rowsOf(
    db,
    takenId.query`update cash_card set member_id = ${who.memberId}, added_at = now()
        where id = ${row.id} and member_id is null returning ${takenId}`,
  );
  if (taken.length === 0) throw conflict('This card is already in another account.');
  const [added] = await rowsOf(
    db,
    cardColumns.query`select ${cardColumns} from cash_card c where c.id = ${row.id}`,
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
    rowsOf(
      db,
      cardColumns.query`select ${cardColumns} from cash_card c where c.member_id = ${memberId}
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

const totalColumns = columns({
  n: sql<number>`count(*)::int`,
  usable_cents: sql<number>`coalesce(sum(c.balance_cents) filter (where c.expires_at > now()), 0)::int`,
});

const cardTotals = (db: Db, memberId: number) =>
  rowsOf(
    db,
    totalColumns.query`select ${totalColumns}
        from cash_card c where c.member_id = ${memberId}`,
  );

/** The money on the member's cards that have not expired, in cents. */
export const usableCardCents = async (db: Db, memberId: number): Promise<number> =>
  (await cardTotals(db, memberId))[0]?.usable_cents ?? 0;
