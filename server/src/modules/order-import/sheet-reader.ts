import { Readable } from 'node:stream';
import { IMPORT_CELL_MAX, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '@mall/shared/contract/order-import';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/libraries.ts';
import { inflatedWithin } from './zip-guard.ts';
import { withWorkbookPartsFirst } from './zip-order.ts';

/**
 * Reads a buyer's order sheet (docs/order-import.md: the file): an .xlsx or a .csv, told apart by
 * its content, never by its name. The first worksheet's first non-empty row is the header, which
 * must name a SKU code column and a count column; every non-empty row below it is a data row.
 * Cells are read as text: a formula is never evaluated, its text (`=A1*2`) is the cell's value.
 */

/** A data row as written: the cells' text, trimmed. `row` is its number in the sheet. */
export interface SheetRow {
  row: number;
  code: string;
  count: string;
  note: string;
  /** A cell was longer than IMPORT_CELL_MAX and was cut. */
  tooLong: boolean;
}

/** A file that cannot be read as an order sheet, with the message the buyer reads. */
export class SheetError extends Error {
  readonly tooLarge: boolean;
  /** `cause`: what refused the file (the library's error, or which check), for tests and debugging; never shown to the buyer. */
  constructor(message: string, tooLarge = false, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.tooLarge = tooLarge;
  }
}

export const SHEET_MESSAGES = {
  empty: 'The file is empty.',
  notSheet: 'This file is not a spreadsheet. Upload an .xlsx or .csv file (download the template to start).',
  oldExcel: 'This is an old Excel (.xls) file. Save it as .xlsx or .csv and upload it again.',
  noHeader:
    'The sheet has no header row naming the columns "SKU code" and "Count". Use the template\'s first row.',
  noRows: 'The sheet has a header but no rows below it.',
  tooBig: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The sheet has more than ${IMPORT_ROWS_MAX.toLocaleString('en-US')} rows. Split it into files of at most ${IMPORT_ROWS_MAX.toLocaleString('en-US')} rows.`,
  zipBomb: 'This file unpacks to far more data than an order sheet holds, so it was not opened.',
  brokenXlsx:
    'This .xlsx file is damaged and could not be read. Save it again from your spreadsheet program.',
  encoding: 'This CSV file is not in UTF-8. Save it as "CSV UTF-8" and upload it again.',
  brokenCsv: 'This CSV file could not be read: a quoted cell is not closed.',
} as const;

/** The most bytes an xlsx may inflate to: an order sheet of 10,000 rows is about 2 MB of XML. */
export const XLSX_INFLATED_MAX = 50 * 1024 * 1024;

const HEADERS = {
  code: ['sku code', 'sku', 'code', 'skucode', 'sku_code', 'item code', 'product code'],
  count: ['count', 'quantity', 'qty', 'number'],
  note: ['note', 'notes', 'remark', 'comment'],
} as const;

type Kind = 'xlsx' | 'csv' | 'xls' | 'utf16' | 'other';

/** The file's kind by its first bytes and its text. */
const kindOf = (bytes: Buffer): Kind => {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0) return 'xls';
  if (bytes.length >= 2 && (bytes.readUInt16BE(0) === 0xfffe || bytes.readUInt16BE(0) === 0xfeff))
    return 'utf16';
  // Text has no NUL bytes and no control characters other than tab, CR, LF and form feed.
  const head = bytes.subarray(0, 64 * 1024);
  for (const b of head) {
    if (b === 0 || (b < 0x20 && b !== 9 && b !== 10 && b !== 13 && b !== 12)) return 'other';
  }
  return 'csv';
};

const cut = (text: string) => text.slice(0, IMPORT_CELL_MAX);

/** Plain text of an exceljs cell value: a formula as its text, never its result. */
export const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
  if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
};

/** Which cell of a row holds each column, from the header; null when the row is not a header. */
const columnsOf = (cells: readonly string[]) => {
  const at = (names: readonly string[]) => cells.findIndex((c) => names.includes(c.trim().toLowerCase()));
  const code = at(HEADERS.code);
  const count = at(HEADERS.count);
  if (code === -1 || count === -1) return null;
  return { code, count, note: at(HEADERS.note) };
};

/**
 * Collects rows: the first non-empty row must be the header; later non-empty rows are data.
 * Throws past IMPORT_ROWS_MAX data rows (so a huge sheet stops being read there).
 */
class RowCollector {
  private columns: { code: number; count: number; note: number } | null = null;
  readonly rows: SheetRow[] = [];
  sawAnything = false;

  add(row: number, cells: readonly string[]) {
    if (cells.every((c) => c.trim() === '')) return;
    this.sawAnything = true;
    if (!this.columns) {
      this.columns = columnsOf(cells);
      if (!this.columns) throw new SheetError(SHEET_MESSAGES.noHeader);
      return;
    }
    const { code, count, note } = this.columns;
    const raw = [cells[code] ?? '', cells[count] ?? '', note === -1 ? '' : (cells[note] ?? '')];
    if (raw.every((c) => c.trim() === '')) return;
    if (this.rows.length >= IMPORT_ROWS_MAX) throw new SheetError(SHEET_MESSAGES.tooManyRows);
    const [c, n, t] = raw.map((v) => v.trim()) as [string, string, string];
    this.rows.push({
      row,
      code: cut(c),
      count: cut(n),
      note: cut(t),
      tooLong: c.length > IMPORT_CELL_MAX || n.length > IMPORT_CELL_MAX,
    });
  }

  finish(): SheetRow[] {
    if (!this.sawAnything) throw new SheetError(SHEET_MESSAGES.empty);
    if (this.rows.length === 0) throw new SheetError(SHEET_MESSAGES.noRows);
    return this.rows;
  }
}

const readXlsx = async (bytes: Buffer): Promise<SheetRow[]> => {
  const { verdict, entries } = await inflatedWithin(bytes, XLSX_INFLATED_MAX);
  if (verdict === 'tooBig') throw new SheetError(SHEET_MESSAGES.zipBomb);
  if (verdict === 'notZip') throw new SheetError(SHEET_MESSAGES.brokenXlsx, false, 'not a whole zip archive');
  const collector = new RowCollector();
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(
    Readable.from([withWorkbookPartsFirst(bytes, entries)]),
    {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    },
  );
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      // Only the first worksheet is the order; the rest (the template's rules) are not read.
      for await (const row of sheet) {
        if (sheets > 1) continue;
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] as ExcelJS.CellValue));
        collector.add(row.number, cells);
      }
    }
  } catch (err) {
    if (err instanceof SheetError) throw err;
    throw new SheetError(SHEET_MESSAGES.brokenXlsx, false, err);
  }
  if (sheets === 0) throw new SheetError(SHEET_MESSAGES.brokenXlsx, false, 'no worksheet was read');
  return collector.finish();
};

const readCsv = (bytes: Buffer): SheetRow[] => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new SheetError(SHEET_MESSAGES.encoding);
  }
  // Excel writes ";" between cells where "," is the decimal mark: the header row says which.
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
    }) as string[][];
  } catch {
    throw new SheetError(SHEET_MESSAGES.brokenCsv);
  }
  const collector = new RowCollector();
  records.forEach((cells, i) => {
    collector.add(i + 1, cells);
  });
  return collector.finish();
};

/** The data rows of an uploaded order sheet, or a SheetError saying in plain words what is wrong. */
export const readOrderSheet = async (bytes: Buffer): Promise<SheetRow[]> => {
  if (bytes.length === 0) throw new SheetError(SHEET_MESSAGES.empty);
  if (bytes.length > IMPORT_FILE_MAX_BYTES) throw new SheetError(SHEET_MESSAGES.tooBig, true);
  switch (kindOf(bytes)) {
    case 'xlsx':
      return readXlsx(bytes);
    case 'csv':
      return readCsv(bytes);
    case 'xls':
      throw new SheetError(SHEET_MESSAGES.oldExcel);
    case 'utf16':
      throw new SheetError(SHEET_MESSAGES.encoding);
    default:
      throw new SheetError(SHEET_MESSAGES.notSheet);
  }
};
