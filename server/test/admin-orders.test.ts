import { ORDER_STATUS, PAY_STATUS } from '@mall/shared/codes';
import type { OrderDetail } from '@mall/shared/contract/order';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countRows, deliveredMessages, registerMember, userInfo } from './account-helpers.ts';
import { type MatrixCall, roleMatrixTests, signInEveryone } from './admin-matrix.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

/** The back office's orders (docs/back-office-orders.md): list, detail, ship, refund, export. */

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
let everyone: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: ORDER_TEST_ENV });
  api = caller(server);
  fx = await orderFixtures(server, 'AdminOrders');
  everyone = await signInEveryone(server);
});
afterAll(() => server.close());

const owner = () => everyone.as.owner.headers;

interface ListRow {
  orderNo: string;
  status: number;
  payStatus: number;
  totalCents: number;
  itemCount: number;
  suppliers: string;
  member: { name: string; email: string; phone: string };
  carrier: string | null;
  trackingNo: string | null;
}
interface ListPage {
  records: ListRow[];
  counts: Record<'all' | 'toPay' | 'toShip' | 'shipped' | 'completed' | 'cancelled', number>;
  total: number;
  capped: boolean;
}
type AdminDetail = OrderDetail & {
  member: { email: string };
  paidAt: string | null;
  shippedAt: string | null;
};

const list = (query: Record<string, string | number>, headers = owner()) =>
  server.call<ListPage>({
    url: `/api/admin/orders?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers,
  });
const detail = (orderNo: string) =>
  server.call<AdminDetail>({ url: `/api/admin/orders/${orderNo}`, headers: owner() });
const ship = (payload: Record<string, unknown>, headers = owner()) =>
  server.call<{ id: number; orderNo: string }>({
    method: 'POST',
    url: '/api/admin/orders/ship',
    headers,
    payload,
  });
const refund = (payload: Record<string, unknown>, headers = owner()) =>
  server.call<{ gatewayCents: number }>({
    method: 'POST',
    url: '/api/admin/orders/refund',
    headers,
    payload,
  });

/** A new member with a name of their own and an order of `lines`, paid unless `paid` is false. */
const memberOrder = async (
  lines: [number, number][],
  paid = true,
  name = `Tui_${Math.random().toString(36).slice(2, 8)}`,
) => {
  const signedIn = await registerMember(server, 'retail', { userName: name });
  const h = bearer(signedIn);
  const address = await api.address(h);
  const ids: number[] = [];
  for (const [sku, n] of lines) ids.push((await api.add(h, sku, n)).id);
  const placed = await api.submit(h, { cartItemIds: ids, addressId: address.id });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const order = placed.body.data;
  if (paid) expect((await api.pay(h, order.id)).res.statusCode).toBe(303);
  const info = (await userInfo(server, h)).body.data;
  return { h, order, name, email: info.userAccount, phone: info.userPhone };
};

/** What a refused call must leave as it was. */
const snapshot = async () => ({
  audit: await countRows(server, 'audit_log'),
  // Shipping mails only: a placed order's confirmation is queued after its answer, at any moment.
  shippingMails: (
    (await server.database.db.execute(
      sql`select count(*)::int as n from mail_queue where subject like '% has shipped'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n,
  orders: (
    (await server.database.db.execute(
      sql`select status, pay_status, carrier, tracking_no, count(*)::int as n from sale_order
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    )) as unknown as { rows: unknown[] }
  ).rows,
});

const calls: MatrixCall[] = [
  {
    name: 'GET orders',
    allowed: ['owner', 'orders'],
    request: () => ({ method: 'GET', url: '/api/admin/orders' }),
    okStatus: 200,
  },
  {
    name: 'GET orders/suppliers',
    allowed: ['owner', 'orders'],
    request: () => ({ method: 'GET', url: '/api/admin/orders/suppliers' }),
    okStatus: 200,
  },
  {
    name: 'GET orders/export.xlsx',
    allowed: ['owner', 'orders'],
    // A spreadsheet, not an envelope: the matrix reads the status alone.
    request: () => ({ method: 'GET', url: '/api/admin/orders/export.xlsx' }),
    okStatus: 200,
  },
  {
    name: 'GET orders/:orderNo',
    allowed: ['owner', 'orders'],
    request: () => ({ method: 'GET', url: '/api/admin/orders/KM000000000000' }),
    okStatus: 404,
  },
  {
    name: 'POST orders/ship',
    allowed: ['owner', 'orders'],
    request: () => ({
      method: 'POST',
      url: '/api/admin/orders/ship',
      payload: { orderNo: 'KM000000000000', carrier: 'NZ Post', trackingNo: 'NZ1' },
    }),
    okStatus: 404,
  },
  {
    name: 'POST orders/refund',
    allowed: ['owner', 'orders'],
    request: () => ({
      method: 'POST',
      url: '/api/admin/orders/refund',
      payload: { orderNo: 'KM000000000000' },
    }),
    okStatus: 404,
  },
];

const matrixCounts = async () => {
  const s = await snapshot();
  return { audit: s.audit, mails: s.shippingMails, orders: JSON.stringify(s.orders).length };
};

describe(`the orders calls' role x call matrix (${testDbKind})`, () => {
  roleMatrixTests(calls, () => ({ server, headersOf: everyone.headersOf }), matrixCounts);
});

describe(`the orders list (${testDbKind})`, () => {
  it('finds orders by tab, member (e-mail, phone, name), order number, supplier, amount and date, with each tab counted', async () => {
    const a = await memberOrder([[fx.skus.kete, 1]]); // $33.33, AHL, paid: to ship
    const a2 = await memberOrder([[fx.skus.honey, 2]], false, a.name); // another member of the same name, unpaid
    const byName = (await list({ member: a.name })).body.data;
    expect(byName.records.map((r) => r.orderNo).sort()).toEqual([a.order.orderNo, a2.order.orderNo].sort());
    expect(byName.counts).toMatchObject({ all: 2, toPay: 1, toShip: 1, shipped: 0, cancelled: 0 });
    // The start of a name, in any case, finds its members; a part from its middle does not.
    const start = a.name.slice(0, -2).toUpperCase();
    expect((await list({ member: start })).body.data.records.map((r) => r.orderNo).sort()).toEqual(
      [a.order.orderNo, a2.order.orderNo].sort(),
    );
    expect((await list({ member: a.name.slice(4) })).body.data.records).toHaveLength(0);

    const toShip = (await list({ member: a.name, tab: 'toShip' })).body.data;
    expect(toShip.records).toHaveLength(1);
    expect(toShip.records[0]).toMatchObject({
      orderNo: a.order.orderNo,
      status: Number(ORDER_STATUS.toShip),
      payStatus: Number(PAY_STATUS.paid),
      itemCount: 1,
      member: { name: a.name, email: a.email },
    });
    expect(toShip.total).toBe(1);
    expect((await list({ member: a.name, tab: 'toPay' })).body.data.records.map((r) => r.orderNo)).toEqual([
      a2.order.orderNo,
    ]);

    expect((await list({ member: a.email.toUpperCase() })).body.data.records.map((r) => r.orderNo)).toEqual([
      a.order.orderNo,
    ]);
    expect((await list({ member: a2.phone })).body.data.records.map((r) => r.orderNo)).toEqual([
      a2.order.orderNo,
    ]);
    expect((await list({ orderNo: a2.order.orderNo.toLowerCase() })).body.data.records).toHaveLength(1);
    expect((await list({ member: 'nobody-has-this-name-zz' })).body.data).toMatchObject({
      records: [],
      total: 0,
    });

    // Supplier: the kete's supplier has order a, the honey's has a2.
    const keteSupplier = (await detail(a.order.orderNo)).body.data.lines[0]!.supplierId;
    expect(
      (await list({ member: a.name, supplierId: keteSupplier })).body.data.records.map((r) => r.orderNo),
    ).toEqual([a.order.orderNo]);
    const honeyLine = (await detail(a2.order.orderNo)).body.data.lines[0]!;
    const honeySupplier = honeyLine.supplierId;
    // Each row counts its units and names its suppliers.
    expect((await list({ orderNo: a2.order.orderNo })).body.data.records[0]).toMatchObject({
      itemCount: 2,
      suppliers: honeyLine.supplierName,
    });
    expect(honeySupplier).not.toBe(keteSupplier);
    const supplierCounts = async (supplierId: number) =>
      (await list({ member: a.name, supplierId })).body.data.counts;
    expect(await supplierCounts(keteSupplier)).toMatchObject({ all: 1, toShip: 1, shipped: 0 });
    // An order number with a supplier it does not buy from matches nothing.
    expect(
      (await list({ orderNo: a.order.orderNo, supplierId: honeySupplier })).body.data.records,
    ).toHaveLength(0);
    expect(
      (await list({ orderNo: a.order.orderNo, supplierId: keteSupplier })).body.data.records,
    ).toHaveLength(1);
    // A supplier's tabs follow the order: shipped, it leaves the supplier's "to ship" tab.
    expect((await ship({ orderNo: a.order.orderNo, carrier: 'NZ Post' })).status).toBe(200);
    expect(await supplierCounts(keteSupplier)).toMatchObject({ all: 1, toShip: 0, shipped: 1 });
    expect(
      (await list({ member: a.name, supplierId: keteSupplier, tab: 'shipped' })).body.data.records.map(
        (r) => r.orderNo,
      ),
    ).toEqual([a.order.orderNo]);

    // Amount: a2 is two honeys (2 x $19.99 plus shipping), a one kete.
    const aTotal = toShip.records[0]!.totalCents;
    const a2Total = (await list({ orderNo: a2.order.orderNo })).body.data.records[0]!.totalCents;
    expect(aTotal).not.toBe(a2Total);
    const [low, high] = aTotal < a2Total ? [a, a2] : [a2, a];
    const lowTotal = Math.min(aTotal, a2Total);
    const dollars = (c: number) => (c / 100).toFixed(2);
    expect(
      (await list({ member: a.name, maxAmount: dollars(lowTotal) })).body.data.records.map((r) => r.orderNo),
    ).toEqual([low.order.orderNo]);
    expect(
      (await list({ member: a.name, minAmount: dollars(lowTotal + 1) })).body.data.records.map(
        (r) => r.orderNo,
      ),
    ).toEqual([high.order.orderNo]);

    // Dates are New Zealand days: today has them, yesterday has none.
    const nzDay = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', {
        timeZone: 'Pacific/Auckland',
      });
    expect((await list({ member: a.name, from: nzDay(0), to: nzDay(0) })).body.data.counts.all).toBe(2);
    expect((await list({ member: a.name, from: nzDay(-1), to: nzDay(-1) })).body.data.counts.all).toBe(0);
  });

  it('pages newest first', async () => {
    const name = `Pager_${Math.random().toString(36).slice(2, 8)}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await memberOrder([[fx.skus.own, 1]], false, name)).order.orderNo);
    const first = (await list({ member: name, pageSize: 2, pageNum: 1 })).body.data;
    const second = (await list({ member: name, pageSize: 2, pageNum: 2 })).body.data;
    expect(first.total).toBe(3);
    expect([...first.records, ...second.records].map((r) => r.orderNo)).toEqual([...made].reverse());
  });
});

describe(`an order's detail, shipping and refund (${testDbKind})`, () => {
  it('ships a paid order with carrier and tracking: the member sees both in the timeline and gets a mail; the audit log has before and after', async () => {
    const m = await memberOrder([[fx.skus.kete, 2]]);
    const d = (await detail(m.order.orderNo)).body.data;
    expect(d).toMatchObject({
      orderNo: m.order.orderNo,
      status: ORDER_STATUS.toShip,
      member: { email: m.email },
      address: { recipient: 'Aroha Ngata' },
      carrier: null,
      trackingNo: null,
    });
    expect(d.lines).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ status: 'succeeded' });
    expect(d.timeline.map((e) => e.kind)).toContain('paid');

    const res = await ship(
      { orderNo: m.order.orderNo, carrier: 'NZ Post', trackingNo: 'NZ123456789NZ' },
      everyone.as.orders.headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const seen = (await api.detail(m.h, m.order.id)).body.data;
    expect(seen).toMatchObject({
      status: ORDER_STATUS.shipped,
      carrier: 'NZ Post',
      trackingNo: 'NZ123456789NZ',
    });
    expect(seen.timeline.at(-1)).toMatchObject({
      kind: 'shipped',
      note: 'Carrier NZ Post · Tracking number NZ123456789NZ',
    });

    const mails = await deliveredMessages(server, m.email);
    const shippedMail = mails.find((x) => x.includes('has shipped'));
    expect(shippedMail).toBeDefined();
    expect(shippedMail!.replace(/=\r?\n/g, '')).toContain('NZ123456789NZ');
    expect(shippedMail).toContain('NZ Post');

    const [audit] = (
      (await server.database.db.execute(
        sql`select a.action, a.before, a.after, o.name from audit_log a join operator o on o.id = a.operator_id
            where a.subject = ${`order ${m.order.orderNo}`} order by a.id`,
      )) as unknown as { rows: { action: string; before: unknown; after: unknown; name: string }[] }
    ).rows;
    expect(audit).toEqual({
      action: 'order.ship',
      name: everyone.as.orders.name,
      before: { status: 'to ship', payStatus: 'paid', carrier: null, trackingNo: null },
      after: { status: 'shipped', payStatus: 'paid', carrier: 'NZ Post', trackingNo: 'NZ123456789NZ' },
    });

    // The list shows it under Shipped now, with its carrier.
    expect((await list({ orderNo: m.order.orderNo, tab: 'shipped' })).body.data.records[0]).toMatchObject({
      carrier: 'NZ Post',
      trackingNo: 'NZ123456789NZ',
    });

    // Shipping it again is refused, saying why, and changes nothing.
    const before = await snapshot();
    const again = await ship({ orderNo: m.order.orderNo, carrier: 'CourierPost', trackingNo: 'X' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Order ${m.order.orderNo} is not waiting to be shipped: it has already shipped.`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to ship or refund an unpaid order, saying why, and changes nothing', async () => {
    const m = await memberOrder([[fx.skus.honey, 1]], false);
    const before = await snapshot();
    const shipped = await ship({ orderNo: m.order.orderNo, carrier: 'NZ Post' });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe(
      `Order ${m.order.orderNo} is not waiting to be shipped: it is not paid yet.`,
    );
    const refunded = await refund({ orderNo: m.order.orderNo });
    expect(refunded.status).toBe(409);
    expect(refunded.body.message).toContain('is not paid');
    expect(await snapshot()).toEqual(before);
  });

  it('cancels a paid order and refunds it through the gateway, audited; a second refund is refused', async () => {
    const m = await memberOrder([[fx.skus.kete, 1]]);
    const res = await refund({ orderNo: m.order.orderNo });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = (await detail(m.order.orderNo)).body.data;
    expect(d).toMatchObject({ status: ORDER_STATUS.cancelled, payStatus: PAY_STATUS.refunded });
    expect(res.body.data.gatewayCents).toBe(Math.round(d.totalAmount * 100));
    expect(d.refunds).toEqual([expect.objectContaining({ to: 'gateway', amount: d.totalAmount })]);
    expect(d.payments[0]!.refunds[0]).toMatchObject({ amount: d.totalAmount, reason: 'operator' });
    const [audit] = (
      (await server.database.db.execute(
        sql`select before, after from audit_log where subject = ${`order ${m.order.orderNo}`} and action = 'order.refund'`,
      )) as unknown as { rows: { before: unknown; after: unknown }[] }
    ).rows;
    expect(audit).toMatchObject({
      before: { status: 'to ship', payStatus: 'paid' },
      after: { status: 'cancelled', payStatus: 'refunded', gatewayCents: res.body.data.gatewayCents },
    });

    const before = await snapshot();
    const again = await refund({ orderNo: m.order.orderNo });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Order ${m.order.orderNo} is already cancelled.`);
    const shipCancelled = await ship({ orderNo: m.order.orderNo });
    expect(shipCancelled.body.message).toBe(
      `Order ${m.order.orderNo} is not waiting to be shipped: it is cancelled.`,
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe(`bad input to the orders calls (${testDbKind})`, () => {
  const LONG = 'x'.repeat(2000);
  const TWENTY = '99999999999999999999';

  it('answers 400 to a bad list or export query', async () => {
    const bad: Record<string, string>[] = [
      { member: 'a\u0000b' },
      { member: LONG },
      { supplierId: TWENTY },
      { supplierId: 'one' },
      { pageNum: TWENTY },
      { pageNum: 'x' },
      { pageSize: '1000' },
      { tab: 'everything' },
      { from: '2026-02-30' },
      { from: 'yesterday' },
      { from: '2026-03-02', to: '2026-03-01' },
      { minAmount: TWENTY },
      { maxAmount: '99999999' },
      { minAmount: '-1' },
      { minAmount: '20', maxAmount: '10' },
      { orderNo: LONG },
      { orderNo: 'KM1; drop table' },
    ];
    for (const q of bad) {
      const res = await list(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.success).toBe(false);
      const xlsx = await server.app.inject({
        url: `/api/admin/orders/export.xlsx?${new URLSearchParams(q)}`,
        headers: owner(),
      });
      if (!('pageNum' in q) && !('pageSize' in q))
        expect(xlsx.statusCode, `export ${JSON.stringify(q)}`).toBe(400);
    }
  });

  it('answers 4xx to a bad ship, refund or detail call, and changes nothing', async () => {
    const m = await memberOrder([[fx.skus.kete, 1]]);
    const before = await snapshot();
    const badShips: unknown[] = [
      { orderNo: m.order.orderNo, carrier: 'NZ\u0000Post' },
      { orderNo: m.order.orderNo, trackingNo: LONG },
      { orderNo: m.order.orderNo, carrier: LONG },
      { orderNo: m.order.orderNo, carrier: 42 },
      { orderNo: m.order.orderNo, trackingNo: ['NZ1'] },
      { orderNo: m.order.orderNo, carrier: 'NZ Post\nBcc: x@example.com' },
      { orderNo: Number(TWENTY) },
      { orderNo: TWENTY },
      { orderNo: '' },
      { orderNo: LONG },
      {},
      [],
    ];
    for (const payload of badShips) {
      const res = await server.call({
        method: 'POST',
        url: '/api/admin/orders/ship',
        headers: owner(),
        payload: payload as object,
      });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const payload of [{ orderNo: 'a\u0000b' }, { orderNo: 7 }, { orderNo: LONG }, { orderNo: TWENTY }]) {
      const res = await refund(payload);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const no of [encodeURIComponent('a\u0000b'), LONG, TWENTY]) {
      const res = await server.call({ url: `/api/admin/orders/${no}`, headers: owner() });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
    expect((await detail(m.order.orderNo)).body.data.status).toBe(ORDER_STATUS.toShip);
  });
});

describe(`the orders export (${testDbKind})`, () => {
  it('writes the filtered list as an .xlsx: a header row, amounts as numbers with 2 decimals, dates', async () => {
    const name = `Export_${Math.random().toString(36).slice(2, 8)}`;
    const one = await memberOrder([[fx.skus.kete, 1]], true, name);
    const two = await memberOrder([[fx.skus.honey, 3]], false, name);
    await ship({ orderNo: one.order.orderNo, carrier: 'Aramex', trackingNo: 'AX-77' });
    const listed = (await list({ member: name })).body.data.records;
    expect(listed).toHaveLength(2);

    const res = await server.app.inject({
      url: `/api/admin/orders/export.xlsx?member=${encodeURIComponent(name)}`,
      headers: owner(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Orders')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Order number',
      'Placed (NZ time)',
      'Status',
      'Payment',
      'Member number',
      'Member',
      'E-mail',
      'Phone',
      'Suppliers',
      'Items',
      'Total (NZD, GST incl.)',
      'Paid by cash card (NZD)',
      'Paid (NZ time)',
      'Shipped (NZ time)',
      'Carrier',
      'Tracking number',
    ]);
    expect(sheet.actualRowCount).toBe(3);
    const col = (name: string) => header.indexOf(name) + 1;
    const rows = [2, 3].map((i) => sheet.getRow(i));
    // Newest first, as the list.
    expect(rows.map((r) => r.getCell(1).value)).toEqual(listed.map((r) => r.orderNo));
    for (const [i, r] of rows.entries()) {
      const total = r.getCell(col('Total (NZD, GST incl.)'));
      expect(typeof total.value).toBe('number');
      expect(total.value).toBe(listed[i]!.totalCents / 100);
      expect(total.numFmt).toBe('#,##0.00');
      const placed = r.getCell(col('Placed (NZ time)'));
      expect(placed.value).toBeInstanceOf(Date);
      expect(placed.numFmt).toBe('yyyy-mm-dd hh:mm');
      expect(r.getCell(col('Member')).value).toBe(name);
    }
    const shippedRow = rows.find((r) => r.getCell(1).value === one.order.orderNo)!;
    expect(shippedRow.getCell(col('Status')).value).toBe('Shipped');
    expect(shippedRow.getCell(col('Carrier')).value).toBe('Aramex');
    expect(shippedRow.getCell(col('Tracking number')).value).toBe('AX-77');
    expect(shippedRow.getCell(col('Shipped (NZ time)')).value).toBeInstanceOf(Date);
    const unpaidRow = rows.find((r) => r.getCell(1).value === two.order.orderNo)!;
    expect(unpaidRow.getCell(col('Status')).value).toBe('To pay');
    expect(unpaidRow.getCell(col('Items')).value).toBe(3);
    // The placed time is New Zealand's wall clock: its day is today's in Auckland.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Pacific/Auckland' });
    expect((unpaidRow.getCell(col('Placed (NZ time)')).value as Date).toISOString().slice(0, 10)).toBe(today);
  });
});
