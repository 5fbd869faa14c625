import type { Discount, DiscountState, discountPageSchema } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import type { PromoRule } from '@mall/shared/order-money';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { aliased, columns, counted, type RowOf } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf, uniqueViolation } from '../../lib/sql.ts';
import { categoryNameOf } from '../catalogue/index.ts';
import { orderNoOf } from '../order/index.ts';
import { supplierNameOf } from '../reference/index.ts';
import { discountOffer, memberDiscount } from './tables.ts';

/**
 * The member's discount cards and coupons (docs/wallet.md: discount cards and coupons): listing
 * them with their state, and claiming a coupon by its code.
 */

export type DiscountSource = 'card' | 'coupon';
export type DiscountPage = z.infer<typeof discountPageSchema>;

/** The state of a member's discount now: used while an order holds it, else by its dates. */
const stateSql = sql`case
  when d.order_id is not null then 'used'
  when f.ends_at <= now() then 'expired'
  when f.starts_at > now() then 'notYet'
  else 'usable' end`;

/** Usable ones first, then those to come, then used, then expired. */
const stateRankSql = sql`case ${stateSql} when 'usable' then 0 when 'notYet' then 1 when 'used' then 2 else 3 end`;

const discountFrom = sql`member_discount d
  join discount_offer f on f.id = d.offer_id`;

const d = aliased(memberDiscount, 'd');
const f = aliased(discountOffer, 'f');
const discountColumns = columns({
  id: d.id,
  source: d.source,
  order_id: d.orderId,
  received_at: d.receivedAt,
  title: f.title,
  code: f.code,
  kind: f.kind,
  percent_off: f.percentOff,
  amount_off_cents: f.amountOffCents,
  min_spend_cents: f.minSpendCents,
  supplier_id: f.supplierId,
  category_id: f.categoryId,
  starts_at: f.startsAt,
  ends_at: f.endsAt,
  state: sql<DiscountState>`${stateSql}`,
  order_no: sql<string | null>`${orderNoOf(sql`d.order_id`)}`,
  supplier_name: sql<string | null>`${supplierNameOf(sql`f.supplier_id`)}`,
  category_name: sql<string | null>`${categoryNameOf(sql`f.category_id`)}`,
});
type DiscountRead = RowOf<typeof discountColumns>;

const iso = (d: Date | string) => new Date(d).toISOString();

/** The day in New Zealand, as YYYY-MM-DD. */
const nzDay = (d: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', dateStyle: 'short' }).format(new Date(d));

const discountOf = (r: DiscountRead): Discount => ({
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
  state: r.state,
  usedOn: r.order_id === null ? null : { orderId: r.order_id, orderNo: r.order_no ?? '' },
  receivedAt: iso(r.received_at),
});

/** The member's discount cards or claimed coupons, usable first, optionally of one state. */
export const listDiscounts = async (
  db: Db,
  memberId: number,
  source: DiscountSource,
  query: { pageNum: number; pageSize: number; state?: DiscountState | undefined },
): Promise<DiscountPage> => {
  const where: SQL = sql`d.member_id = ${memberId} and d.source = ${source}
    ${query.state === undefined ? sql`` : sql`and ${stateSql} = ${query.state}`}`;
  const [rows, [count]] = await Promise.all([
    rowsOf(
      db,
      discountColumns.query`select ${discountColumns} from ${discountFrom} where ${where}
          order by ${stateRankSql}, d.received_at desc, d.id desc
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
    ),
    rowsOf(db, counted.query`select ${counted} from ${discountFrom} where ${where}`),
  ]);
  return {
    records: rows.map(discountOf),
    total: count?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
};

/** A member's discount as checkout applies it: its rule for the order of money, its state now, its title. */
export interface DiscountRuleNow {
  rule: PromoRule;
  state: DiscountState;
  title: string;
}

/**
 * The member's discount `id` as checkout applies it, as one JSON value (null when it is not
 * theirs), for a statement that reads more beside it (checkout-wallet.ts). Only what the order
 * of money needs: no names, no order number.
 */
export const discountRuleSql = (memberId: number, id: number): SQL =>
  sql`(select json_build_object('kind', f.kind, 'percentOff', f.percent_off, 'amountOffCents', f.amount_off_cents,
        'minSpendCents', f.min_spend_cents, 'supplierId', f.supplier_id, 'categoryId', f.category_id,
        'title', f.title, 'state', ${stateSql})
      from ${discountFrom} where d.id = ${id} and d.member_id = ${memberId})`;

/** The rule of `discountRuleSql`'s value. */
export const discountRuleOf = (
  row: (PromoRule & { title: string; state: DiscountState }) | null,
): DiscountRuleNow | null =>
  row === null
    ? null
    : {
        rule: {
          kind: row.kind,
          percentOff: row.percentOff,
          amountOffCents: row.amountOffCents,
          minSpendCents: row.minSpendCents,
          supplierId: row.supplierId,
          categoryId: row.categoryId,
        },
        state: row.state,
        title: row.title,
      };

/** The member's discounts usable now, for checkout's choice, newest first. */
export const usableDiscounts = async (db: Db, memberId: number): Promise<Discount[]> =>
  (
    await rowsOf(
      db,
      discountColumns.query`select ${discountColumns} from ${discountFrom}
          where d.member_id = ${memberId} and ${stateSql} = 'usable'
          order by d.received_at desc, d.id desc`,
    )
  ).map(discountOf);

/** One of the member's discounts, or null when it is not theirs. */
export const findMemberDiscount = async (db: Db, memberId: number, id: number): Promise<Discount | null> => {
  const [row] = await rowsOf(
    db,
    discountColumns.query`select ${discountColumns} from ${discountFrom} where d.id = ${id} and d.member_id = ${memberId}`,
  );
  return row ? discountOf(row) : null;
};

/** How many discount cards and coupons the member can use now. */
export const usableDiscountCounts = async (
  db: Db,
  memberId: number,
): Promise<{ cards: number; coupons: number }> => {
  const held = columns({
    cards: sql<number>`count(*) filter (where d.source = 'card')::int`,
    coupons: sql<number>`count(*) filter (where d.source = 'coupon')::int`,
  });
  const [row] = await rowsOf(
    db,
    held.query`select ${held}
        from member_discount d join discount_offer f on f.id = d.offer_id
        where d.member_id = ${memberId} and d.order_id is null and f.starts_at <= now() and f.ends_at > now()`,
  );
  return { cards: row?.cards ?? 0, coupons: row?.coupons ?? 0 };
};

const couponColumns = columns({
  id: discountOffer.id,
  starts_at: discountOffer.startsAt,
  ends_at: discountOffer.endsAt,
  open: sql<boolean>`starts_at <= now()`,
  ended: sql<boolean>`ends_at <= now()`,
});
const idOf = { discount: columns({ id: memberDiscount.id }), offer: columns({ id: discountOffer.id }) };

export const COUPON_UNKNOWN = 'There is no coupon with this code.';

/**
 * Claims the coupon `code` (any case) for the member: once per member (a unique index), and no
 * more than its total count (a conditional update of `given_count`, so parallel claims cannot
 * pass it). Unknown, not yet open and ended codes are refused; nothing is written then.
 */
export const claimCoupon = async (db: Db, memberId: number, code: string): Promise<Discount> => {
  const id = await db.transaction(async (tx) => {
    const [offer] = await rowsOf(
      tx,
      couponColumns.query`select ${couponColumns}
          from discount_offer where source = 'coupon' and code = ${code.trim().toUpperCase()}`,
    );
    if (!offer) throw notFound({ field: 'code', message: COUPON_UNKNOWN });
    if (offer.ended) throw conflict({ field: 'code', message: 'This coupon has ended.' });
    if (!offer.open)
      throw conflict({
        field: 'code',
        message: `This coupon can be claimed from ${nzDay(offer.starts_at)}.`,
      });
    const [held] = await rowsOf(
      tx,
      idOf.discount
        .query`select ${idOf.discount} from member_discount where member_id = ${memberId} and offer_id = ${offer.id} and source = 'coupon'`,
    );
    if (held) throw conflict({ field: 'code', message: 'You have already claimed this coupon.' });
    const given = await rowsOf(
      tx,
      idOf.offer.query`update discount_offer set given_count = given_count + 1
          where id = ${offer.id} and (total_limit is null or given_count < total_limit) returning ${idOf.offer}`,
    );
    if (given.length === 0)
      throw conflict({ field: 'code', message: 'All of these coupons have been claimed.' });
    try {
      const [row] = await rowsOf(
        tx,
        idOf.discount
          .query`insert into member_discount (member_id, offer_id, source) values (${memberId}, ${offer.id}, 'coupon')
            returning ${idOf.discount}`,
      );
      return row!.id;
    } catch (err) {
      // Two claims of one member at once: the unique index lets one through.
      if (uniqueViolation(err) === 'member_discount_coupon_unique')
        throw conflict({ field: 'code', message: 'You have already claimed this coupon.' });
      throw err;
    }
  });
  return (await findMemberDiscount(db, memberId, id))!;
};
