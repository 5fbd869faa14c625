import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** Order sheets of every kind a buyer might upload, made in the test (docs/order-import.md). */

export type Cell = string | number | ExcelJS.CellValue;

/** An .xlsx whose first sheet holds `rows` (the first is the header); `more` adds a second sheet. */
export const xlsxOf = async (rows: readonly (readonly Cell[])[], more?: readonly (readonly Cell[])[]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Order');
  for (const r of rows) sheet.addRow([...r]);
  if (more) {
    const other = book.addWorksheet('Other');
    for (const r of more) other.addRow([...r]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** A CSV of `rows` (cells quoted as needed), UTF-8. */
export const csvOf = (rows: readonly (readonly (string | number)[])[], eol = '\r\n') =>
  Buffer.from(
    rows
      .map((r) =>
        r
          .map((c) => (/[",\r\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c)))
          .join(','),
      )
      .join(eol),
    'utf8',
  );

export const HEADER = ['SKU code', 'Count', 'Note'] as const;

/** An .xlsx of `n` data rows: codes from `codes` in turn, count 1. */
export const bigXlsx = async (n: number, codes: readonly string[]) => {
  const rows: Cell[][] = [[...HEADER]];
  for (let i = 0; i < n; i++) rows.push([codes[i % codes.length]!, 1, '']);
  return xlsxOf(rows);
};

/**
 * A zip bomb dressed as an .xlsx: a valid order sheet plus one part that inflates to `mb` MB of
 * zeros from a few kilobytes.
 */
export const zipBomb = async (mb = 80) => {
  const zip = await JSZip.loadAsync(await xlsxOf([[...HEADER], ['KM000001-1', 1, '']]));
  zip.file('xl/media/padding.bin', Buffer.alloc(mb * 1024 * 1024));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
};
