import { ORDER_STATUS } from '@mall/shared/codes';
import type { OrderSummary } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInvoicePdf } from '../src/modules/order/invoice.ts';
import { markShipped } from '../src/modules/order/service.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { bearer, registerMember } from './account-helpers.ts';
import { insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { caller, ORDER_TEST_ENV, orderFixtures } from './order-helpers.ts';

let server: TestServer;
let api: ReturnType<typeof caller>;
let fx: Awaited<ReturnType<typeof orderFixtures>>;
/** A SKU with options whose name needs more than Helvetica (a macron). */
let manuka: { goodsId: number; skuId: number };

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    env: ORDER_TEST_ENV,
  });
  api = caller(server);
  fx = await orderFixtures(server, 'Docs');
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, 'Docs Manuka');
  const [good] = await insertFixtureGoods(db, cats.thirdId, [
    {
      name: 'Mānuka Honey UMF 10+',
      supplier: 'PBC',
      skus: [{ retail: 4550, wholesale: 3900, club: 4200, options: { Size: '500 g' } }],
    },
  ]);
  manuka = { goodsId: good!.id, skuId: good!.skuIds[0]! };
  await setStock(db, manuka.skuId, (await resolveStockOrganisationId(db, null))!, 100);
});
afterAll(() => server.close());

/** A fresh member with an address (recipient Aroha Ngata) who orders `lines`; the placed order. */
const placeOrder = async (lines: [number, number][], address: Record<string, unknown> = {}) => {
  const h = bearer(await registerMember(server, 'retail'));
  const addr = await api.address(h, 'AUK', address);
  const ids: number[] = [];
  for (const [sku, n] of lines) ids.push((await api.add(h, sku, n)).id);
  const res = await api.submit(h, { cartItemIds: ids, addressId: addr.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { h, order: res.body.data as OrderSummary };
};

/** Pays through the sandbox gateway's card form with the success card. */
const pay = async (h: Record<string, string>, orderId: number) =>
  expect((await api.pay(h, orderId)).res.statusCode).toBe(303);

const invoiceOf = (h: Record<string, string>, id: number | string) =>
  server.app.inject({ method: 'GET', url: `/api/sale/order/app/invoice/${id}`, headers: h });

const pdfText = async (pdf: Buffer) => {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
};

const gstCentsOf = async (orderId: number) => {
  const res = (await server.database.db.execute(
    sql`select gst_cents, total_cents from sale_order where id = ${orderId}`,
  )) as unknown as { rows: { gst_cents: number; total_cents: number }[] };
  return res.rows[0]!;
};

describe(`the GST tax invoice (${testDbKind})`, () => {
  it('is a PDF tax invoice of a paid order with the seller, buyer, lines, shipping and the exact GST', async () => {
    const { h, order } = await placeOrder([
      [manuka.skuId, 1],
      [fx.skus.kete, 1],
    ]);
    await pay(h, order.id);
    const res = await invoiceOf(h, order.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.orderNo}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const detail = (await api.detail(h, order.id)).body.data;
    // 45.50 + 33.33 + 8.90 shipping = 87.73; GST 87.73 x 3/23 = 11.4430 -> 11.44, as stored.
    expect(detail).toMatchObject({ payAmount: 87.73, gstAmount: 11.44, shippingFee: 8.9 });
    expect(await gstCentsOf(order.id)).toEqual({ gst_cents: 1144, total_cents: 8773 });

    const text = await pdfText(pdf);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(server.config.seller.name);
    expect(text).toContain(`GST number: ${server.config.seller.gstNumber}`);
    expect(text).toContain(order.orderNo);
    expect(text).toContain('Aroha Ngata');
    expect(text).toContain('12 Queen Street');
    // The macron is drawn (embedded font), not lost.
    expect(text).toContain('Mānuka Honey UMF 10+');
    expect(text).toContain('$45.50');
    expect(text).toContain('$33.33');
    expect(text).toContain('Shipping');
    expect(text).toContain('$8.90');
    expect(text).toContain('$87.73');
    expect(text).toContain(`Total includes GST of ${formatPrice(detail.gstAmount)}`);
    expect(text).toContain('Total includes GST of $11.44');
  });

  it('names the buyer on a supply over $1,000, leaves out free shipping, and stays available once shipped and completed', async () => {
    const { h, order } = await placeOrder([[fx.skus.bulk, 5]], { recipient: 'Hēmi Pōtae' });
    await pay(h, order.id);
    await markShipped(server.database.db, order.orderNo, null);
    let text = await pdfText((await invoiceOf(h, order.id)).rawPayload);
    expect(text).toContain('Hēmi Pōtae');
    expect(text).toContain('$1,250.00');
    expect(text).not.toContain('Shipping');
    // 1250 x 3/23 = 163.0435 -> 163.04
    expect(text).toContain('Total includes GST of $163.04');
    expect(await gstCentsOf(order.id)).toMatchObject({ gst_cents: 16304 });

    const done = await api.call(h, 'PATCH', `/api/sale/order/confirm/receipt/${order.id}`);
    expect(done.status).toBe(200);
    const res = await invoiceOf(h, order.id);
    expect(res.statusCode).toBe(200);
    text = await pdfText(res.rawPayload);
    expect(text).toContain('Tax Invoice');
  });

  it('has no invoice before payment (409), nor after cancelling (409)', async () => {
    const { h, order } = await placeOrder([[fx.skus.honey, 1]]);
    const res = await invoiceOf(h, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 409,
      message: 'This order has no tax invoice until it is paid.',
      data: null,
      reason: 'conflict',
    });
    await api.call(h, 'PATCH', `/api/sale/order/cancel/${order.id}`);
    expect((await invoiceOf(h, order.id)).statusCode).toBe(409);
  });

  it("answers 404 for another member's or an unknown order, 401 for a guest, 400 for a bad id", async () => {
    const { h, order } = await placeOrder([[fx.skus.honey, 1]]);
    await pay(h, order.id);
    const other = bearer(await registerMember(server, 'retail'));
    const res = await invoiceOf(other, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: 'id: This order was not found.' });
    expect((await invoiceOf(h, 2_000_000_000)).statusCode).toBe(404);
    const guest = await invoiceOf({}, order.id);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 401 });
    const bad = await invoiceOf(h, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });

  it('builds the same invoice uncompressed, with the words in the page content', async () => {
    const { h, order } = await placeOrder([[fx.skus.honey, 1]]);
    await pay(h, order.id);
    const detail = (await api.detail(h, order.id)).body.data;
    const pdf = await buildInvoicePdf(
      { order: detail, paidAt: new Date(), seller: server.config.seller, brand: server.config.brand },
      { compress: false },
    );
    expect(pdf.toString('latin1')).not.toContain('/FlateDecode');
    const text = await pdfText(pdf);
    // 19.99 + 8.90 = 28.89; GST 3.77.
    expect(text).toContain('Total includes GST of $3.77');
  });
});

const exportOf = (h: Record<string, string>, id: number | string) =>
  server.app.inject({ method: 'GET', url: `/api/sale/order/detail/supplier/export/${id}`, headers: h });

const readBook = async (body: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
};

describe(`the supplier export (${testDbKind})`, () => {
  it('has one worksheet per supplier with its lines, exact amounts, a total row and the delivery address', async () => {
    const { h, order } = await placeOrder([
      [fx.skus.kete, 2],
      [fx.skus.honey, 3],
      [manuka.skuId, 2],
      [fx.skus.bulk, 1],
    ]);
    // Any status: a pending order can be exported.
    expect(order.status).toBe(ORDER_STATUS.pendingPayment);
    const res = await exportOf(h, order.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="order-${order.orderNo}-suppliers.xlsx"`,
    );
    const book = await readBook(res.rawPayload);
    expect(book.worksheets.map((s) => s.name).sort()).toEqual(['AHL', 'PBC', 'TST']);

    const pbc = book.getWorksheet('PBC')!;
    expect(pbc.getRow(1).values).toEqual([
      undefined,
      'Order number',
      'Date',
      'SKU id',
      'Goods',
      'Options',
      'Quantity',
      'Unit price',
      'Amount',
      'Discount',
      'After discount',
    ]);
    const rows = [2, 3].map((n) => pbc.getRow(n));
    const bySku = new Map(rows.map((r) => [r.getCell(3).value, r]));
    const honey = bySku.get(fx.skus.honey)!;
    expect(honey.getCell(1).value).toBe(order.orderNo);
    expect(honey.getCell(2).value).toBeInstanceOf(Date);
    expect(honey.getCell(4).value).toBe('Docs Honey');
    expect(honey.getCell(6).value).toBe(3);
    expect(honey.getCell(7).value).toBe(19.99);
    expect(honey.getCell(8).value).toBe(59.97);
    expect(honey.getCell(8).numFmt).toBe('$#,##0.00');
    expect(honey.getCell(9).value).toBe(0);
    expect(honey.getCell(10).value).toBe(59.97);
    const jar = bySku.get(manuka.skuId)!;
    expect(jar.getCell(4).value).toBe('Mānuka Honey UMF 10+');
    expect(jar.getCell(5).value).toContain('500 g');
    expect(jar.getCell(7).value).toBe(45.5);
    expect(jar.getCell(8).value).toBe(91);
    const total = pbc.getRow(4);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(6).value).toBe(5);
    // 59.97 + 91.00, not float noise.
    expect(total.getCell(8).value).toBe(150.97);
    expect(total.getCell(8).numFmt).toBe('$#,##0.00');
    const cells: string[] = [];
    pbc.eachRow((r) => r.eachCell((c) => cells.push(String(c.value))));
    expect(cells).toContain('Aroha Ngata');
    expect(cells.some((c) => c.includes('12 Queen Street') && c.includes('Auckland'))).toBe(true);

    const ahl = book.getWorksheet('AHL')!;
    expect(ahl.getRow(2).getCell(8).value).toBe(66.66);
    expect(ahl.getRow(3).getCell(8).value).toBe(66.66);
    const tst = book.getWorksheet('TST')!;
    expect(tst.getRow(3).getCell(8).value).toBe(250);
  });

  it("answers 404 for another member's order, 401 for a guest", async () => {
    const { order } = await placeOrder([[fx.skus.kete, 1]]);
    const other = bearer(await registerMember(server, 'retail'));
    const res = await exportOf(other, order.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: 'id: This order was not found.' });
    expect((await exportOf({}, order.id)).statusCode).toBe(401);
  });
});
