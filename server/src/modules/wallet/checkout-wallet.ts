import { POINT_SOURCE } from '@mall/shared/codes';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { aliased, columns } from '../../db/columns.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { OrderWallet } from '../order/index.ts';
import { discountRuleOf, discountRuleSql, usableDiscounts } from './discounts.ts';
import {
  discountUseCtes,
  fundsColumnsSql,
  fundsOf,
  moveCardMoney,
  movePoints,
  releaseDiscount,
} from './ledger.ts';
import { cashCardEntry } from './tables.ts';

/**
 * What checkout, cancels and refunds need of the wallet (docs/wallet.md: the rules of the
 * wallet), on the ledger: a member's discount as a rule with its state, their funds, spending
 * them on an order and giving them back. Locks are always taken in one order (the discount,
 * the points account, then the cards by id) so two changes of one member never wait on each other.
 */

const spendColumns = columns({
  cardId: aliased(cashCardEntry, 'e').cardId,
  cents: sql<number>`(-sum(e.amount_cents))::int`,
  cardNoLast4: sql<string>`right(c.card_no, 4)`,
});

/** The cards an order spent on, with how much from each and the card's last four digits, by card id. */
export const orderCardSpends = (db: Db, orderId: number) =>
  rowsOf(
    db,
    spendColumns.query`select ${spendColumns}
        from cash_card_entry e join cash_card c on c.id = e.card_id
        where e.order_id = ${orderId} and e.reason = 'spent'
        group by e.card_id, c.card_no order by min(e.id)`,
  );

/** The points credited to the member for what `orderId` earned (0 until it completes). */
export const earnedCredited = async (db: Db, orderId: number): Promise<number> => {
  const earned = columns({ n: sql<number>`coalesce(sum(points), 0)::int` });
  const [row] = await rowsOf(
    db,
    earned.query`select ${earned} from point_entry
        where order_id = ${orderId} and reason = ${POINT_SOURCE.purchase}`,
  );
  return row?.n ?? 0;
};

/**
 * Card money back to the cards it came from, locked by card id: `cancelled` when an order that
 * was never paid closes, `refund` when a paid one is refunded.
 */
export const cardsBack = async (
  tx: Tx,
  orderId: number,
  back: readonly { cardId: number; cents: number }[],
  reason: 'cancelled' | 'refund',
) => {
  for (const b of [...back].sort((x, y) => x.cardId - y.cardId)) {
    if (b.cents > 0)
      await moveCardMoney(tx, {
        cardId: b.cardId,
        memberId: null,
        amountCents: b.cents,
        reason,
        orderId,
      });
  }
};

const NO_FUNDS = { points: 0, cards: [] };

export const checkoutWallet: OrderWallet = {
  // A discount's state is worked out by the database's clock, in one place (discounts.ts).
  checkoutInputsSql: (memberId, want) =>
    sql`${want.discountId === undefined ? sql`null::json` : discountRuleSql(memberId, want.discountId)} as discount
        ${want.funds ? sql`, ${fundsColumnsSql(memberId)}` : sql``}`,

  checkoutInputsOf: (row, want) => {
    const r = row as { discount: Parameters<typeof discountRuleOf>[0] } & Partial<
      Parameters<typeof fundsOf>[0] & object
    >;
    return {
      discount: discountRuleOf(r.discount ?? null),
      funds: want.funds ? fundsOf({ points: r.points ?? null, cards: r.cards ?? [] }) : NO_FUNDS,
    };
  },

  usableDiscounts: (db, memberId) => usableDiscounts(db, memberId),

  discountUse: (use) => discountUseCtes(use),

  spend: async (tx, use) => {
    if (use.points > 0) {
      await movePoints(tx, {
        memberId: use.memberId,
        points: -use.points,
        reason: POINT_SOURCE.redeemed,
        orderId: use.orderId,
      });
    }
    for (const s of [...use.cardSpends].sort((a, b) => a.cardId - b.cardId)) {
      if (s.cents > 0) {
        await moveCardMoney(tx, {
          cardId: s.cardId,
          memberId: use.memberId,
          amountCents: -s.cents,
          reason: 'spent',
          orderId: use.orderId,
        });
      }
    }
  },

  giveBack: async (tx, order) => {
    await releaseDiscount(tx, order.orderId);
    const spent = columns({ n: sql<number>`coalesce(-sum(points), 0)::int` });
    const [spentPoints] = await rowsOf(
      tx,
      spent.query`select ${spent} from point_entry
          where order_id = ${order.orderId} and reason = ${POINT_SOURCE.redeemed}`,
    );
    const points = spentPoints?.n ?? 0;
    if (points > 0) {
      await movePoints(tx, {
        memberId: order.memberId,
        points,
        reason: POINT_SOURCE.refund,
        orderId: order.orderId,
      });
    }
    const cards = await orderCardSpends(tx, order.orderId);
    await cardsBack(tx, order.orderId, cards, 'cancelled');
    return { cards: cards.filter((c) => c.cents > 0), points };
  },

  creditEarned: async (tx, order) => {
    if (order.points <= 0 || (await earnedCredited(tx, order.orderId)) > 0) return;
    await movePoints(tx, {
      memberId: order.memberId,
      points: order.points,
      reason: POINT_SOURCE.purchase,
      orderId: order.orderId,
    });
  },
};
