import type { OrderDetail, OrderLine } from '@mall/shared/contract/order';
import { fromCents, toCents } from '@mall/shared/money';
import { loadExcel } from '../../lib/libraries.ts';

/**
 * The order split per supplier, as a spreadsheet (GET /api/sale/order/detail/supplier/export/{id}):
 * one worksheet per supplier, named by its code, with the order's lines from that supplier
 * (order number, date, SKU, goods, options, quantity, unit price, amount, the line's share of the
 * order's discount, and the amount after it), a total row and the delivery address, ready to
 * forward for fulfilment. Amounts are the order's stored amounts
 * (GST-inclusive), written as numbers with a currency format so they add up in the sheet.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MONEY = '$#,##0.00';
const HEADERS = [
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
];

/** A worksheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], unique. */
const sheetName = (code: string, taken: Set<string>) => {
  const base = code.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Supplier';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 28)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
};

/** The calendar day the order was placed in New Zealand, as a date cell (no time of day). */
const nzDay = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Pacific/Auckland',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
};

export const buildSupplierExport = async (order: OrderDetail, creator: string): Promise<Buffer> => {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  book.creator = creator;
  book.created = new Date(order.createdAt);

  const bySupplier = new Map<string, OrderLine[]>();
  for (const line of order.lines) {
    const lines = bySupplier.get(line.supplierCode) ?? [];
    lines.push(line);
    bySupplier.set(line.supplierCode, lines);
  }

  const taken = new Set<string>();
  const day = nzDay(order.createdAt);
  const a = order.address;
  const address = [a.street, a.suburb, [a.city, a.postcode].filter(Boolean).join(' '), a.regionName]
    .filter(Boolean)
    .join(', ');

  for (const [code, lines] of bySupplier) {
    const sheet = book.addWorksheet(sheetName(code, taken));
    sheet.columns = [
      { width: 20 },
      { width: 12, style: { numFmt: 'dd/mm/yyyy' } },
      { width: 10 },
      { width: 40 },
      { width: 24 },
      { width: 10 },
      { width: 14, style: { numFmt: MONEY } },
      { width: 14, style: { numFmt: MONEY } },
      { width: 14, style: { numFmt: MONEY } },
      { width: 14, style: { numFmt: MONEY } },
    ];
    const header = sheet.addRow(HEADERS);
    header.font = { bold: true };
    let totalCents = 0;
    let discountCents = 0;
    let units = 0;
    for (const line of lines) {
      totalCents += toCents(line.amount);
      discountCents += toCents(line.discountAmount);
      units += line.count;
      sheet.addRow([
        order.orderNo,
        day,
        line.skuId,
        line.name,
        line.skuLabel,
        line.count,
        line.price,
        line.amount,
        line.discountAmount,
        fromCents(toCents(line.amount) - toCents(line.discountAmount)),
      ]);
    }
    const total = sheet.addRow([
      'Total',
      null,
      null,
      lines[0]!.supplierName,
      null,
      units,
      null,
      fromCents(totalCents),
      fromCents(discountCents),
      fromCents(totalCents - discountCents),
    ]);
    total.font = { bold: true };
    total.getCell(2).numFmt = 'General';
    sheet.addRow([]);
    const rows: [string, string][] = [
      ['Deliver to', a.recipient],
      ['Phone', a.phone],
      ['Address', address],
    ];
    for (const [label, value] of rows) {
      const r = sheet.addRow([label, value]);
      r.getCell(1).font = { bold: true };
      r.getCell(2).numFmt = '@';
    }
    if (order.remark) {
      const r = sheet.addRow(['Remark', order.remark]);
      r.getCell(1).font = { bold: true };
      r.getCell(2).numFmt = '@';
    }
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  if (bySupplier.size === 0) book.addWorksheet('Order');

  return Buffer.from(await book.xlsx.writeBuffer());
};
