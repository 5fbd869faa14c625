import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '@mall/shared/contract/order-import';
import { describe, expect, it } from 'vitest';
import {
  readOrderSheet,
  SHEET_MESSAGES,
  type SheetRow,
} from '../../src/modules/order-import/sheet-reader.ts';
import { guardCell } from '../../src/modules/order-import/sheet-writer.ts';
import { inflatedWithin } from '../../src/modules/order-import/zip-guard.ts';
import { withWorkbookPartsFirst } from '../../src/modules/order-import/zip-order.ts';
import { bigXlsx, csvOf, HEADER, xlsxOf, zipBomb } from '../order-sheets.ts';

const rowsOf = (rows: SheetRow[]) => rows.map((r) => [r.row, r.code, r.count, r.note]);
const refused = async (bytes: Buffer, message: string) => {
  const err = await readOrderSheet(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the sheet was read').toBeInstanceOf(Error);
  // The library's error behind a "damaged" answer is named when the message is not the one expected
  // (an empty workbook was once refused as damaged, and could not be made to again).
  expect((err as Error).message, `cause: ${String((err as Error).cause)}`).toContain(message);
};

describe('reading an order sheet', () => {
  it('reads an .xlsx: the header names the columns, empty rows are skipped, cells are text', async () => {
    const file = await xlsxOf(
      [[...HEADER], [' km000001-1 ', 3, 'for the shop'], [], ['KM000002-1', '12', ''], ['KM000003-1', 1.5]],
      [
        ['SKU code', 'Count'],
        ['NOT-READ', 1],
      ],
    );
    expect(rowsOf(await readOrderSheet(file))).toEqual([
      [2, 'km000001-1', '3', 'for the shop'],
      [4, 'KM000002-1', '12', ''],
      [5, 'KM000003-1', '1.5', ''],
    ]);
  });

  it('finds the columns by name in any order, and a header below empty rows', async () => {
    const file = await xlsxOf([[], ['Note', 'Qty', 'SKU'], ['n', 2, 'KM000001-1']]);
    expect(rowsOf(await readOrderSheet(file))).toEqual([[3, 'KM000001-1', '2', 'n']]);
  });

  it('reads a CSV, with a byte order mark, CRLF or LF, quotes and semicolons', async () => {
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csvOf([[...HEADER], ['KM000001-1', 2, 'a, "quoted" note']]),
    ]);
    expect(rowsOf(await readOrderSheet(bom))).toEqual([[2, 'KM000001-1', '2', 'a, "quoted" note']]);
    const lf = csvOf(
      [
        ['SKU code', 'Count'],
        ['KM000001-1', 4],
        ['', ''],
        ['KM000002-1', 5],
      ],
      '\n',
    );
    expect(rowsOf(await readOrderSheet(lf))).toEqual([
      [2, 'KM000001-1', '4', ''],
      [4, 'KM000002-1', '5', ''],
    ]);
    const semi = Buffer.from('SKU code;Count;Note\nKM000001-1;7;Māori kūmara\n', 'utf8');
    expect(rowsOf(await readOrderSheet(semi))).toEqual([[2, 'KM000001-1', '7', 'Māori kūmara']]);
  });

  it('never evaluates a formula: its text is the value, in an .xlsx and in a CSV', async () => {
    const file = await xlsxOf([
      [...HEADER],
      [
        { formula: 'CONCAT("KM","000001-1")', result: 'KM000001-1' },
        { formula: '1+1', result: 2 },
        '@SUM(1)',
      ],
    ]);
    expect(rowsOf(await readOrderSheet(file))).toEqual([[2, '=CONCAT("KM","000001-1")', '=1+1', '@SUM(1)']]);
    const csv = csvOf([[...HEADER], ['=HYPERLINK("http://x")', '+3', '-2']]);
    expect(rowsOf(await readOrderSheet(csv))).toEqual([[2, '=HYPERLINK("http://x")', '+3', '-2']]);
  });

  it('cuts a cell longer than 200 characters and marks the row', async () => {
    const [row] = await readOrderSheet(csvOf([[...HEADER], ['K'.repeat(5000), 1]]));
    expect(row!.code).toHaveLength(200);
    expect(row!.tooLong).toBe(true);
  });

  it('refuses a file that is not a spreadsheet, by its content whatever its name', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    await refused(png, SHEET_MESSAGES.notSheet);
    await refused(Buffer.from('%PDF-1.7\n\u0000\u0001binary', 'latin1'), SHEET_MESSAGES.notSheet);
    const xls = Buffer.alloc(512);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(xls);
    await refused(xls, SHEET_MESSAGES.oldExcel);
    // A zip that is not a workbook, and a truncated one.
    const book = await xlsxOf([[...HEADER], ['KM000001-1', 1]]);
    await refused(book.subarray(0, 200), SHEET_MESSAGES.brokenXlsx);
  });

  it('refuses an empty file, a sheet of empty rows, a sheet without a header and a header without rows', async () => {
    await refused(Buffer.alloc(0), SHEET_MESSAGES.empty);
    await refused(Buffer.from('\r\n\r\n,,\r\n'), SHEET_MESSAGES.empty);
    await refused(await xlsxOf([]), SHEET_MESSAGES.empty);
    await refused(
      await xlsxOf([
        ['KM000001-1', 2],
        ['KM000002-1', 3],
      ]),
      SHEET_MESSAGES.noHeader,
    );
    await refused(
      csvOf([
        ['code?', 'how many'],
        ['KM000001-1', 1],
      ]),
      SHEET_MESSAGES.noHeader,
    );
    await refused(await xlsxOf([[...HEADER]]), SHEET_MESSAGES.noRows);
  });

  it('refuses a file above 5 MB and a sheet above 10,000 rows', async () => {
    const huge = Buffer.alloc(IMPORT_FILE_MAX_BYTES + 1, 'a');
    await expect(readOrderSheet(huge)).rejects.toMatchObject({
      message: SHEET_MESSAGES.tooBig,
      tooLarge: true,
    });
    expect(await readOrderSheet(await bigXlsx(IMPORT_ROWS_MAX, ['KM000001-1']))).toHaveLength(
      IMPORT_ROWS_MAX,
    );
    await refused(await bigXlsx(IMPORT_ROWS_MAX + 1, ['KM000001-1']), SHEET_MESSAGES.tooManyRows);
    const lines = [[...HEADER], ...Array.from({ length: IMPORT_ROWS_MAX + 1 }, () => ['KM000001-1', 1])];
    await refused(csvOf(lines), SHEET_MESSAGES.tooManyRows);
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bomb = await zipBomb(80);
    expect(bomb.length).toBeLessThan(IMPORT_FILE_MAX_BYTES);
    await refused(bomb, SHEET_MESSAGES.zipBomb);
  });

  it('refuses a CSV that is not UTF-8 (Latin-1, UTF-16) and one with a quote left open', async () => {
    await refused(
      Buffer.from('SKU code,Count,Note\nKM000001-1,1,caf\u00e9\n', 'latin1'),
      SHEET_MESSAGES.encoding,
    );
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SKU code,Count\n', 'utf16le')]);
    await refused(utf16, SHEET_MESSAGES.encoding);
    await refused(Buffer.from('SKU code,Count\n"KM000001-1,1\n'), SHEET_MESSAGES.brokenCsv);
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'leaves no file or descriptor behind when it refuses a workbook whose worksheet comes before its shared strings (as Excel and exceljs write them), or that has none',
    async () => {
      const file = await xlsxOf([['Hello', 'there'], ...Array.from({ length: 50 }, (_, i) => [`KM${i}`, 1])]);
      const numbers = await xlsxOf([
        [1, 2],
        [3, 4],
      ]);
      const namesOf = async (bytes: Buffer) =>
        (await inflatedWithin(bytes, 1024 * 1024)).entries.map((e) => e.name);
      // The premises: these workbooks are laid out the ways that made the reader write temporary
      // files (the worksheet before the shared strings, or no shared strings at all).
      const names = await namesOf(file);
      expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
      expect(await namesOf(numbers)).not.toContain('xl/sharedStrings.xml');
      const descriptors = () => readdirSync('/proc/self/fd').length;
      const temporaryFiles = () =>
        readdirSync(os.tmpdir()).filter((f) => f.startsWith(`tmp-${process.pid}-`));
      const before = { descriptors: descriptors(), files: temporaryFiles() };
      for (let i = 0; i < 10; i++) {
        await refused(file, SHEET_MESSAGES.noHeader);
        await refused(numbers, SHEET_MESSAGES.noHeader);
      }
      expect(temporaryFiles()).toEqual(before.files);
      expect(descriptors()).toBe(before.descriptors);
    },
  );
});

describe('writing a cell back', () => {
  it('prefixes text a spreadsheet would take for a formula, and leaves other text alone', () => {
    expect(['=1+1', '+64 21', '-3', '@SUM(A1)', '\t=x', 'KM000001-1', '12', ' =x'].map(guardCell)).toEqual([
      "'=1+1",
      "'+64 21",
      "'-3",
      "'@SUM(A1)",
      "'\t=x",
      'KM000001-1',
      '12',
      ' =x',
    ]);
  });
});

describe("an xlsx archive's records, workbook parts first", () => {
  /** A stand-in archive: the records' bytes, the directory, and the end record pointing at it. */
  const archive = (records: string[]) => {
    const body = Buffer.from(records.join(''));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt32LE(body.length, 16);
    return Buffer.concat([body, Buffer.from('DIRECTORY'), end]);
  };

  it('moves the shared strings, styles and the workbook ahead of the worksheets and keeps the rest in order', () => {
    const file = archive(['[types]', 'sheet1', 'strings', 'theme', 'styles', 'workbook']);
    const entries = [
      { name: '[Content_Types].xml', offset: 0 },
      { name: 'xl/worksheets/sheet1.xml', offset: 7 },
      { name: 'xl/sharedStrings.xml', offset: 13 },
      { name: 'xl/theme/theme1.xml', offset: 20 },
      { name: 'xl/styles.xml', offset: 25 },
      { name: 'xl/workbook.xml', offset: 31 },
    ];
    const moved = withWorkbookPartsFirst(file, entries);
    // After the stand-ins (empty shared strings and relations, which the archive's own replace).
    const standIns = moved.length - file.length;
    expect(moved.subarray(0, standIns).toString()).toContain('xl/sharedStrings.xml');
    expect(moved.subarray(standIns, standIns + 39).toString()).toBe(
      'workbookstringsstyles[types]sheet1theme',
    );
    expect(moved.subarray(standIns + 39)).toEqual(file.subarray(39));
  });

  it('leaves an archive as it is when its records do not lie one after another before the directory', () => {
    const file = archive(['sheet1', 'strings']);
    const twice = [
      { name: 'xl/worksheets/sheet1.xml', offset: 0 },
      { name: 'xl/sharedStrings.xml', offset: 0 },
    ];
    const pastTheDirectory = [
      { name: 'xl/worksheets/sheet1.xml', offset: 0 },
      { name: 'xl/sharedStrings.xml', offset: 20 },
    ];
    expect(withWorkbookPartsFirst(file, twice)).toBe(file);
    expect(withWorkbookPartsFirst(file, pastTheDirectory)).toBe(file);
    expect(withWorkbookPartsFirst(Buffer.from('no end record'), twice)).toEqual(Buffer.from('no end record'));
  });
});
