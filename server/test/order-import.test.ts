import { LIMIT_MESSAGE, MIX_MESSAGE } from '@mall/shared/cart-rules';
import { cartMergeResultSchema } from '@mall/shared/contract/cart';
import {
  IMPORT_PROBLEMS_PATH,
  IMPORT_QUERY_PATH,
  IMPORT_REASON,
  IMPORT_TEMPLATE_PATH,
  type ImportCheck,
  importCheckSchema,
  XLSX_TYPE,
} from '@mall/shared/contract/order-import';
import { envelopeOf } from '@mall/shared/envelope';
import { reasonOfStatus } from '@mall/shared/reasons';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/lib/sql.ts';
import { DEMO_PASSWORD, DEMO_WHOLESALE } from '../src/modules/customer/seed.ts';
import { SHEET_MESSAGES } from '../src/modules/order-import/sheet-reader.ts';
import { resolveStockOrganisationId } from '../src/modules/reference/service.ts';
import { bearer, login } from './account-helpers.ts';
import { insertFixtureCategories, insertFixtureGoods, setStock } from './catalogue-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { csvOf, HEADER, xlsxOf, zipBomb } from './order-sheets.ts';

let server: TestServer;
let wholesale: Record<string, string>;
/** Codes of the fixture SKUs. */
const c = { own: '', tray: '', honey: '', hidden: '', trayGtin: '' };
const ids = { tray: 0, honey: 0 };

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const db = server.database.db;
  const cats = await insertFixtureCategories(db, 'Import Fixture');
  const [own, tray, honey, hidden] = await insertFixtureGoods(db, cats.thirdId, [
    { name: 'Own Jar', supplier: 'SPY', skus: [{ retail: 1000, wholesale: 700, club: 900 }] },
    {
      name: 'Rimu Tray',
      supplier: 'TST',
      skus: [{ retail: 1999, wholesale: 1500, club: 1899, maxCount: 5 }],
    },
    { name: 'Mānuka Honey', supplier: 'PBC', skus: [{ retail: 4550, wholesale: 3333, club: 4100 }] },
    {
      name: 'Hidden Thing',
      supplier: 'TST',
      skus: [{ retail: 500, wholesale: 400, club: 450 }],
      enabled: false,
    },
  ]);
  const org = (await resolveStockOrganisationId(db, null))!;
  for (const [sku, n] of [
    [own!.skuIds[0]!, 10],
    [tray!.skuIds[0]!, 100],
    [honey!.skuIds[0]!, 4],
    [hidden!.skuIds[0]!, 10],
  ] as const) {
    await setStock(db, sku, org, n);
  }
  ids.tray = tray!.skuIds[0]!;
  ids.honey = honey!.skuIds[0]!;
  await db.execute(sql`update sku set gtin = '9421234567890' where id = ${ids.tray}`);
  const codes = await rowsOf<{ id: number; code: string }>(
    db,
    sql`select id, code from sku where id in (${own!.skuIds[0]}, ${ids.tray}, ${ids.honey}, ${hidden!.skuIds[0]})`,
  );
  const codeOf = (id: number) => codes.find((r) => r.id === id)!.code;
  Object.assign(c, {
    own: codeOf(own!.skuIds[0]!),
    tray: codeOf(ids.tray),
    honey: codeOf(ids.honey),
    hidden: codeOf(hidden!.skuIds[0]!),
    trayGtin: '9421234567890',
  });
  const w = await login(server, 'wholesale', DEMO_WHOLESALE.email, DEMO_PASSWORD);
  wholesale = bearer(w.body.data);
});
afterAll(() => server.close());

const multipart = (file: Buffer, filename: string, field = 'file') => {
  const boundary = `----import${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const upload = (
  file: Buffer,
  filename = 'order.xlsx',
  headers: Record<string, string> = {},
  field = 'file',
) => {
  const body = multipart(file, filename, field);
  return server.call<ImportCheck>({
    method: 'POST',
    url: IMPORT_QUERY_PATH,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const checked = async (res: Awaited<ReturnType<typeof upload>>) => {
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return envelopeOf(importCheckSchema).parse(res.body).data;
};
const cartCount = async () =>
  (await rowsOf<{ n: number }>(server.database.db, sql`select count(*)::int as n from cart_line`))[0]!.n;

describe('GET the template', () => {
  it('is an .xlsx with the columns, two example rows of real codes, count validation and a rules sheet', async () => {
    const res = await server.app.inject(IMPORT_TEMPLATE_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kauri-mall-order-import.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [order, rules] = book.worksheets;
    expect(order!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const examples = [2, 3].map((r) => String(order!.getCell(r, 1).value));
    const known = await rowsOf<{ code: string }>(
      server.database.db,
      sql`select code from sku where code = any(${`{${examples.join(',')}}`}::text[])`,
    );
    expect(known).toHaveLength(2);
    expect(order!.getColumn(1).width).toBeGreaterThan(15);
    expect(order!.getCell('B2').dataValidation).toMatchObject({ type: 'whole', formulae: [1, 9999] });
    expect(order!.getCell('B10001').dataValidation).toMatchObject({ type: 'whole' });
    expect(rules!.name).toBe('Rules');
    expect(String(rules!.getCell('A1').value)).toMatch(/How to fill in/);
  });
});

describe('UPLOAD a sheet to be checked', () => {
  it('checks every row for this shopper and adds nothing', async () => {
    const file = await xlsxOf([
      [...HEADER],
      [c.tray, 2, 'tray'],
      ['nope-123', 1],
      [c.hidden, 1],
      [c.honey, 'two'],
      [c.honey.toLowerCase(), 5],
      [c.tray, 1, 'again'],
      [c.own, 1],
      [c.trayGtin, 1],
      ['', 3],
    ]);
    const check = await checked(await upload(file, 'my order.xlsx', wholesale));
    expect(check.fileName).toBe('my order.xlsx');
    const byRow = new Map(check.rows.map((r) => [r.row, r]));
    // Wholesale price, merged count (2 + 1) and the notice.
    expect(byRow.get(2)).toMatchObject({
      status: 'ok',
      count: 3,
      reasons: [],
      sku: { price: 15, stock: 100, maxCount: 5, supplierCode: 'TST' },
    });
    expect(byRow.get(2)!.notice).toBe('Listed twice (rows 2, 7): the counts were added up.');
    expect(byRow.get(7)).toMatchObject({ status: 'merged', mergedInto: 2 });
    expect(byRow.get(3)).toMatchObject({
      status: 'problem',
      reasons: [IMPORT_REASON.unknownCode],
      sku: null,
    });
    expect(byRow.get(4)).toMatchObject({ status: 'problem', reasons: [IMPORT_REASON.gone] });
    // "two" is no count; the same code on row 6 is merged into row 5, which stays refused.
    expect(byRow.get(5)!.reasons).toEqual([IMPORT_REASON.count]);
    expect(byRow.get(6)).toMatchObject({ status: 'merged', mergedInto: 5 });
    // Local SPY after other goods: the mixing rule.
    expect(byRow.get(8)).toMatchObject({ status: 'problem', reasons: [MIX_MESSAGE] });
    // A barcode finds its SKU too; here the tray's again, so the merge is by what was written.
    expect(byRow.get(9)).toMatchObject({ status: 'ok', sku: { skuId: ids.tray } });
    expect(byRow.get(10)!.reasons).toEqual([IMPORT_REASON.noCode]);
    expect(check.summary).toEqual({ rows: 9, matched: 2, problems: 5, merged: 2 });
    expect(await cartCount()).toBe(0);
  });

  it('refuses over the purchase limit and over the stock with the cart rules’ messages, for a guest too', async () => {
    const csv = csvOf([[...HEADER], [c.tray, 6], [c.honey, 5]]);
    const check = await checked(await upload(csv, 'order.csv'));
    expect(check.rows[0]!.reasons).toEqual([`${LIMIT_MESSAGE} (at most 5).`]);
    expect(check.rows[1]!.reasons).toEqual(['Only 4 left in stock.']);
    // A guest sees retail prices.
    expect(check.rows[0]!.sku!.price).toBe(19.99);
  });

  it('answers every bad file with a clear 4xx and changes nothing', async () => {
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'order.xlsx', 400, SHEET_MESSAGES.notSheet],
      [Buffer.alloc(0), 'order.csv', 400, SHEET_MESSAGES.empty],
      [await xlsxOf([[c.tray, 1]]), 'order.xlsx', 400, SHEET_MESSAGES.noHeader],
      [Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'big.csv', 413, SHEET_MESSAGES.tooBig],
      [
        csvOf([[...HEADER], ...Array.from({ length: 10_001 }, () => [c.tray, 1])]),
        'many.csv',
        400,
        SHEET_MESSAGES.tooManyRows,
      ],
      [await zipBomb(60), 'bomb.xlsx', 400, SHEET_MESSAGES.zipBomb],
      [
        Buffer.from(`SKU code,Count\n${c.tray},1,caf\u00e9\n`, 'latin1'),
        'latin.csv',
        400,
        SHEET_MESSAGES.encoding,
      ],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await upload(file, name);
      expect(res.status, name).toBe(status);
      expect(res.body).toEqual({
        success: false,
        code: status,
        message,
        data: null,
        reason: reasonOfStatus(status),
      });
    }
    const wrongField = await upload(csvOf([[...HEADER], [c.tray, 1]]), 'o.csv', {}, 'other');
    expect(wrongField.status).toBe(400);
    const notMultipart = await server.call({
      method: 'POST',
      url: IMPORT_QUERY_PATH,
      payload: { file: 'x' },
    });
    expect(notMultipart.status).toBe(400);
    expect(await cartCount()).toBe(0);
  });

  it('reads a formula as its text, never its result', async () => {
    const file = await xlsxOf([[...HEADER], [{ formula: `"${c.tray}"`, result: c.tray }, 1]]);
    const [row] = (await checked(await upload(file))).rows;
    expect(row).toMatchObject({
      code: `="${c.tray}"`,
      status: 'problem',
      reasons: [IMPORT_REASON.unknownCode],
    });
  });
});

describe('the problem rows and the add', () => {
  it('writes the problem rows as text with the reason, a formula-like cell prefixed', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: IMPORT_PROBLEMS_PATH,
      payload: {
        rows: [{ code: '=HYPERLINK("http://evil")', count: '-3', note: '@x', reason: 'Unknown SKU code.' }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER, 'Reason']);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      `'=HYPERLINK("http://evil")`,
      "'-3",
      "'@x",
      'Unknown SKU code.',
    ]);
    expect(sheet.getCell('A2').formula).toBeUndefined();
    const empty = await server.call({ method: 'POST', url: IMPORT_PROBLEMS_PATH, payload: { rows: [] } });
    expect(empty.status).toBe(400);
  });

  it('adds the matched rows through the batch add, which applies the rules again', async () => {
    const check = await checked(
      await upload(csvOf([[...HEADER], [c.tray, 3], [c.honey, 4]]), 'o.csv', wholesale),
    );
    const lines = check.rows
      .filter((r) => r.status === 'ok')
      .map((r) => ({ skuId: r.sku!.skuId, count: r.count! }));
    // Stock fell meanwhile: the add takes what it can and says why.
    await setStock(
      server.database.db,
      ids.honey,
      (await resolveStockOrganisationId(server.database.db, null))!,
      2,
    );
    const res = await server.call({
      method: 'POST',
      url: '/api/cart/batch/add',
      headers: wholesale,
      payload: lines,
    });
    expect(res.status).toBe(200);
    const merged = envelopeOf(cartMergeResultSchema).parse(res.body).data;
    expect(merged.items.map((i) => [i.skuCode, i.count])).toEqual([
      [c.tray, 3],
      [c.honey, 2],
    ]);
    expect(merged.problems).toEqual([
      { skuId: ids.honey, name: 'Mānuka Honey', requested: 4, added: 2, message: 'Only 2 left in stock' },
    ]);
  });
});
