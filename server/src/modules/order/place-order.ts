import { type CartRuleItem, exceedsLimit, LIMIT_MESSAGE, mergeAdd, refuseAdd } from '@mall/shared/cart-rules';
import { minimumOrderMessage } from '@mall/shared/checkout-rules';
import type { MemberKind } from '@mall/shared/contract/account';
import type { CartItem } from '@mall/shared/contract/cart';
import type { OrderLine, OrderSubmit, OrderSummary } from '@mall/shared/contract/order';
import type { DiscountState, OrderQuote } from '@mall/shared/contract/wallet';
import { fromCents, toCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';
import { type OrderMoney, orderMoney, type PointsRule, type PromoRefusal } from '@mall/shared/order-money';
import { CART_RULE_REASONS, type RefusalReason } from '@mall/shared/reasons';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { millis, planOnce, rowsOf, uniqueViolation } from '../../lib/sql.ts';
import { type AddressSnapshotRow, addressSnapshotOf, addressSnapshotSql } from '../address/index.ts';
import { cartLinesRemoval, holdCartLines } from '../cart/index.ts';
import { goodsCategoryIdsOf, goodsCategoryIdsSql, stockOf, takeStock } from '../catalogue/index.ts';
import { memberEmailSql } from '../customer/index.ts';
import { heldMailRow, type QueuedMail } from '../mail/index.ts';
import { type ShippingRulesValue, shippingRulesOf, shippingRulesSql } from '../shipping/index.ts';
import type { Shopper } from '../shopper/index.ts';
import type { PaidHooks } from './links.ts';
import type { OrderWallet } from './order-wallet.ts';
import {
  isoText,
  markPaid,
  moneyOf,
  nextOrderNoSql,
  orderSummary,
  PAY,
  STATUS,
  summaryOf,
} from './service.ts';

/**
 * POST /api/sale/order/submit (docs/orders.md: checkout): one transaction that holds the member's cart, prices the
 * chosen lines on the server, applies every cart rule again (limit, stock, mixing), checks the
 * address, works the money out with the wallet (shared/order-money.ts: the one coupon or discount
 * card, points, cash cards; docs/wallet.md), checks the wholesale minimum and every wallet rule,
 * takes the units from stock with a conditional update, writes the order with a snapshot of each
 * line and the address, spends the wallet on the ledger, and removes the lines from the cart. An
 * order the cash cards pay wholly is paid there and then. Anything refused rolls all of it back. The same Idempotency-Key gives the same order, however
 * often and however concurrently it is sent.
 */

export interface Buyer {
  memberId: number;
  kind: MemberKind;
  shopper: Shopper;
}

/** What checkout is configured with. */
export interface CheckoutSettings {
  points: PointsRule;
  payTimeoutMs: number;
  /** Orders waiting for payment a member may hold (UNPAID_ORDERS_MAX). */
  unpaidOrdersMax: number;
}

/**
 * Where the member stands before a new order, as a row for the statement that reads the
 * checkout (`checkoutFacts`): the order an earlier submit with the same key placed (`again`, null
 * when none), how many of their orders wait for payment, and the units of each of
 * `limitedSkuIds` (SKUs with a purchase limit) in those (they count toward the limit,
 * docs/orders.md).
 */
const standingSql = (memberId: number, key: string, limitedSkuIds: number[]) =>
  sql`(select (select id from sale_order where member_id = ${memberId} and idempotency_key = ${key}) as again,
          (select count(*)::int from sale_order where member_id = ${memberId} and status = 0) as unpaid,
          ${
            limitedSkuIds.length === 0
              ? sql`null::json`
              : sql`(select json_object_agg(u.sku_id, u.units) from (
                  select l.sku_id, sum(l.count)::int as units
                  from sale_order_line l join sale_order o on o.id = l.order_id
                  where o.member_id = ${memberId} and o.status = 0
                    and l.sku_id = any(${`{${limitedSkuIds.join(',')}}`}::int[])
                  group by l.sku_id) u)`
          } as units)`;

/**
 * The new order's id and number, drawn (only when no earlier submit placed it) in the statement
 * that reads the checkout, so that the order's confirmation mail, which names them, is written in
 * the statement that writes the order. A submission refused after this leaves its number unused,
 * as one refused by the stock always did: order numbers only ever grow.
 */
const newOrderIdsSql = sql`case when s.again is null then nextval('sale_order_id_seq')::int end as order_id,
  case when s.again is null then ${nextOrderNoSql} end as order_no`;

/**
 * An order's suppliers as its lists show them: each name once, in code-point order, joined by
 * ", " (migration 0030 wrote the orders placed before the same way, `collate "C"`).
 */
const supplierNamesOf = (names: readonly string[]) => [...new Set(names)].sort().join(', ');

/** The refusal when the member already holds `max` unpaid orders, naming the limit and the way out. */
export const unpaidOrdersMessage = (max: number) =>
  `You already have ${max} unpaid ${max === 1 ? 'order' : 'orders'}, the most you may hold. Please pay or cancel one in My Orders before placing another.`;

const existingOrder = async (db: Db, memberId: number, key: string) => {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from sale_order where member_id = ${memberId} and idempotency_key = ${key}`,
  );
  return row?.id ?? null;
};

/** The cart rules over what is bought, as if each line were added in turn to an empty cart. */
const refuseLines = (items: readonly CartItem[]): { message: string; reason: RefusalReason } | null => {
  let cart: CartRuleItem[] = [];
  for (const item of items) {
    if (item.stock <= 0)
      return { message: `${item.name}: This item is sold out or no longer available.`, reason: 'cart.stock' };
    const refusal = refuseAdd(cart, item, item.count);
    if (refusal)
      return {
        message: refusal.rule === 'mix' ? refusal.message : `${item.name}: ${refusal.message}`,
        reason: CART_RULE_REASONS[refusal.rule],
      };
    cart = mergeAdd(cart, item);
  }
  return null;
};

const PROMO_REFUSAL: Record<Exclude<DiscountState, 'usable'>, string> = {
  used: 'This discount is already used on another order.',
  expired: 'This discount has expired.',
  notYet: 'This discount cannot be used yet.',
};

/** Why the chosen discount does not apply, in plain words. */
const promoRefusalText = (refusal: PromoRefusal, money: OrderMoney, minSpendCents: number) =>
  refusal === 'nothingInScope'
    ? 'None of the goods in this order are covered by this discount.'
    : `This discount needs at least ${formatPrice(fromCents(minSpendCents))} of eligible goods; this order has ${formatPrice(fromCents(money.eligibleCents))}.`;

/** What a submission reads beside the checkout: where the member stands, and their e-mail address when the order is to be confirmed. */
interface SubmitFacts {
  key: string;
  email: boolean;
}

type FactsRow = {
  address: AddressSnapshotRow | null;
  categories: Record<string, (number | null)[]>;
  shipping: ShippingRulesValue;
  again?: number | null;
  unpaid?: number;
  units?: Record<string, number> | null;
  email?: string | null;
  order_id?: number | null;
  order_no?: string | null;
} & Record<string, unknown>;

/**
 * The checkout as the server works it out, inside the transaction that holds the member's cart:
 * the lines, then in one statement everything else it reads (the address, the chosen discount,
 * the member's funds, the goods' categories, the shipping rules and, for a submission, where the
 * member stands), and the money. For the rest of the transaction its statements run on the plan
 * PostgreSQL made once (`planOnce`): they look rows up by key.
 */
const priceCheckout = async (
  tx: Tx,
  wallet: OrderWallet,
  buyer: Buyer,
  body: OrderSubmit,
  points: PointsRule,
  now: Date,
  /** The quote shows the member's funds; a submit reads them only when it spends them. */
  readFunds: boolean,
  submit: SubmitFacts | null,
) => {
  const { memberId } = buyer;
  await planOnce(tx);
  const { items, missing } = await holdCartLines(tx, memberId, buyer.shopper, body.cartItemIds);
  const want = { discountId: body.discountId, funds: readFunds };
  // Read after the cart is held: a request with the same key that came first has committed or
  // failed, and this member's submits follow each other, so the counts cannot be raced.
  const [facts] = await rowsOf<FactsRow>(
    tx,
    sql`select ${addressSnapshotSql(memberId, body.addressId)} as address,
          ${goodsCategoryIdsSql(items.map((i) => i.goodsId))} as categories,
          ${shippingRulesSql} as shipping,
          ${wallet.checkoutInputsSql(memberId, want)}
          ${
            submit
              ? sql`, s.again, s.unpaid, s.units, ${newOrderIdsSql},
                  ${submit.email ? memberEmailSql(memberId) : sql`null`} as email
                from ${standingSql(
                  memberId,
                  submit.key,
                  items.filter((i) => i.maxCount !== null).map((i) => i.skuId),
                )} s`
              : sql``
          }`,
    { prepared: true },
  );
  const row = facts!;
  const checkLines = () => {
    if (missing.length > 0) {
      throw notFound({
        field: 'cartItemIds',
        message: `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in your shopping cart.`,
      });
    }
    const refusal = refuseLines(items);
    if (refusal) throw conflict(refusal.message, refusal.reason);
  };
  return {
    items,
    standing: {
      again: row.again ?? null,
      unpaidOrders: row.unpaid ?? 0,
      units: new Map(Object.entries(row.units ?? {}).map(([sku, n]) => [Number(sku), n])),
    },
    newOrder: { id: row.order_id ?? null, orderNo: row.order_no ?? null, email: row.email ?? null },
    price: () => {
      checkLines();
      const address = addressSnapshotOf(row.address);
      if (!address) throw notFound({ field: 'addressId', message: 'This address was not found.' });
      const { discount, funds } = wallet.checkoutInputsOf(row, want);
      if (body.discountId !== undefined && !discount) {
        throw notFound({ field: 'discountId', message: 'This discount is not in your account.' });
      }
      const categories = goodsCategoryIdsOf(row.categories);
      const shipping = shippingRulesOf(row.shipping);
      const usable = discount?.state === 'usable';
      const money = orderMoney({
        lines: items.map((i) => ({
          id: i.id,
          unitCents: toCents(i.price),
          count: i.count,
          supplierId: i.supplierId,
          categoryIds: categories.get(i.goodsId) ?? [],
        })),
        kind: buyer.kind,
        island: address.island,
        shipping: shipping.map((r) => ({
          island: r.island,
          memberKind: r.memberKind,
          feeCents: toCents(r.fee),
          freeFromCents: r.freeFrom === null ? null : toCents(r.freeFrom),
        })),
        promo: usable ? discount.rule : null,
        points: { balance: funds.points, requested: body.points ?? 0, rule: points },
        cards: {
          funds: funds.cards,
          requestedCents: body.cardAmount === undefined ? null : toCents(body.cardAmount),
        },
        now: now.toISOString(),
      });
      const discountRefusal = !discount
        ? null
        : discount.state !== 'usable'
          ? PROMO_REFUSAL[discount.state]
          : money.promoRefusal
            ? promoRefusalText(money.promoRefusal, money, discount.rule.minSpendCents)
            : null;
      return { address, discount, discountRefusal, funds, money };
    },
  };
};

/**
 * Every rule of the wallet on the submitted choices (docs/wallet.md): the discount applies, the
 * points are no more than allowed and the card money no more than the cards hold or the order
 * costs. Nothing is trimmed: a choice the order cannot take is refused.
 */
const refuseWalletUse = (
  body: OrderSubmit,
  priced: { discountRefusal: string | null; money: OrderMoney },
) => {
  const { money } = priced;
  if (priced.discountRefusal) throw conflict({ field: 'discountId', message: priced.discountRefusal });
  const points = body.points ?? 0;
  if (points > money.pointsMax) {
    throw conflict({
      field: 'points',
      message:
        money.pointsMax === 0
          ? 'No points can be used on this order.'
          : `You can use at most ${money.pointsMax} points on this order.`,
    });
  }
  if (body.cardAmount !== undefined) {
    const wanted = toCents(body.cardAmount);
    if (wanted > money.totalCents) {
      throw conflict({
        field: 'cardAmount',
        message: `The card money is more than the order's total of ${formatPrice(fromCents(money.totalCents))}.`,
      });
    }
    if (money.cardCents < wanted) {
      throw conflict({
        field: 'cardAmount',
        message: `Your usable cash cards hold only ${formatPrice(fromCents(money.cardCents))}.`,
      });
    }
  }
};

const moneyAnswer = (money: OrderMoney) =>
  moneyOf({
    goods_cents: money.goodsCents,
    discount_cents: money.discountCents,
    shipping_cents: money.shippingCents,
    points_used: money.pointsUsed,
    points_cents: money.pointsCents,
    total_cents: money.totalCents,
    gst_cents: money.gstCents,
    card_cents: money.cardCents,
    points_earned: money.pointsEarned,
  });

/** POST /api/sale/order/quote: what the order would cost with these choices, and what the wallet offers. Changes nothing. */
export const quoteOrder = async (
  db: Db,
  wallet: OrderWallet,
  buyer: Buyer,
  body: OrderSubmit,
  points: PointsRule,
): Promise<OrderQuote> => {
  const now = new Date();
  const { money, funds, discountRefusal } = await db.transaction(async (tx) =>
    (await priceCheckout(tx, wallet, buyer, body, points, now, true, null)).price(),
  );
  return {
    ...moneyAnswer(money),
    discountRefusal,
    pointsBalance: funds.points,
    pointsMax: money.pointsMax,
    pointValue: fromCents(points.valueCents),
    cardBalance: fromCents(
      funds.cards
        .filter((c) => Date.parse(c.expiresAt) > now.getTime())
        .reduce((s, c) => s + c.balanceCents, 0),
    ),
    discounts: await wallet.usableDiscounts(db, buyer.memberId),
    minimum: money.minimumCents === null ? null : fromCents(money.minimumCents),
    missing: fromCents(money.missingCents),
  };
};

/** What a placed order's confirmation mail says (order-mail.ts). */
export type ConfirmedOrder = Pick<
  OrderSummary,
  'id' | 'orderNo' | 'payStatus' | 'payAmount' | 'totalAmount' | 'itemCount'
>;

/**
 * The confirmation mail of each order a submission places (docs/orders.md: the order mail): it
 * is queued in the order's transaction, held by this process, and delivered once committed.
 */
export interface OrderConfirmation {
  mail(order: ConfirmedOrder, to: string): MailMessage;
  /** Sends the queued mail, without waiting (mail/delivery.ts: `deliverHeld`). */
  deliver(mail: QueuedMail): void;
}

export const placeOrder = async (
  db: Db,
  wallet: OrderWallet,
  paid: PaidHooks,
  buyer: Buyer,
  body: OrderSubmit,
  key: string,
  settings: CheckoutSettings,
  confirmation: OrderConfirmation | null = null,
): Promise<OrderSummary> => {
  const { memberId } = buyer;
  if (buyer.shopper.orgId === null)
    throw conflict('No stock organisation is configured: nothing can be sold.');
  const orgId = buyer.shopper.orgId;

  let placed: { summary: OrderSummary; mail: QueuedMail | null } | { again: number };
  try {
    placed = await db.transaction(async (tx) => {
      const spendsFunds = (body.points ?? 0) > 0 || (body.cardAmount ?? 0) > 0;
      const checkout = await priceCheckout(
        tx,
        wallet,
        buyer,
        body,
        settings.points,
        new Date(),
        spendsFunds,
        {
          key,
          email: confirmation !== null,
        },
      );
      const { items, standing, newOrder } = checkout;
      if (standing.again !== null) return { again: standing.again };
      const { address, discount, money, discountRefusal } = checkout.price();
      if (standing.unpaidOrders >= settings.unpaidOrdersMax)
        throw conflict(unpaidOrdersMessage(settings.unpaidOrdersMax), 'order.unpaid_limit');
      for (const item of items) {
        const held = standing.units.get(item.skuId) ?? 0;
        if (held > 0 && exceedsLimit(held, item.count, item.maxCount)) {
          throw conflict(
            `${item.name}: ${LIMIT_MESSAGE} (${held} already in your unpaid orders; the limit is ${item.maxCount}).`,
            'cart.purchase_limit',
          );
        }
      }
      if (money.missingCents > 0 && money.minimumCents !== null) {
        throw conflict(
          minimumOrderMessage(address.island, fromCents(money.minimumCents), fromCents(money.missingCents)),
          'order.minimum_not_met',
        );
      }
      refuseWalletUse(body, { discountRefusal, money });
      const lineMoney = new Map(money.lines.map((l) => [l.id, l]));
      const id = newOrder.id!;
      const orderNo = newOrder.orderNo!;
      // Nothing is left for the gateway: the cash cards pay it all (docs/wallet.md), below.
      const paidNow = money.gatewayCents === 0;
      const itemCount = items.reduce((n, i) => n + i.count, 0);
      const mail =
        confirmation && newOrder.email
          ? confirmation.mail(
              {
                id,
                orderNo,
                payStatus: String(paidNow ? PAY.paid : PAY.unpaid) as OrderSummary['payStatus'],
                payAmount: fromCents(money.totalCents - money.cardCents),
                totalAmount: fromCents(money.totalCents),
                itemCount,
              },
              newOrder.email,
            )
          : null;

      // The order, its lines, the first event of its timeline, its discount taken, the bought
      // lines out of the cart, and its confirmation mail queued.
      const takesDiscount = discount !== null && money.discountCents > 0;
      const [order] = await rowsOf<{
        created_at: string;
        pay_deadline: string;
        kind: 'goods' | 'club';
        title: string | null;
        line_ids: [number, number][];
        discount_taken: boolean;
        mail_id: number | null;
      }>(
        tx,
        sql`with o as (
              insert into sale_order (id, order_no, member_id, org_id, idempotency_key, goods_cents, shipping_cents,
                discount_cents, points_used, points_cents, total_cents, card_cents, points_earned, gst_cents,
                address, remark, pay_deadline, item_count, supplier_names)
              values (
                ${id}, ${orderNo},
                ${memberId}, ${orgId}, ${key}, ${money.goodsCents}, ${money.shippingCents},
                ${money.discountCents}, ${money.pointsUsed}, ${money.pointsCents}, ${money.totalCents},
                ${money.cardCents}, ${money.pointsEarned}, ${money.gstCents}, ${JSON.stringify(address)}::jsonb,
                ${body.remark ?? ''}, now() + ${millis(settings.payTimeoutMs)}::interval,
                ${itemCount}, ${supplierNamesOf(items.map((i) => i.supplierName))})
              returning id, kind, title, ${isoText(sql`created_at`)} as created_at,
                ${isoText(sql`pay_deadline`)} as pay_deadline),
            lines as (
              insert into sale_order_line (order_id, sku_id, goods_id, name, sku_label, thumb_url, unit_cents,
                count, amount_cents, discount_cents, points_cents, supplier_id, supplier_code, supplier_name, self)
              select o.id, v.* from o, (values ${sql.join(
                items.map((i) => {
                  const unit = toCents(i.price);
                  const share = lineMoney.get(i.id)!;
                  return sql`(${i.skuId}::int, ${i.goodsId}::int, ${i.name}::text, ${i.skuLabel}::text, ${i.thumbUrl}::text,
                    ${unit}::int, ${i.count}::int, ${unit * i.count}::int, ${share.discountCents}::int,
                    ${share.pointsCents}::int, ${i.supplierId}::int, ${i.supplierCode}::text,
                    ${i.supplierName}::text, ${i.self}::boolean)`;
                }),
                sql`, `,
              )}) v
              returning id, sku_id),
            placed as (insert into order_event (order_id, kind) select id, 'placed' from o returning 1),
            bought as (${cartLinesRemoval(
              memberId,
              items.map((i) => i.id),
            )})${
              takesDiscount
                ? sql`, ${wallet.discountUse({
                    memberDiscountId: body.discountId!,
                    memberId,
                    orderId: sql`(select id from o)`,
                    discountCents: money.discountCents,
                  })}`
                : sql``
            }${mail ? sql`, mail as (${heldMailRow(mail)})` : sql``}
          select created_at, pay_deadline, kind, title,
            (select json_agg(json_build_array(id, sku_id)) from lines) as line_ids,
            ${takesDiscount ? sql`exists (select 1 from discount_use_entry)` : sql`true`} as discount_taken,
            ${mail ? sql`(select id from mail)` : sql`null::int`} as mail_id
          from o`,
        { prepared: true },
      );
      if (!order!.discount_taken)
        throw conflict({
          field: 'discountId',
          message: 'This discount has just been used on another order.',
        });
      await wallet.spend(tx, {
        memberId,
        orderId: id,
        points: money.pointsUsed,
        cardSpends: money.cardSpends,
      });
      // Stock last: its rows are the ones every buyer of a popular SKU waits for, so they are
      // locked only from here to the commit.
      const short = await takeStock(
        tx,
        orgId,
        items.map((i) => ({ skuId: i.skuId, count: i.count })),
      );
      if (short.length > 0) {
        const item = items.find((i) => i.skuId === short[0])!;
        // The update found too few units: roll back what was taken, say how many are left.
        throw conflict(
          `${item.name}: Only ${await stockOf(tx, orgId, item.skuId)} left in stock. Please change the quantity.`,
        );
      }
      if (paidNow) {
        await markPaid(
          tx,
          paid,
          id,
          money.cardCents > 0 ? 'Paid with cash cards' : 'Nothing to pay',
          'wallet',
        );
      }
      // The order as the member sees it, from what was written (not read back after the commit).
      const lineIds = new Map(order!.line_ids.map(([lineId, skuId]) => [skuId, lineId]));
      const lines: OrderLine[] = items
        .map((i) => {
          const unit = toCents(i.price);
          const share = lineMoney.get(i.id)!;
          return {
            id: lineIds.get(i.skuId)!,
            skuId: i.skuId,
            goodsId: i.goodsId,
            name: i.name,
            skuLabel: i.skuLabel,
            thumbUrl: i.thumbUrl,
            price: fromCents(unit),
            count: i.count,
            amount: fromCents(unit * i.count),
            supplierId: i.supplierId,
            supplierCode: i.supplierCode,
            supplierName: i.supplierName,
            self: i.self,
            discountAmount: fromCents(share.discountCents),
            pointsAmount: fromCents(share.pointsCents),
            commented: false,
          };
        })
        .sort((a, b) => a.id - b.id);
      const summary = summaryOf(
        {
          id,
          order_no: orderNo,
          status: paidNow ? STATUS.toShip : STATUS.pendingPayment,
          pay_status: paidNow ? PAY.paid : PAY.unpaid,
          kind: order!.kind,
          title: order!.title,
          goods_cents: money.goodsCents,
          shipping_cents: money.shippingCents,
          discount_cents: money.discountCents,
          points_used: money.pointsUsed,
          points_cents: money.pointsCents,
          total_cents: money.totalCents,
          card_cents: money.cardCents,
          points_earned: money.pointsEarned,
          gst_cents: money.gstCents,
          created_at: order!.created_at,
          pay_deadline: order!.pay_deadline,
        },
        lines,
      );
      return {
        summary,
        mail: mail && order!.mail_id !== null ? { id: order!.mail_id, ...mail, tries: 1 } : null,
      };
    });
  } catch (err) {
    // Two submits with one key from two processes: the loser's insert meets the winner's row.
    if (uniqueViolation(err) === 'sale_order_member_key_unique') {
      const winner = await existingOrder(db, memberId, key);
      if (winner !== null) return orderSummary(db, memberId, winner);
    }
    throw err;
  }
  if ('again' in placed) return orderSummary(db, memberId, placed.again);
  if (placed.mail) confirmation?.deliver(placed.mail);
  return placed.summary;
};

/** The Idempotency-Key header: required, 8 to 128 visible characters. */
export const idempotencyKeyOf = (value: string | string[] | undefined): string => {
  const key = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  if (!/^[\x21-\x7e]{8,128}$/.test(key)) {
    throw badRequest({
      field: 'Idempotency-Key',
      message: 'Send a unique key of 8 to 128 characters with each new order.',
    });
  }
  return key;
};
