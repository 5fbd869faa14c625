import { crc32 } from 'node:zlib';
import type { ZipEntryAt } from './zip-guard.ts';

/** The parts a workbook's worksheets are read with, in the order they are wanted before any worksheet. */
const WORKBOOK_PARTS = [
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

const END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** A zip record of `name` holding `text` as it is (stored): a local header and the bytes. */
const storedRecord = (name: string, text: string): Buffer => {
  const data = Buffer.from(text);
  const nameBytes = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt16LE(0x21, 12); // date: 1980-01-01
  header.writeUInt32LE(crc32(data), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, data]);
};

/**
 * Empty shared strings and workbook relations, read before the archive's own (which replace
 * them): a workbook without shared strings (only numbers, or nothing) or without relations would
 * otherwise still have its worksheets written to temporary files.
 */
const STAND_INS = Buffer.concat([
  storedRecord(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  ),
  storedRecord(
    'xl/sharedStrings.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
  ),
]);

/**
 * The archive with the workbook's parts moved ahead of its worksheets: the same local records
 * (header, compressed data, descriptor), copied in another order, and the same directory after
 * them. Excel (and exceljs) write the worksheets before the shared strings; exceljs's streaming
 * reader then writes each worksheet to a temporary file to read it once the strings are in, and
 * leaves the file and its descriptor behind when reading stops early (a refused sheet): one of
 * each per refused upload until the process ends. Read in this order, after stand-ins for the
 * parts a workbook may lack (`STAND_INS`), nothing is written to disk.
 *
 * A record runs from its offset to the next record's (or to the directory). The directory's
 * offsets are left as they were: the streaming reader reads records one after another and never
 * looks them up. An archive that does not lay out that way (shared or unordered offsets, a record
 * past the directory) is returned as it is.
 */
export const withWorkbookPartsFirst = (bytes: Buffer, entries: readonly ZipEntryAt[]): Buffer => {
  const end = bytes.lastIndexOf(END_OF_DIRECTORY);
  if (end < 0 || end + 22 > bytes.length || entries.length === 0) return bytes;
  const directoryAt = bytes.readUInt32LE(end + 16);
  const byOffset = [...entries].sort((a, b) => a.offset - b.offset);
  const starts = byOffset.map((e) => e.offset);
  if (
    starts.some((at, i) => i > 0 && at <= starts[i - 1]!) ||
    starts.at(-1)! >= directoryAt ||
    directoryAt > end
  )
    return bytes;
  const records = byOffset.map((e, i) => ({
    name: e.name,
    bytes: bytes.subarray(e.offset, starts[i + 1] ?? directoryAt),
  }));
  const rank = (name: string) => {
    const i = WORKBOOK_PARTS.indexOf(name);
    return i === -1 ? WORKBOOK_PARTS.length : i;
  };
  // Array sorts are stable: the parts first in their order, everything else as it was.
  const ordered = records.sort((a, b) => rank(a.name) - rank(b.name));
  return Buffer.concat([
    bytes.subarray(0, starts[0]!),
    STAND_INS,
    ...ordered.map((r) => r.bytes),
    bytes.subarray(directoryAt),
  ]);
};
