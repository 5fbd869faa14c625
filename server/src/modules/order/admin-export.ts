import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loadExcel } from '../../lib/libraries.ts';
import { type OrderListQuery, resolveFilter } from './admin-list.ts';
import { adminOrderBatches } from './admin-orders.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STATUS_WORDS = ['To pay', 'To ship', 'Shipped', 'Completed', 'Cancelled'];
const PAY_WORDS = ['Unpaid', 'Paid', 'Refunding', 'Refunded', 'Payment failed'];

const nzParts = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment as New Zealand's wall clock, for a spreadsheet cell: spreadsheets have no time zones,
 * and an operator reads the time of day the shop lives by.
 */
export const nzWallClock = (iso: string | null): Date | null => {
  if (!iso) return null;
  const p = Object.fromEntries(nzParts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!));
};

const DATE = 'yyyy-mm-dd hh:mm';
const MONEY = '#,##0.00';

export const EXPORT_COLUMNS: Partial<ExcelJS.Column>[] = [
  { header: 'Order number', key: 'orderNo', width: 18 },
  { header: 'Placed (NZ time)', key: 'createdAt', width: 18, style: { numFmt: DATE } },
  { header: 'Status', key: 'status', width: 11 },
  { header: 'Payment', key: 'payStatus', width: 11 },
  { header: 'Member number', key: 'memberNo', width: 14 },
  { header: 'Member', key: 'memberName', width: 20 },
  { header: 'E-mail', key: 'email', width: 26 },
  { header: 'Phone', key: 'phone', width: 14 },
  { header: 'Suppliers', key: 'suppliers', width: 24 },
  { header: 'Items', key: 'itemCount', width: 7 },
  { header: 'Total (NZD, GST incl.)', key: 'total', width: 14, style: { numFmt: MONEY } },
  { header: 'Paid by cash card (NZD)', key: 'card', width: 14, style: { numFmt: MONEY } },
  { header: 'Paid (NZ time)', key: 'paidAt', width: 18, style: { numFmt: DATE } },
  { header: 'Shipped (NZ time)', key: 'shippedAt', width: 18, style: { numFmt: DATE } },
  { header: 'Carrier', key: 'carrier', width: 14 },
  { header: 'Tracking number', key: 'trackingNo', width: 20 },
];

/**
 * The filtered orders list as an .xlsx, written to the answer as it is read (a batch of orders at
 * a time), whatever its length: newest first, a header row, amounts as numbers with 2 decimals,
 * times as dates.
 */
export const streamOrderExport = async (
  db: Db,
  q: OrderListQuery,
  log: FastifyBaseLogger,
): Promise<PassThrough> => {
  const out = new PassThrough();
  const book = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Kauri Mall';
  const sheet = book.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const batch of adminOrderBatches(db, await resolveFilter(db, q))) {
      for (const r of batch) {
        sheet
          .addRow({
            orderNo: r.orderNo,
            createdAt: nzWallClock(r.createdAt),
            status: STATUS_WORDS[r.status] ?? String(r.status),
            payStatus: PAY_WORDS[r.payStatus] ?? String(r.payStatus),
            memberNo: r.member.memberNo,
            memberName: r.member.name,
            email: r.member.email,
            phone: r.member.phone,
            suppliers: r.suppliers,
            itemCount: r.itemCount,
            total: r.totalCents / 100,
            card: r.cardCents / 100,
            paidAt: nzWallClock(r.paidAt),
            shippedAt: nzWallClock(r.shippedAt),
            carrier: r.carrier ?? '',
            trackingNo: r.trackingNo ?? '',
          })
          .commit();
      }
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => {
    log.error({ err }, 'the orders export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
};
