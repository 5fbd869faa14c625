import { favouritePageSchema, favouriteSchema } from '@mall/shared/contract/favourite';
import type { Supplier } from '@mall/shared/contract/reference';
import { envelopeOf } from '@mall/shared/envelope';
import { compileSerializer } from '../../lib/response-serializer.ts';
import { type CardWithSkusRow, cardWithSkusOf } from '../catalogue/index.ts';
import { type Shopper, shopperKey } from '../shopper/index.ts';

/**
 * The favourites page written as JSON, a good at a time (docs/favourites.md: speed). What
 * a good's entry says (its card, price for the shopper's tier, stock, its one SKU) is the same on
 * every member's list, so it is written once per goods row and tier and kept with the row: a
 * page is then the members' own collect times and those texts, joined. A row is the catalogue's
 * (CardRows, as fresh as its other reads); a written entry is dropped with it, when the enabled
 * suppliers change, and when a running promotion it shows ends.
 *
 * Each part is written by the compiled serializer of its schema, which checks the shape as the
 * route's own would (lib/response-serializer.ts): the answer is the text the route's schema
 * would have written, fields in another order. Each part is kept as UTF-8 bytes and the page is
 * copied together into one buffer: handed a string joined from many parts, the compressor and the
 * socket first flattened and measured it (a fifth of a page's CPU in a profile of the bench).
 */

/** A favourite's fields but its collect time: the same for every member of a tier. */
const writeShared = compileSerializer(favouriteSchema.omit({ collectedAt: true }), 'a favourite');
const writeEmptyPage = compileSerializer(envelopeOf(favouritePageSchema), 'the favourites page');
const EMPTY_RECORDS = '"records":[]';

interface Written {
  /** `"goodsId":…}`: the entry without its opening brace and collect time, as UTF-8. */
  bytes: Buffer;
  suppliers: readonly Supplier[];
  /** When a promotion it shows ends (ms), after which it is written again. */
  until: number;
}

const written = new WeakMap<CardWithSkusRow, Map<string, Written>>();

/** The earliest end of a running promotion in `row` (Infinity when none runs). */
const promotionsEnd = (row: CardWithSkusRow): number => {
  let until = Number.POSITIVE_INFINITY;
  const end = (at: string | Date | null) => {
    if (at !== null) until = Math.min(until, new Date(at).getTime());
  };
  end(row.promo_ends);
  for (const s of row.skus) for (const [, , ends] of s.promos) end(ends);
  return until;
};

const sharedBytes = (
  goodsId: number,
  row: CardWithSkusRow,
  suppliers: readonly Supplier[],
  supplierById: ReadonlyMap<number, Supplier>,
  shopper: Shopper,
  key: string,
): Buffer => {
  let byTier = written.get(row);
  const held = byTier?.get(key);
  if (held && held.suppliers === suppliers && shopper.now.getTime() < held.until) return held.bytes;
  const shown = cardWithSkusOf(row, supplierById, shopper);
  const json = writeShared({
    goodsId,
    name: row.name,
    thumbUrl: row.thumb,
    goods: shown?.card ?? null,
    skuCount: shown?.skus.length ?? 0,
    sku: shown?.skus.length === 1 ? shown.skus[0]! : null,
  });
  if (!byTier) {
    byTier = new Map();
    written.set(row, byTier);
  }
  const bytes = Buffer.from(json.slice(1));
  byTier.set(key, { bytes, suppliers, until: promotionsEnd(row) });
  return bytes;
};

/** One favourite on the page: the good's row (null when it is gone) and when it was collected. */
export interface PageEntry {
  goodsId: number;
  row: CardWithSkusRow | undefined;
  collectedAt: number;
}

/** The page's whole answer (the success envelope) as JSON in UTF-8. */
export const writeFavouritePage = (
  entries: readonly PageEntry[],
  page: { total: number; pageNum: number; pageSize: number },
  suppliers: readonly Supplier[],
  shopper: Shopper,
): Buffer => {
  const supplierById = new Map(suppliers.map((s) => [s.id, s]));
  const key = shopperKey(shopper);
  const empty = writeEmptyPage({
    success: true,
    code: 200,
    message: 'success',
    data: { records: [], ...page },
  });
  // The envelope's only free text is its fixed message, so the empty list is there once.
  const at = empty.indexOf(EMPTY_RECORDS) + EMPTY_RECORDS.length - 1;
  const head = Buffer.from(empty.slice(0, at));
  const tail = Buffer.from(empty.slice(at));
  // Each entry: its own `{"collectedAt":"…",` (ASCII, a byte a character), then its shared part.
  const records: { own: string; shared: Buffer }[] = [];
  let length = head.length + tail.length;
  for (const { goodsId, row, collectedAt } of entries) {
    if (!row) continue;
    const shared = sharedBytes(goodsId, row, suppliers, supplierById, shopper, key);
    const own = `{"collectedAt":"${new Date(collectedAt).toISOString()}",`;
    records.push({ own, shared });
    length += own.length + shared.length + 1;
  }
  if (records.length > 0) length -= 1;
  const out = Buffer.allocUnsafe(length);
  let offset = head.copy(out, 0);
  for (const [i, r] of records.entries()) {
    if (i > 0) offset += out.write(',', offset, 'latin1');
    offset += out.write(r.own, offset, 'latin1');
    offset += r.shared.copy(out, offset);
  }
  tail.copy(out, offset);
  return out;
};
