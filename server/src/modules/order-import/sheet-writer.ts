import { CART_COUNT_MAX } from '@mall/shared/contract/cart';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_ROWS_MAX,
  type ImportProblems,
} from '@mall/shared/contract/order-import';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/libraries.ts';

/** The sheets the shop writes for order import (docs/order-import.md): the template and the problem rows. */

const ORDER_SHEET = 'Order';

/** exceljs keeps a sheet's range validations here; its types do not list it. */
interface SheetWithValidations {
  dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void };
}
const HEADER = ['SKU code', 'Count', 'Note'];

/**
 * A cell's text as written to a sheet: text that a spreadsheet program would take for a formula
 * (starting with =, +, - or @, or a tab or CR before them) is prefixed with ', so a buyer's sheet
 * coming back can never run one.
 */
export const guardCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const styleHeader = (sheet: ExcelJS.Worksheet) => {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8F0E8' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

const RULES = [
  'How to fill in this order sheet',
  '',
  `1. One row for each item: its SKU code in column A and how many you want in column B. A note in column C is optional and only for you.`,
  '2. The SKU code is shown on each goods page under the options, and in your cart (for example KM-000123). A barcode (GTIN) works too.',
  `3. Count: a whole number from 1 to ${CART_COUNT_MAX}.`,
  '4. Keep the first row (the column names) as it is. Empty rows are skipped.',
  '5. A code listed on more than one row is counted once, with the counts added up.',
  `6. At most ${IMPORT_ROWS_MAX.toLocaleString('en-US')} rows and ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB per file. Save as .xlsx or as CSV UTF-8.`,
  '7. Upload the sheet on the Order Import page. Every row is checked with your own prices and the stock you can buy: nothing goes into your cart until you choose "Add to cart".',
  '8. Rows with a problem (an unknown code, a count above the purchase limit or the stock, goods of Local SPY mixed with other suppliers) are listed with the reason. Download them, fix them and upload them again.',
  '9. Formulas are not calculated: write the numbers themselves.',
];

/** GET /api/sale/order/sale/import/template: the order sheet with two example rows, and the rules. */
export const templateWorkbook = async (examples: readonly [string, string]): Promise<Buffer> => {
  const book = new (await loadExcel()).Workbook();
  book.creator = 'Kauri Mall';
  const sheet = book.addWorksheet(ORDER_SHEET);
  sheet.columns = [
    { header: HEADER[0], key: 'code', width: 22 },
    { header: HEADER[1], key: 'count', width: 10 },
    { header: HEADER[2], key: 'note', width: 40 },
  ];
  sheet.addRow({ code: examples[0], count: 2, note: 'Example row: replace it with your own' });
  sheet.addRow({ code: examples[1], count: 10, note: 'Example row: replace it with your own' });
  styleHeader(sheet);
  // Counts: whole numbers above 0 (and at most the cart's count), on every row a sheet may hold.
  (sheet as unknown as SheetWithValidations).dataValidations.add(`B2:B${IMPORT_ROWS_MAX + 1}`, {
    type: 'whole',
    operator: 'between',
    allowBlank: true,
    formulae: [1, CART_COUNT_MAX],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: 'Count',
    error: `Count must be a whole number from 1 to ${CART_COUNT_MAX}.`,
    showInputMessage: true,
    promptTitle: 'Count',
    prompt: 'How many you want: a whole number above 0.',
  });
  sheet.getColumn(1).numFmt = '@';
  const rules = book.addWorksheet('Rules');
  rules.getColumn(1).width = 120;
  RULES.forEach((line, i) => {
    const cell = rules.getCell(i + 1, 1);
    cell.value = line;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (i === 0) cell.font = { bold: true, size: 14 };
  });
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** The problem rows of a check, ready to fix and upload again: every cell text, formulas guarded. */
export const problemsWorkbook = async (problems: ImportProblems): Promise<Buffer> => {
  const book = new (await loadExcel()).Workbook();
  book.creator = 'Kauri Mall';
  const sheet = book.addWorksheet(ORDER_SHEET);
  sheet.columns = [
    { header: HEADER[0], key: 'code', width: 22, style: { numFmt: '@' } },
    { header: HEADER[1], key: 'count', width: 10, style: { numFmt: '@' } },
    { header: HEADER[2], key: 'note', width: 40, style: { numFmt: '@' } },
    { header: 'Reason', key: 'reason', width: 70, style: { numFmt: '@' } },
  ];
  for (const r of problems.rows) {
    sheet.addRow({
      code: guardCell(r.code),
      count: guardCell(r.count),
      note: guardCell(r.note),
      reason: guardCell(r.reason),
    });
  }
  styleHeader(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
};
