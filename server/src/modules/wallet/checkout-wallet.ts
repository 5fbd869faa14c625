import { POINT_SOURCE } from '@mall/shared/codes';
import type { Discount, DiscountState } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import type { PromoRule } from '@mall/shared/order-money';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { listCategoriesByIds } from '../catalogue/service.ts';
import type { OrderWallet } from '../order/order-wallet.ts';
import { listSuppliers } from '../reference/service.ts';
import {
  cardFunds,
  lockPoints,
  moveCardMoney,
  movePoints,
  pointsBalance,
  releaseDiscount,
  useDiscount,
} from './ledger.ts';

/**
 * What checkout, cancels and refunds need of the wallet (docs/wallet.md: the rules of the
 * wallet), on the ledger: a member's discount as a rule with its state, their funds, spending
 * them on an order and giving them back. Locks are always taken in one order (the discount,
 * the points account, then the cards by id) so two changes of one member never wait on each other.
 */

type DiscountRow = {
  id: number;
  source: 'card' | 'coupon';
  title: string;
  code: string | null;
  kind: 'percent' | 'amount';
  percent_off: number | null;
  amount_off_cents: number | null;
  min_spend_cents: number;
  supplier_id: number | null;
  category_id: number | null;
  starts_at: string;
  ends_at: string;
  order_id: number | null;
  received_at: string;
};

const discountRows = (db: Db, where: ReturnType<typeof sql>) =>
  rowsOf<DiscountRow>(
    db,
    sql`select md.id, o.source, o.title, o.code, o.kind, o.percent_off, o.amount_off_cents, o.min_spend_cents,
          o.supplier_id, o.category_id,
          to_json(o.starts_at)#>>'{}' as starts_at, to_json(o.ends_at)#>>'{}' as ends_at,
          md.order_id, to_json(md.received_at)#>>'{}' as received_at
        from member_discount md join discount_offer o on o.id = md.offer_id
        where ${where}
        order by md.received_at desc, md.id desc`,
  );

/** A discount is usable when no order holds it and `now` is within its window. */
const stateOf = (r: DiscountRow, now: Date): DiscountState => {
  if (r.order_id !== null) return 'used';
  if (now.getTime() < Date.parse(r.starts_at)) return 'notYet';
  if (now.getTime() >= Date.parse(r.ends_at)) return 'expired';
  return 'usable';
};

const ruleOf = (r: DiscountRow): PromoRule => ({
  kind: r.kind,
  percentOff: r.percent_off,
  amountOffCents: r.amount_off_cents,
  minSpendCents: r.min_spend_cents,
  supplierId: r.supplier_id,
  categoryId: r.category_id,
});

const iso = (v: string) => new Date(v).toISOString();

/** A usable discount as the checkout's choice shows it, with its scope's names. */
const discountOf = (
  r: DiscountRow,
  now: Date,
  names: { suppliers: Map<number, string>; categories: Map<number, string> },
): Discount => ({
  id: r.id,
  source: r.source,
  title: r.title,
  code: r.code,
  rule: {
    kind: r.kind,
    percentOff: r.percent_off,
    amountOff: r.amount_off_cents === null ? null : fromCents(r.amount_off_cents),
    minSpend: fromCents(r.min_spend_cents),
    supplier:
      r.supplier_id === null ? null : { id: r.supplier_id, name: names.suppliers.get(r.supplier_id) ?? '' },
    category:
      r.category_id === null ? null : { id: r.category_id, name: names.categories.get(r.category_id) ?? '' },
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
  },
  state: stateOf(r, now),
  // Only usable discounts are listed here: none is on an order.
  usedOn: null,
  receivedAt: iso(r.received_at),
});

/** The cards an order spent on, with how much from each and the card's last four digits, by card id. */
export const orderCardSpends = (db: Db, orderId: number) =>
  rowsOf<{ cardId: number; cents: number; cardNoLast4: string }>(
    db,
    sql`select e.card_id as "cardId", (-sum(e.amount_cents))::int as cents, right(c.card_no, 4) as "cardNoLast4"
        from cash_card_entry e join cash_card c on c.id = e.card_id
        where e.order_id = ${orderId} and e.reason = 'spent'
        group by e.card_id, c.card_no order by min(e.id)`,
  );

/** The points credited to the member for what `orderId` earned (0 until it completes). */
export const earnedCredited = async (db: Db, orderId: number): Promise<number> => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(points), 0)::int as n from point_entry
        where order_id = ${orderId} and reason = ${POINT_SOURCE.purchase}`,
  );
  return row?.n ?? 0;
};

/** The member's points balance, their points account locked until the transaction ends. */
export const lockedPointsBalance = async (tx: Tx, memberId: number): Promise<number> => {
  await lockPoints(tx, memberId);
  return pointsBalance(tx, memberId);
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

export { movePoints, releaseDiscount };

export const checkoutWallet: OrderWallet = {
  discountOf: async (db, memberId, id, now) => {
    const [row] = await discountRows(db, sql`md.id = ${id} and md.member_id = ${memberId}`);
    return row ? { rule: ruleOf(row), state: stateOf(row, now), title: row.title } : null;
  },

  usableDiscounts: async (db, memberId, now) => {
    const rows = await discountRows(
      db,
      sql`md.member_id = ${memberId} and md.order_id is null
        and o.starts_at <= ${now.toISOString()} and o.ends_at > ${now.toISOString()}`,
    );
    const categoryIds = [...new Set(rows.flatMap((r) => (r.category_id === null ? [] : [r.category_id])))];
    const names = {
      suppliers: new Map((await listSuppliers(db)).map((x) => [x.id, x.name])),
      categories: new Map((await listCategoriesByIds(db, categoryIds)).map((c) => [c.id, c.name])),
    };
    return rows.map((r) => discountOf(r, now, names));
  },

  fundsOf: async (db, memberId) => ({
    points: await pointsBalance(db, memberId),
    cards: await cardFunds(db, memberId),
  }),

  spend: async (tx, use) => {
    if (use.discount) {
      const taken = await useDiscount(tx, {
        memberDiscountId: use.discount.id,
        memberId: use.memberId,
        orderId: use.orderId,
        discountCents: use.discount.cents,
      });
      if (!taken)
        throw conflict({
          field: 'discountId',
          message: 'This discount has just been used on another order.',
        });
    }
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
    const [spentPoints] = await rowsOf<{ n: number }>(
      tx,
      sql`select coalesce(-sum(points), 0)::int as n from point_entry
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
