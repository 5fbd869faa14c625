import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { OrderBadge } from '@mall/shared/contract/account';
import type { OrderDetail, OrderLine, OrderPage, OrderSummary } from '@mall/shared/contract/order';
import type { OrderMoneyView, RefundLine } from '@mall/shared/contract/wallet';
import { fromCents } from '@mall/shared/money';
import type { OrderEventKind } from '@mall/shared/order-events';
import {
  awaitsPayment,
  FINAL_ORDER_STATUSES,
  isRateableStatus,
  mayTransition,
  type OrderTransition,
  refundTransitionFrom,
  transitionFor,
} from '@mall/shared/order-states';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { aliased, allOf, columns, counted, type RawRow, type RowOf } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { rowsOf } from '../../lib/sql.ts';
import { addSales, returnStock } from '../catalogue/index.ts';
import type { OrderPaymentsReader, PaidHooks } from './links.ts';
import type { OrderWallet } from './order-wallet.ts';
import { orderEvent, orderRefund, saleOrder, saleOrderLine } from './tables.ts';

/**
 * Newest first, spelled as the indexes on sale_order are (`desc nulls last`): a plain `desc`
 * means nulls first, which those indexes cannot give, so PostgreSQL would sort every match.
 */
export const newestFirst = sql`o.created_at desc nulls last, o.id desc nulls last`;

/**
 * A member's orders (docs/orders.md): reading them, and every change of status
 * after placement (place-order.ts places them). Each change is one conditional update on the
 * status it starts from, so two requests (or two server processes, or the sweeper and a member)
 * cannot both make it: the second finds nothing to change. Every change writes the timeline.
 */

export const ORDER_NOT_FOUND = { field: 'id', message: 'This order was not found.' };

/** ORDER_STATUS / PAY_STATUS codes as stored (small integers). */
export const STATUS = {
  pendingPayment: Number(ORDER_STATUS.pendingPayment),
  toShip: Number(ORDER_STATUS.toShip),
  shipped: Number(ORDER_STATUS.shipped),
  completed: Number(ORDER_STATUS.completed),
  cancelled: Number(ORDER_STATUS.cancelled),
} as const;
export const PAY = {
  unpaid: Number(PAY_STATUS.unpaid),
  paid: Number(PAY_STATUS.paid),
  refunding: Number(PAY_STATUS.refunding),
  refunded: Number(PAY_STATUS.refunded),
} as const;

/** A change of the order state machine (shared/order-states) as stored codes. */
const stored = (t: OrderTransition) => ({ from: Number(t.from), to: Number(t.to) });
/** The changes this module makes, each for the one actor the machine lets make it. */
const CHANGE = {
  cancel: stored(transitionFor('cancel', 'member')),
  expire: stored(transitionFor('expire', 'sweeper')),
  confirmReceipt: stored(transitionFor('confirmReceipt', 'member')),
  autoComplete: stored(transitionFor('autoComplete', 'sweeper')),
  ship: stored(transitionFor('ship', 'operator')),
  pay: stored(transitionFor('pay', 'gateway')),
  payByWallet: stored(transitionFor('payByWallet', 'wallet')),
} as const;
/** Statuses of orders whose lines a member may rate (the machine's rule, as in comments.ts). */
const RATEABLE = sql.join(
  Object.values(ORDER_STATUS)
    .filter(isRateableStatus)
    .map((s) => sql`${Number(s)}`),
  sql`, `,
);
/** Statuses of orders a member may delete (no change leaves them). */
const DELETABLE = sql.join(
  FINAL_ORDER_STATUSES.map((s) => sql`${Number(s)}`),
  sql`, `,
);

/** A timestamp as ISO 8601 text, the same from both drivers. */
export const isoText = (column: SQL) => sql<string>`to_json(${column})#>>'{}'`;
const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

const o = aliased(saleOrder, 'o');
/** An order's id (`id`): what a sweep picks, or what an update changed. */
const idColumn = columns({ id: saleOrder.id });
const orderColumns = columns({
  id: o.id,
  order_no: o.orderNo,
  member_id: o.memberId,
  org_id: o.orgId,
  status: o.status,
  pay_status: o.payStatus,
  kind: o.kind,
  title: o.title,
  goods_cents: o.goodsCents,
  shipping_cents: o.shippingCents,
  discount_cents: o.discountCents,
  points_used: o.pointsUsed,
  points_cents: o.pointsCents,
  total_cents: o.totalCents,
  card_cents: o.cardCents,
  points_earned: o.pointsEarned,
  gst_cents: o.gstCents,
  address: o.address,
  remark: o.remark,
  tracking_no: o.trackingNo,
  carrier: o.carrier,
  created_at: isoText(sql`o.created_at`),
  pay_deadline: isoText(sql`o.pay_deadline`),
  /** The payment deadline has passed (by the database's clock). */
  overdue: sql<boolean>`o.pay_deadline <= now()`,
});
type OrderRead = RowOf<typeof orderColumns>;

/** An order line (`l.*`) and whether the member has commented on it. */
const lineColumns = allOf(aliased(saleOrderLine, 'l')).and({
  commented: sql<boolean>`exists (select 1 from order_comment c where c.order_line_id = l.id)`,
});

const linesOf = async (db: Db, orderIds: readonly number[]): Promise<Map<number, OrderLine[]>> => {
  const byOrder = new Map<number, OrderLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await rowsOf(
    db,
    lineColumns.query`select ${lineColumns}
        from sale_order_line l where l.order_id = any(${`{${orderIds.join(',')}}`}::int[])
        order by l.order_id, l.id`,
  );
  for (const r of rows) {
    byOrder.get(r.order_id)?.push({
      id: r.id,
      skuId: r.sku_id,
      goodsId: r.goods_id,
      name: r.name,
      skuLabel: r.sku_label,
      thumbUrl: r.thumb_url,
      price: fromCents(r.unit_cents),
      count: r.count,
      amount: fromCents(r.amount_cents),
      supplierId: r.supplier_id,
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name,
      self: r.self,
      discountAmount: fromCents(r.discount_cents),
      pointsAmount: fromCents(r.points_cents),
      commented: r.commented,
    });
  }
  return byOrder;
};

/** An order's money as the contract carries it; `payAmount` is what the gateway is asked. */
export const moneyOf = (
  r: Pick<
    RawRow<typeof saleOrder>,
    | 'goods_cents'
    | 'discount_cents'
    | 'shipping_cents'
    | 'points_used'
    | 'points_cents'
    | 'total_cents'
    | 'gst_cents'
    | 'card_cents'
    | 'points_earned'
  >,
): OrderMoneyView => ({
  goodsAmount: fromCents(r.goods_cents),
  discountAmount: fromCents(r.discount_cents),
  shippingFee: fromCents(r.shipping_cents),
  pointsUsed: r.points_used,
  pointsAmount: fromCents(r.points_cents),
  totalAmount: fromCents(r.total_cents),
  gstAmount: fromCents(r.gst_cents),
  cardAmount: fromCents(r.card_cents),
  payAmount: fromCents(r.total_cents - r.card_cents),
  pointsEarned: r.points_earned,
});

/** What an order's summary is made of besides its lines: a row of `orderColumns`, or what placing it wrote. */
export type SummaryRow = Pick<
  OrderRead,
  | 'id'
  | 'order_no'
  | 'status'
  | 'pay_status'
  | 'kind'
  | 'title'
  | 'goods_cents'
  | 'shipping_cents'
  | 'discount_cents'
  | 'points_used'
  | 'points_cents'
  | 'total_cents'
  | 'card_cents'
  | 'points_earned'
  | 'gst_cents'
  | 'created_at'
  | 'pay_deadline'
>;

/** The order as the member sees it in lists. */
export const summaryOf = (r: SummaryRow, lines: OrderLine[]): OrderSummary => ({
  ...moneyOf(r),
  id: r.id,
  orderNo: r.order_no,
  kind: r.kind,
  title: r.title,
  status: String(r.status),
  payStatus: String(r.pay_status),
  itemCount: lines.reduce((n, l) => n + l.count, 0),
  createdAt: iso(r.created_at)!,
  payDeadline: r.status === STATUS.pendingPayment ? iso(r.pay_deadline) : null,
  lines,
});

/** The member's order `id` (not deleted by them), or null: another member's order reads as missing. */
const orderRow = async (db: Db, memberId: number, id: number, lock = false): Promise<OrderRead | null> => {
  const [row] = await rowsOf(
    db,
    orderColumns.query`select ${orderColumns} from sale_order o
        where o.id = ${id} and o.member_id = ${memberId} and o.deleted_at is null
        ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
};

/** The order as the member sees it in lists. */
export const orderSummary = async (db: Db, memberId: number, id: number): Promise<OrderSummary> => {
  const row = await orderRow(db, memberId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return summaryOf(row, (await linesOf(db, [row.id])).get(row.id)!);
};

/** GET /api/sale/order/app/detail/{id}: lines, address, amounts, payments and the timeline. */
export const orderDetail = async (
  db: Db,
  paymentsOf: OrderPaymentsReader,
  memberId: number,
  id: number,
): Promise<OrderDetail> => {
  const row = await orderRow(db, memberId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return detailOf(db, paymentsOf, row);
};

/** The detail of order `id` whoever's it is, also when its member deleted it (the back office's). */
export const orderDetailOfRow = async (
  db: Db,
  paymentsOf: OrderPaymentsReader,
  id: number,
): Promise<OrderDetail> => {
  const [row] = await rowsOf(
    db,
    orderColumns.query`select ${orderColumns} from sale_order o where o.id = ${id}`,
  );
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return detailOf(db, paymentsOf, row);
};

const eventColumns = columns({ kind: orderEvent.kind, at: isoText(sql`at`), note: orderEvent.note });
const refundColumns = columns({
  to: orderRefund.to,
  amount_cents: orderRefund.amountCents,
  points: orderRefund.points,
  card_no_last4: orderRefund.cardNoLast4,
  at: isoText(sql`at`),
});

const detailOf = async (db: Db, paymentsOf: OrderPaymentsReader, row: OrderRead): Promise<OrderDetail> => {
  const [lines, events, payments, refunds] = await Promise.all([
    linesOf(db, [row.id]),
    rowsOf(
      db,
      eventColumns.query`select ${eventColumns} from order_event where order_id = ${row.id} order by at, id`,
    ),
    paymentsOf(db, row.id),
    rowsOf(
      db,
      refundColumns.query`select ${refundColumns}
          from order_refund where order_id = ${row.id} order by at, id`,
    ),
  ]);
  return {
    ...summaryOf(row, lines.get(row.id)!),
    address: row.address,
    remark: row.remark,
    trackingNo: row.tracking_no,
    carrier: row.carrier,
    timeline: events.map((e) => ({ kind: e.kind, at: iso(e.at)!, note: e.note })),
    payments,
    refunds: refunds.map(
      (r): RefundLine => ({
        to: r.to,
        amount: fromCents(r.amount_cents),
        points: r.points,
        cardNoLast4: r.card_no_last4,
        at: iso(r.at)!,
      }),
    ),
  };
};

/** GET /api/sale/order/app/list: the member's orders, newest first, optionally of one status. */
export const listOrders = async (
  db: Db,
  memberId: number,
  query: { status?: string | undefined; pageNum: number; pageSize: number },
): Promise<OrderPage> => {
  const where = sql`o.member_id = ${memberId} and o.deleted_at is null
    ${query.status === undefined ? sql`` : sql`and o.status = ${Number(query.status)}`}`;
  const [rows, [count]] = await Promise.all([
    rowsOf(
      db,
      orderColumns.query`select ${orderColumns} from sale_order o where ${where}
          order by ${newestFirst}
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
    ),
    rowsOf(db, counted.query`select ${counted} from sale_order o where ${where}`),
  ]);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((r) => summaryOf(r, lines.get(r.id)!)),
    total: count?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
};

/** GET /api/{kind}/customer/order/badge: the member's orders per status, and lines waiting for a rating. */
export const orderBadgeOf = async (db: Db, memberId: number): Promise<OrderBadge> => {
  const badge = columns({
    pendingPayment: sql<number>`count(*) filter (where status = ${STATUS.pendingPayment})::int`,
    toShip: sql<number>`count(*) filter (where status = ${STATUS.toShip})::int`,
    shipped: sql<number>`count(*) filter (where status = ${STATUS.shipped})::int`,
    completed: sql<number>`count(*) filter (where status = ${STATUS.completed})::int`,
    cancelled: sql<number>`count(*) filter (where status = ${STATUS.cancelled})::int`,
    toComment: sql<number>`(select count(*) from sale_order_line l join sale_order c on c.id = l.order_id
            where c.member_id = ${memberId} and c.status in (${RATEABLE}) and c.deleted_at is null
              and not exists (select 1 from order_comment oc where oc.order_line_id = l.id))::int`,
  } satisfies Record<keyof OrderBadge, unknown>);
  const [row] = await rowsOf(
    db,
    badge.query`select
          ${badge}
        from sale_order where member_id = ${memberId} and deleted_at is null`,
  );
  return row!;
};

/** The number of order `orderId` (an SQL expression), as an SQL expression for another module's statement (the payment pages). */
export const orderNoOf = (orderId: SQL): SQL => sql`(select order_no from sale_order where id = ${orderId})`;

/** A new order's number: KM, the day in New Zealand (YYMMDD), then the next of one sequence (SQL). */
export const nextOrderNoSql = sql`'KM' || to_char(now() at time zone 'Pacific/Auckland', 'YYMMDD') || nextval('sale_order_no_seq')`;

export const addEvent = (tx: Tx, orderId: number, kind: OrderEventKind, note = '') =>
  tx.execute(sql`insert into order_event (order_id, kind, note) values (${orderId}, ${kind}, ${note})`);

const unitColumns = columns({
  skuId: saleOrderLine.skuId,
  goodsId: saleOrderLine.goodsId,
  count: saleOrderLine.count,
});

/** The units of an order: what goes back to stock, or counts as sold. */
const orderUnits = (tx: Tx, orderId: number) =>
  rowsOf(tx, unitColumns.query`select ${unitColumns} from sale_order_line where order_id = ${orderId}`);

/**
 * Closes a pending order and gives its units back, if it is still pending: the one update on
 * `status = pending` decides who closes it (a member's cancel, the sweeper, another process).
 * Answers whether this call closed it.
 */
const closePending = async (
  tx: Tx,
  wallet: OrderWallet,
  orderId: number,
  kind: 'cancelled' | 'expired',
): Promise<boolean> => {
  const change = kind === 'cancelled' ? CHANGE.cancel : CHANGE.expire;
  const closedColumns = columns({ org_id: saleOrder.orgId, member_id: saleOrder.memberId });
  const [closed] = await rowsOf(
    tx,
    closedColumns.query`update sale_order set status = ${change.to}, closed_at = now()
        where id = ${orderId} and status = ${change.from} returning ${closedColumns}`,
  );
  if (!closed) return false;
  await returnStock(tx, closed.org_id, await orderUnits(tx, orderId));
  // Its card money, points and discount go back where they came from (docs/wallet.md: cancels and refunds).
  const back = await wallet.giveBack(tx, { memberId: closed.member_id, orderId });
  await addRefundLines(tx, orderId, [
    ...back.cards.map((c) => ({ to: 'cashCard' as const, amountCents: c.cents, cardNoLast4: c.cardNoLast4 })),
    ...(back.points > 0 ? [{ to: 'points' as const, points: back.points }] : []),
  ]);
  await addEvent(tx, orderId, kind);
  return true;
};

/** The order's refund lines: where its money and points went back. */
export const addRefundLines = async (
  tx: Tx,
  orderId: number,
  lines: readonly {
    to: RefundLine['to'];
    amountCents?: number;
    points?: number;
    cardNoLast4?: string | null;
  }[],
) => {
  if (lines.length === 0) return;
  await tx.execute(
    sql`insert into order_refund (order_id, "to", amount_cents, points, card_no_last4) values ${sql.join(
      lines.map(
        (l) => sql`(${orderId}, ${l.to}, ${l.amountCents ?? 0}, ${l.points ?? 0}, ${l.cardNoLast4 ?? null})`,
      ),
      sql`, `,
    )}`,
  );
};

/** PATCH /api/sale/order/cancel/{id}: a pending order only; its units go back to stock. */
export const cancelOrder = async (
  db: Db,
  wallet: OrderWallet,
  memberId: number,
  id: number,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const row = await orderRow(tx, memberId, id, true);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (!(await closePending(tx, wallet, id, 'cancelled'))) {
      throw conflict('Only an order waiting for payment can be cancelled.');
    }
  });
};

/** DELETE /api/sale/order/del/{id}: completed or cancelled orders only; hidden from the member, kept for the books. */
export const deleteOrder = async (db: Db, memberId: number, id: number): Promise<void> => {
  const row = await orderRow(db, memberId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const [deleted] = await rowsOf(
    db,
    idColumn.query`update sale_order set deleted_at = now()
        where id = ${id} and member_id = ${memberId} and deleted_at is null
          and status in (${DELETABLE})
        returning ${idColumn}`,
  );
  if (!deleted) throw conflict('Only a completed or cancelled order can be deleted.');
};

/**
 * A shipped order becomes completed (the member confirms, or the sweeper after
 * ORDER_AUTO_COMPLETE_DAYS) and the points it earned are credited. Whether this call completed it.
 */
const complete = async (
  tx: Tx,
  wallet: OrderWallet,
  id: number,
  change: { from: number; to: number },
  note: string,
): Promise<boolean> => {
  const doneColumns = columns({ member_id: saleOrder.memberId, points_earned: saleOrder.pointsEarned });
  const [done] = await rowsOf(
    tx,
    doneColumns.query`update sale_order set status = ${change.to}, completed_at = now()
        where id = ${id} and status = ${change.from} returning ${doneColumns}`,
  );
  if (!done) return false;
  await wallet.creditEarned(tx, { memberId: done.member_id, orderId: id, points: done.points_earned });
  await addEvent(tx, id, 'completed', note);
  return true;
};

/** PATCH /api/sale/order/confirm/receipt/{id}: a shipped order becomes completed. */
export const confirmReceipt = async (
  db: Db,
  wallet: OrderWallet,
  memberId: number,
  id: number,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const row = await orderRow(tx, memberId, id, true);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (!(await complete(tx, wallet, id, CHANGE.confirmReceipt, ''))) {
      throw conflict('Only a shipped order can be confirmed as received.');
    }
  });
};

/**
 * Completes shipped orders the member has not confirmed `days` after shipping, a batch at a
 * time, safe with several processes (skip locked; `complete` changes an order only while it is
 * still shipped). Answers how many it completed.
 */
export const completeShippedOrders = async (
  db: Db,
  wallet: OrderWallet,
  days: number,
  batch = 100,
): Promise<number> => {
  let completed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await rowsOf(
        tx,
        idColumn.query`select ${idColumn} from sale_order where status = ${CHANGE.autoComplete.from}
              and shipped_at <= now() - make_interval(days => ${days})
            order by shipped_at limit ${batch} for update skip locked`,
      );
      let done = 0;
      for (const { id } of due) {
        const note = `Completed by itself ${days} days after shipping`;
        if (await complete(tx, wallet, id, CHANGE.autoComplete, note)) done++;
      }
      return due.length === 0 ? -1 : done;
    });
    if (n < 0) return completed;
    completed += n;
  }
};

/** What the shipped event of the timeline says: the carrier and the tracking number the member follows. */
export const shippedNote = (carrier: string | null, trackingNo: string | null) =>
  [carrier ? `Carrier ${carrier}` : '', trackingNo ? `Tracking number ${trackingNo}` : '']
    .filter(Boolean)
    .join(' · ');

/**
 * An operator marks a paid order waiting to ship shipped (the back office, the order:ship
 * command), in its own transaction or the caller's: refused, saying why, when it is not waiting
 * to ship (not paid yet, already shipped, closed). Answers whose order it is, for the mail.
 */
export const markShipped = async (
  db: Db,
  orderNo: string,
  trackingNo: string | null,
  carrier: string | null = null,
): Promise<{ id: number; orderNo: string; memberId: number }> =>
  db.transaction(async (tx) => {
    const shipColumns = columns({
      id: saleOrder.id,
      status: saleOrder.status,
      member_id: saleOrder.memberId,
    });
    const [row] = await rowsOf(
      tx,
      shipColumns.query`select ${shipColumns} from sale_order where order_no = ${orderNo} for update`,
    );
    if (!row) throw notFound(`No order ${orderNo}.`);
    if (!mayTransition('ship', String(row.status), 'operator')) {
      const why =
        row.status === STATUS.pendingPayment
          ? 'it is not paid yet'
          : row.status === STATUS.cancelled
            ? 'it is cancelled'
            : 'it has already shipped';
      throw conflict(`Order ${orderNo} is not waiting to be shipped: ${why}.`);
    }
    await tx.execute(
      sql`update sale_order set status = ${CHANGE.ship.to}, shipped_at = now(),
            carrier = ${carrier}, tracking_no = ${trackingNo}
          where id = ${row.id} and status = ${CHANGE.ship.from}`,
    );
    await addEvent(tx, row.id, 'shipped', shippedNote(carrier, trackingNo));
    return { id: row.id, orderNo, memberId: row.member_id };
  });

/**
 * Closes unpaid orders past their deadline and gives their units back, a batch at a time. Safe
 * with several server processes: each takes rows the others have not locked (skip locked), and
 * `closePending` changes an order only while it is still pending. Answers how many it closed.
 */
export const closeExpiredOrders = async (db: Db, wallet: OrderWallet, batch = 100): Promise<number> => {
  let closed = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await rowsOf(
        tx,
        idColumn.query`select ${idColumn} from sale_order where status = ${CHANGE.expire.from} and pay_deadline <= now()
            order by pay_deadline limit ${batch} for update skip locked`,
      );
      let done = 0;
      for (const { id } of due) if (await closePending(tx, wallet, id, 'expired')) done++;
      return due.length === 0 ? -1 : done;
    });
    if (n < 0) return closed;
    closed += n;
  }
};

/**
 * For the operator's refund (payment/refund.ts), in its transaction: the paid order `orderNo`
 * locked and moved to cancelled, refunded, by the machine's refund from its status; its units go
 * back to stock when it had not shipped. Refused when the order is not paid (or already closed).
 */
export const markRefunded = async (tx: Tx, orderNo: string) => {
  const refundable = columns({
    id: saleOrder.id,
    member_id: saleOrder.memberId,
    org_id: saleOrder.orgId,
    status: saleOrder.status,
    total_cents: saleOrder.totalCents,
    card_cents: saleOrder.cardCents,
    points_used: saleOrder.pointsUsed,
  });
  const [row] = await rowsOf(
    tx,
    refundable.query`select ${refundable}
        from sale_order where order_no = ${orderNo} for update`,
  );
  if (!row) throw notFound(`No order ${orderNo}.`);
  const name = refundTransitionFrom(String(row.status));
  if (!name) {
    throw conflict(
      awaitsPayment(String(row.status))
        ? `Order ${orderNo} is not paid: the member cancels it, or it closes by itself.`
        : `Order ${orderNo} is already cancelled.`,
    );
  }
  const change = stored(transitionFor(name, 'operator'));
  await tx.execute(
    sql`update sale_order set status = ${change.to}, pay_status = ${PAY.refunded}, closed_at = now()
        where id = ${row.id} and status = ${change.from}`,
  );
  if (change.from === STATUS.toShip) await returnStock(tx, row.org_id, await orderUnits(tx, row.id));
  await addEvent(tx, row.id, 'refunded');
  return row;
};

/** For the payment module, in its transaction: the order locked, for the payment's result. */
export const lockOrder = async (tx: Tx, orderId: number) => {
  const payable = columns({
    id: saleOrder.id,
    status: saleOrder.status,
    pay_status: saleOrder.payStatus,
    total_cents: saleOrder.totalCents,
    card_cents: saleOrder.cardCents,
    member_id: saleOrder.memberId,
    order_no: saleOrder.orderNo,
    pay_deadline: saleOrder.payDeadline,
    deadline_passed: sql<boolean>`pay_deadline <= now()`,
  });
  const [row] = await rowsOf(
    tx,
    payable.query`select ${payable}
        from sale_order where id = ${orderId} for update`,
  );
  return row ?? null;
};

/**
 * The one place an order becomes paid: the gateway's payment succeeded, or (`by` 'wallet') the
 * cash cards paid it all when it was placed. A pending order is paid and waits to ship; a closed
 * one is due a refund.
 */
export const markPaid = async (
  tx: Tx,
  hooks: PaidHooks,
  orderId: number,
  note: string,
  by: 'gateway' | 'wallet' = 'gateway',
) => {
  const change = by === 'wallet' ? CHANGE.payByWallet : CHANGE.pay;
  const paidColumns = columns({
    order_no: saleOrder.orderNo,
    member_id: saleOrder.memberId,
    kind: saleOrder.kind,
  });
  const [paid] = await rowsOf(
    tx,
    paidColumns.query`update sale_order set status = ${change.to}, pay_status = ${PAY.paid}, paid_at = now()
        where id = ${orderId} and status = ${change.from} returning ${paidColumns}`,
  );
  if (paid) {
    await addEvent(tx, orderId, 'paid', note);
    await addSales(tx, await orderUnits(tx, orderId));
    // What else happens when an order of this kind becomes paid (order/links.ts).
    await hooks[paid.kind]?.(tx, {
      id: orderId,
      orderNo: paid.order_no,
      memberId: paid.member_id,
      kind: paid.kind,
    });
    return 'paid' as const;
  }
  // A second success: paid after the order closed (the bank answered late; its units are gone),
  // or a second attempt of an order already paid. Either way this money goes back (the refund is
  // the operator's). A closed order is marked for refund; a paid one stays paid.
  const [closed] = await rowsOf(
    tx,
    idColumn.query`update sale_order set pay_status = ${PAY.refunding}
        where id = ${orderId} and status = ${STATUS.cancelled} returning ${idColumn}`,
  );
  const why = closed
    ? 'The order had already closed: the payment is to be refunded.'
    : 'The order was already paid: this second payment is to be refunded.';
  await addEvent(tx, orderId, 'paid', [note, why].filter(Boolean).join('. '));
  return 'refund' as const;
};

/** A member's order that can be paid now, or why not. */
export const payableOrder = async (db: Db, memberId: number, id: number) => {
  const row = await orderRow(db, memberId, id);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  if (!awaitsPayment(String(row.status))) throw conflict('This order is not waiting for payment.');
  if (row.overdue) {
    throw conflict('The time to pay this order has passed. It closes and its goods go back on sale.');
  }
  // The gateway is asked only for what the cash cards do not pay.
  return { id: row.id, orderNo: row.order_no, payCents: row.total_cents - row.card_cents };
};
