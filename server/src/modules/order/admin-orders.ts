import { type CountedTab, ORDER_TAB_NAMES, type OrderTab } from '@mall/shared/contract/admin/orders';
import type { OrderDetail } from '@mall/shared/contract/order';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, statementShapes, type ValueOf, valuesIn } from '../../lib/sql.ts';
import { joinMember, type MemberContact, memberContactColumn } from '../customer/index.ts';
import type { OrderPaymentsReader } from './links.ts';
import { newestFirst, orderDetailOfRow, STATUS } from './service.ts';

/**
 * The back office's reading of orders (docs/back-office-orders.md): the list with its tabs and
 * filters, one order, and the rows of an export. The member and supplier filters come in as ids
 * the caller found (members are the customer module's); everything here is SQL on order tables.
 */

/** The list's tabs: the order statuses, as the operator names them. */
export const ORDER_TABS: Record<OrderTab, number> = {
  toPay: STATUS.pendingPayment,
  toShip: STATUS.toShip,
  shipped: STATUS.shipped,
  completed: STATUS.completed,
  cancelled: STATUS.cancelled,
};
export { ORDER_TAB_NAMES, type OrderTab };

/**
 * The tab shown is counted up to here: past it, it shows "1,000+" and the list pages through its
 * newest this many (the export has them all). Counting further would read every order of a busy
 * tab on every page; an operator narrows the filters instead.
 */
export const COUNT_CAP = 1_000;
/**
 * The other tabs are counted up to here ("100+"): enough to say a tab is busy, for a tenth of
 * the reading (docs/back-office-orders.md: counts).
 */
export const BADGE_CAP = 100;

export type { CountedTab };

/** What each tab is counted up to when `shown` is the tab on the screen. */
export const countCaps = (shown: CountedTab): Record<CountedTab, number> =>
  Object.fromEntries(
    (['all', ...ORDER_TAB_NAMES] as CountedTab[]).map((t) => [t, t === shown ? COUNT_CAP : BADGE_CAP]),
  ) as Record<CountedTab, number>;

export interface AdminOrderFilter {
  tab?: OrderTab | undefined;
  /** New Zealand days (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
  /** Orders of these members only (an empty list matches nothing). */
  memberIds?: readonly number[] | undefined;
  supplierId?: number | undefined;
  minCents?: number | undefined;
  maxCents?: number | undefined;
  orderNo?: string | undefined;
}

/** The filter's values by name, as its statements take them (`filterWhere`, `sourceOf`). */
type FilterValue = 'from' | 'to' | 'memberIds' | 'supplierId' | 'minCents' | 'maxCents' | 'orderNo';
type Value = FilterValue | 'limit' | 'offset';

const valuesOf = (f: AdminOrderFilter): Record<FilterValue, unknown> => ({
  from: f.from,
  to: f.to,
  memberIds: f.memberIds && `{${f.memberIds.join(',')}}`,
  supplierId: f.supplierId,
  minCents: f.minCents,
  maxCents: f.maxCents,
  orderNo: f.orderNo,
});

/** What a filter's statements depend on but its values: its tab and which filters it has. */
const shapeOf = (f: AdminOrderFilter, what: string) =>
  `${what}:${f.tab ?? ''}:${(
    ['from', 'to', 'memberIds', 'supplierId', 'minCents', 'maxCents', 'orderNo'] as const
  )
    .map((k) => (f[k] === undefined ? 0 : 1))
    .join('')}`;

/** The list's statements, written once per shape (lib/sql.ts). */
const statements = statementShapes<Value>();

/**
 * What the list reads as `o`: the orders, or for a supplier its rows of sale_order_supplier, with
 * the columns the filters and the order use named as the order's, so a supplier's tab, count and
 * page come from its own indexes newest first. An order number names one order: that is read
 * from the orders and its supplier checked.
 */
const sourceOf = (f: AdminOrderFilter, v: ValueOf<FilterValue>): SQL =>
  f.supplierId === undefined || f.orderNo
    ? sql`sale_order o`
    : sql`(select order_id as id, status, created_at, total_cents, member_id
           from sale_order_supplier where supplier_id = ${v('supplierId')}) o`;

/** The filter's conditions on the source `o`, without the tab. */
const filterWhere = (f: AdminOrderFilter, v: ValueOf<FilterValue>): SQL => {
  const parts: SQL[] = [sql`true`];
  if (f.from)
    parts.push(sql`o.created_at >= (${v('from')}::date)::timestamp at time zone 'Pacific/Auckland'`);
  if (f.to) parts.push(sql`o.created_at < (${v('to')}::date + 1)::timestamp at time zone 'Pacific/Auckland'`);
  if (f.memberIds) parts.push(sql`o.member_id = any(${v('memberIds')}::int[])`);
  if (f.minCents !== undefined) parts.push(sql`o.total_cents >= ${v('minCents')}`);
  if (f.maxCents !== undefined) parts.push(sql`o.total_cents <= ${v('maxCents')}`);
  if (f.orderNo) {
    parts.push(sql`o.order_no = ${v('orderNo')}`);
    if (f.supplierId !== undefined)
      parts.push(
        sql`exists (select 1 from sale_order_supplier s where s.order_id = o.id and s.supplier_id = ${v('supplierId')})`,
      );
  }
  return sql.join(parts, sql` and `);
};

/** A tab's status as a literal: a prepared statement's plan then knows which status it reads. */
const statusIs = (tab: OrderTab): SQL => sql`o.status = ${sql.raw(String(Number(ORDER_TABS[tab])))}`;

const tabWhere = (f: AdminOrderFilter, v: ValueOf<FilterValue>): SQL =>
  f.tab === undefined ? filterWhere(f, v) : sql`${statusIs(f.tab)} and ${filterWhere(f, v)}`;

const cappedCount = (source: SQL, where: SQL, cap: number) =>
  sql`(select count(*) from (select 1 from ${source} where ${where} limit ${sql.raw(String(cap + 1))}) c)::int`;

/**
 * How many orders of each tab (and all) the filter matches, each counted up to BADGE_CAP + 1, in
 * one statement: each count is an index scan that stops there. The tab shown is counted further
 * with its page (`adminOrderPage`). The statement is the same whichever tab is shown, so a
 * filter's tabs share one prepared statement.
 */
export const orderTabCounts = async (db: Db, f: AdminOrderFilter): Promise<Record<CountedTab, number>> => {
  const build = (v: ValueOf<FilterValue>) => {
    const where = filterWhere(f, v);
    const source = sourceOf(f, v);
    return sql`select ${cappedCount(source, where, BADGE_CAP)} as "all", ${sql.join(
      ORDER_TAB_NAMES.map(
        (tab) =>
          sql`${cappedCount(source, sql`${statusIs(tab)} and ${where}`, BADGE_CAP)} as ${sql.identifier(tab)}`,
      ),
      sql`, `,
    )}`;
  };
  const [row] = await rowsOf<Record<CountedTab, number>>(
    db,
    statements(shapeOf({ ...f, tab: undefined }, 'counts'), build, valuesOf(f)),
    { prepared: true },
  );
  return row!;
};

export interface AdminOrderRow {
  id: number;
  orderNo: string;
  memberId: number;
  kind: 'goods' | 'club';
  title: string | null;
  status: number;
  payStatus: number;
  totalCents: number;
  cardCents: number;
  itemCount: number;
  suppliers: string;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  carrier: string | null;
  trackingNo: string | null;
  /** Who placed it (the customer module's contact of the member, read in the same statement). */
  member: MemberContact;
}

const listColumns = sql`o.id, o.order_no as "orderNo", o.member_id as "memberId", o.kind, o.title, o.status,
  o.pay_status as "payStatus", o.total_cents as "totalCents", o.card_cents as "cardCents",
  o.item_count as "itemCount", o.supplier_names as suppliers,
  to_json(o.created_at)#>>'{}' as "createdAt", to_json(o.paid_at)#>>'{}' as "paidAt",
  to_json(o.shipped_at)#>>'{}' as "shippedAt", o.carrier, o.tracking_no as "trackingNo", ${memberContactColumn('m')}`;

type ListRow = Omit<AdminOrderRow, 'member'> & { member_contact: MemberContact };
const withContact = ({ member_contact, ...r }: ListRow): AdminOrderRow => ({ ...r, member: member_contact });

/**
 * One page of the filtered list, newest first, and how many orders the filter's tab holds,
 * counted up to COUNT_CAP + 1, in one statement (`size` 0: the count alone).
 *
 * With an amount filter the statement is planned for its values each time, not prepared: a
 * prepared statement's generic plan guesses an amount range matches a few hundred orders, reads
 * them all through the amount index and sorts them, which for a wide range (60,000 of 100,000
 * orders) took 43 ms against 1.4 ms for the plan made for the values (the newest orders first,
 * their amounts read from the index: docs/back-office-orders.md).
 */
export const adminOrderPage = async (
  db: Db,
  f: AdminOrderFilter,
  page: number,
  size: number,
): Promise<{ rows: AdminOrderRow[]; count: number }> => {
  const build = (v: ValueOf<Value>) => {
    const source = sourceOf(f, v);
    const where = tabWhere(f, v);
    return sql`select t.tab_count, p.* from (select ${cappedCount(source, where, COUNT_CAP)} as tab_count) t
        left join lateral (
          select ${listColumns}, o.created_at as sort_at from (select o.id from ${source} where ${where}
            order by ${newestFirst} limit ${v('limit')} offset ${v('offset')}) p
          join sale_order o on o.id = p.id ${joinMember('m', sql`o.member_id`)}) p on true
        order by p.sort_at desc nulls last, p.id desc nulls last`;
  };
  const rows = await rowsOf<ListRow & { tab_count: number; sort_at: string }>(
    db,
    statements(shapeOf(f, 'page'), build, { ...valuesOf(f), limit: size, offset: (page - 1) * size }),
    { prepared: f.minCents === undefined && f.maxCents === undefined },
  );
  return {
    rows: rows.filter((r) => r.id !== null).map(({ tab_count, sort_at, ...r }) => withContact(r)),
    count: rows[0]?.tab_count ?? 0,
  };
};

/**
 * The filtered list, newest first, `batch` rows at a time (each batch one query continuing after
 * the last row), for an export that streams whatever its length.
 */
export async function* adminOrderBatches(
  db: Db,
  f: AdminOrderFilter,
  batch = 1000,
): AsyncGenerator<AdminOrderRow[]> {
  let after: { createdAt: string; id: number } | null = null;
  const v = valuesIn(valuesOf(f));
  for (;;) {
    const rows: AdminOrderRow[] = (
      await rowsOf<ListRow>(
        db,
        sql`select ${listColumns} from (select o.id from ${sourceOf(f, v)} where ${tabWhere(f, v)}
              ${after ? sql`and (o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``}
              order by ${newestFirst} limit ${batch}) p
            join sale_order o on o.id = p.id ${joinMember('m', sql`o.member_id`)}
            order by ${newestFirst}`,
      )
    ).map(withContact);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** An order as the back office sees it (also when its member deleted it from their list), or null. */
export const adminOrderDetail = async (
  db: Db,
  paymentsOf: OrderPaymentsReader,
  orderNo: string,
): Promise<(OrderDetail & { memberId: number; paidAt: string | null; shippedAt: string | null }) | null> => {
  const [row] = await rowsOf<{
    id: number;
    member_id: number;
    paid_at: string | null;
    shipped_at: string | null;
  }>(
    db,
    sql`select id, member_id, to_json(paid_at)#>>'{}' as paid_at, to_json(shipped_at)#>>'{}' as shipped_at
        from sale_order where order_no = ${orderNo}`,
  );
  if (!row) return null;
  const detail = await orderDetailOfRow(db, paymentsOf, row.id);
  return { ...detail, memberId: row.member_id, paidAt: row.paid_at, shippedAt: row.shipped_at };
};

const STATUS_WORDS = ['to pay', 'to ship', 'shipped', 'completed', 'cancelled'];
const PAY_WORDS = ['unpaid', 'paid', 'refunding', 'refunded', 'payment failed'];

/** An order's state as the audit log records it before and after a change, in words; null when there is none. */
export const orderStateOf = async (db: Db, orderNo: string) => {
  const [row] = await rowsOf<{
    status: number;
    pay_status: number;
    carrier: string | null;
    tracking_no: string | null;
  }>(db, sql`select status, pay_status, carrier, tracking_no from sale_order where order_no = ${orderNo}`);
  if (!row) return null;
  return {
    status: STATUS_WORDS[row.status] ?? String(row.status),
    payStatus: PAY_WORDS[row.pay_status] ?? String(row.pay_status),
    carrier: row.carrier,
    trackingNo: row.tracking_no,
  };
};
