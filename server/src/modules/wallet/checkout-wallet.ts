import { POINT_SOURCE } from '@mall/shared/codes';
import type { Discount, DiscountState } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import type { PromoRule } from '@mall/shared/order-money';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { OrderWallet } from '../order/order-wallet.ts';
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
  supplier_name: string | null;
  category_id: number | null;
  category_name: string | null;
  starts_at: string;
  ends_at: string;
  order_id: number | null;
  order_no: string | null;
  received_at: string;
};

const discountRows = (db: Db, where: ReturnType<typeof sql>) =>
  rowsOf<DiscountRow>(
    db,
    sql`select md.id, o.source, o.title, o.code, o.kind, o.percent_off, o.amount_off_cents, o.min_spend_cents,
          o.supplier_id, s.name as supplier_name, o.category_id, c.name as category_name,
          to_json(o.starts_at)#>>'{}' as starts_at, to_json(o.ends_at)#>>'{}' as ends_at,
          md.order_id, so.order_no, to_json(md.received_at)#>>'{}' as received_at
        from member_discount md join discount_offer o on o.id = md.offer_id
          left join supplier s on s.id = o.supplier_id left join category c on c.id = o.category_id
          left join sale_order so on so.id = md.order_id
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

const discountOf = (r: DiscountRow, now: Date): Discount => ({
  id: r.id,
  source: r.source,
  title: r.title,
  code: r.code,
  rule: {
    kind: r.kind,
    percentOff: r.percent_off,
    amountOff: r.amount_off_cents === null ? null : fromCents(r.amount_off_cents),
    minSpend: fromCents(r.min_spend_cents),
    supplier: r.supplier_id === null ? null : { id: r.supplier_id, name: r.supplier_name ?? '' },
    category: r.category_id === null ? null : { id: r.category_id, name: r.category_name ?? '' },
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
  },
  state: stateOf(r, now),
  usedOn: r.order_id === null ? null : { orderId: r.order_id, orderNo: r.order_no ?? '' },
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

/** Card money back to the cards it came from, locked by card id. */
export const cardsBack = async (
  tx: Tx,
  orderId: number,
  back: readonly { cardId: number; cents: number }[],
) => {
  for (const b of [...back].sort((x, y) => x.cardId - y.cardId)) {
    if (b.cents > 0)
      await moveCardMoney(tx, {
        cardId: b.cardId,
        memberId: null,
        amountCents: b.cents,
        reason: 'refund',
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
    return rows.map((r) => discountOf(r, now));
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
    await cardsBack(tx, order.orderId, cards);
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
