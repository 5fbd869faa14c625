import { loadExcel } from '../../lib/libraries.ts';
import type { IssuedCard } from './issue.ts';

/**
 * A batch of newly issued cash cards as a spreadsheet: number, secret, face value and expiry,
 * one card a row. The secrets are in it because this is the only time they exist outside their
 * hashes: the sheet is made for the issuing call's answer and kept nowhere.
 */
export const buildCashCardSheet = async (cards: readonly IssuedCard[], creator: string): Promise<Buffer> => {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  book.creator = creator;
  book.created = new Date();
  const sheet = book.addWorksheet('Cash cards');
  sheet.columns = [
    { header: 'Card number', key: 'cardNo', width: 22 },
    { header: 'Secret', key: 'secret', width: 10 },
    { header: 'Face value', key: 'faceValue', width: 12, style: { numFmt: '$#,##0.00' } },
    { header: 'Expires (UTC)', key: 'expires', width: 14 },
  ];
  sheet.getRow(1).font = { bold: true };
  // Numbers and secrets are text: 16 digits do not fit a spreadsheet number, and a secret may start with 0.
  for (const c of cards)
    sheet.addRow({
      cardNo: c.cardNo,
      secret: c.secret,
      faceValue: c.faceValue,
      expires: c.expiresAt.slice(0, 10),
    });
  sheet.getColumn('cardNo').numFmt = '@';
  sheet.getColumn('secret').numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
};
