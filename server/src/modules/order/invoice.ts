import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OrderDetail } from '@mall/shared/contract/order';
import { formatPrice } from '@mall/shared/money-format';
import type { Config } from '../../config.ts';
import { loadPdfKit } from '../../lib/libraries.ts';

/**
 * The GST tax invoice of a paid order, as a PDF (GET /api/sale/order/app/invoice/{id}).
 *
 * What New Zealand asks of a tax invoice ("taxable supply information", Goods and Services Tax
 * Act, since 1 April 2023): the words "Tax Invoice"; the seller's name and GST number; the date
 * of the invoice; a description, quantity and price of what was supplied; the total including
 * GST and the GST in it; and, for a supply over $1,000, the buyer's name and address. This
 * invoice always names the buyer. Amounts are the order's stored amounts (GST-inclusive cents
 * and `gst_cents`), so the PDF, the order page and the database agree to the cent.
 *
 * Fonts: Helvetica (a standard PDF font, nothing embedded) draws only the WinAnsi characters.
 * Any text outside them (te reo Māori macrons, "Mānuka") is drawn with DejaVu Sans, a TTF that
 * ships in the npm package `dejavu-fonts-ttf` and is embedded as a subset, so such names print
 * as written instead of as missing glyphs.
 */

export interface InvoiceInput {
  order: OrderDetail;
  /** When the order was paid: the invoice date. */
  paidAt: Date;
  seller: Config['seller'];
  brand: string;
}

/** The characters Helvetica can draw in pdfkit: Windows-1252 (WinAnsiEncoding). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (text: string) => {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      continue;
    }
    return false;
  }
  return true;
};

const require = createRequire(import.meta.url);
let fallbackFonts: { regular: Buffer; bold: Buffer } | undefined;
/** DejaVu Sans from the npm package (read once, on the first invoice that needs it). */
const dejaVu = () => {
  if (!fallbackFonts) {
    const file = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    fallbackFonts = { regular: file('DejaVuSans.ttf'), bold: file('DejaVuSans-Bold.ttf') };
  }
  return fallbackFonts;
};

/** The invoice date as New Zealanders write it, in New Zealand time: "23 November 2026". */
export const invoiceDate = (at: Date) =>
  new Intl.DateTimeFormat('en-NZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Pacific/Auckland',
  }).format(at);

const PAGE_MARGIN = 50;
const COLUMNS = { description: 50, qty: 330, unit: 380, amount: 470, end: 545 } as const;

/** Builds the tax invoice. `compress: false` keeps the page content readable (for tests). */
export const buildInvoicePdf = async (input: InvoiceInput, { compress = true } = {}): Promise<Buffer> => {
  const { order, seller } = input;
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    compress,
    info: {
      Title: `Tax Invoice ${order.orderNo}`,
      Author: seller.name,
      Subject: `Tax invoice for order ${order.orderNo}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let fallbackRegistered = false;
  /** Chooses Helvetica when it can draw `text`, else the embedded DejaVu Sans. */
  const font = (text: string, bold = false) => {
    if (isWinAnsi(text)) return doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    if (!fallbackRegistered) {
      const fonts = dejaVu();
      doc.registerFont('Fallback', fonts.regular);
      doc.registerFont('Fallback-Bold', fonts.bold);
      fallbackRegistered = true;
    }
    return doc.font(bold ? 'Fallback-Bold' : 'Fallback');
  };
  const write = (text: string, opts: PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number } = {}) => {
    const { bold = false, size = 10, ...rest } = opts;
    font(text, bold).fontSize(size).text(text, rest);
  };
  const at = (
    text: string,
    x: number,
    y: number,
    opts: PDFKit.Mixins.TextOptions & { bold?: boolean } = {},
  ) => {
    const { bold = false, ...rest } = opts;
    font(text, bold).fontSize(10).text(text, x, y, rest);
  };

  // Heading: the words "Tax Invoice", the seller, its GST number.
  write('Tax Invoice', { bold: true, size: 22 });
  doc.moveDown(0.5);
  write(seller.name, { bold: true, size: 12 });
  for (const line of seller.address.split(/\s*[\n;]\s*/).filter(Boolean)) write(line);
  write(`GST number: ${seller.gstNumber}`);
  doc.moveDown();

  // Invoice number and date, and the buyer.
  const top = doc.y;
  at('Invoice number', COLUMNS.description, top, { bold: true });
  at(order.orderNo, 150, top);
  at('Invoice date', COLUMNS.description, top + 15, { bold: true });
  at(invoiceDate(input.paidAt), 150, top + 15);
  at('Order date', COLUMNS.description, top + 30, { bold: true });
  at(invoiceDate(new Date(order.createdAt)), 150, top + 30);

  const a = order.address;
  at('Bill to', 330, top, { bold: true });
  const buyer = [
    a.recipient,
    a.street,
    a.suburb,
    [a.city, a.postcode].filter(Boolean).join(' '),
    a.regionName,
  ].filter(Boolean);
  for (const [i, line] of buyer.entries()) at(line, 380, top + i * 15, { width: COLUMNS.end - 380 });
  doc.y = Math.max(top + 45, top + buyer.length * 15) + 20;
  doc.x = PAGE_MARGIN;

  // The lines: description, quantity, unit price, amount (all GST-inclusive).
  const rule = () => {
    doc.moveTo(PAGE_MARGIN, doc.y).lineTo(COLUMNS.end, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.y += 6;
  };
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    const [description, qty, unit, amount] = cells;
    font(description, bold)
      .fontSize(10)
      .text(description, COLUMNS.description, y, { width: COLUMNS.qty - COLUMNS.description - 10 });
    const bottom = doc.y;
    at(qty, COLUMNS.qty, y, { bold, width: COLUMNS.unit - COLUMNS.qty - 5, align: 'right' });
    at(unit, COLUMNS.unit, y, { bold, width: COLUMNS.amount - COLUMNS.unit - 5, align: 'right' });
    at(amount, COLUMNS.amount, y, { bold, width: COLUMNS.end - COLUMNS.amount, align: 'right' });
    doc.y = Math.max(bottom, doc.y) + 6;
    doc.x = PAGE_MARGIN;
    if (doc.y > doc.page.height - PAGE_MARGIN - 80) {
      doc.addPage();
    }
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  rule();
  for (const line of order.lines) {
    const description = line.skuLabel ? `${line.name} (${line.skuLabel})` : line.name;
    row([description, String(line.count), formatPrice(line.price), formatPrice(line.amount)]);
  }
  // A club order has no lines: what it bought is its title (docs/wallet.md: club membership).
  if (order.kind === 'club') {
    const amount = formatPrice(order.goodsAmount);
    row([order.title ?? 'Kauri Club membership', '1', amount, amount]);
  }
  if (order.shippingFee !== 0) {
    row(['Shipping', '1', formatPrice(order.shippingFee), formatPrice(order.shippingFee)]);
  }
  // A coupon or discount card and points lower the price, and so the GST (docs/wallet.md).
  if (order.discountAmount !== 0) {
    row(['Discount (coupon or discount card)', '', '', `-${formatPrice(order.discountAmount)}`]);
  }
  if (order.pointsAmount !== 0) {
    row([`Points (${order.pointsUsed} points)`, '', '', `-${formatPrice(order.pointsAmount)}`]);
  }
  rule();

  // Totals: the total including GST, and the GST in it.
  const totalsY = doc.y;
  at('Total (GST inclusive)', COLUMNS.qty - 60, totalsY, { bold: true });
  at(formatPrice(order.totalAmount), COLUMNS.amount, totalsY, {
    bold: true,
    width: COLUMNS.end - COLUMNS.amount,
    align: 'right',
  });
  doc.y = totalsY + 20;
  doc.x = PAGE_MARGIN;
  write(`Total includes GST of ${formatPrice(order.gstAmount)}`, { bold: true });
  // A cash card is a way of paying: it does not change the price or its GST.
  if (order.cardAmount !== 0) {
    doc.moveDown(0.5);
    write(`Paid with cash cards: ${formatPrice(order.cardAmount)}`);
    write(`Paid by card: ${formatPrice(order.payAmount)}`);
  }
  doc.moveDown(2);
  write('All prices are in New Zealand dollars and include GST at 15%.', { size: 9 });
  write(`Thank you for shopping with ${input.brand}.`, { size: 9 });

  doc.end();
  return done;
};
