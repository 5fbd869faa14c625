import { favouritePageSchema, favouriteSchema } from '@mall/shared/contract/favourite';
import type { Supplier } from '@mall/shared/contract/reference';
import { envelopeOf } from '@mall/shared/envelope';
import { compileSerializer } from '../../lib/response-serializer.ts';
import { type CardWithSkusRow, cardWithSkusOf } from '../catalogue/service.ts';
import { type Shopper, shopperKey } from '../catalogue/shopper.ts';

/**
 * The favourites page written as JSON text, a good at a time (docs/favourites.md: speed). What
 * a good's entry says (its card, price for the shopper's tier, stock, its one SKU) is the same on
 * every member's list, so it is written once per goods row and tier and kept with the row: a
 * page is then the members' own collect times and those texts, joined. A row is the catalogue's
 * (CardRows, as fresh as its other reads); a written entry is dropped with it, when the enabled
 * suppliers change, and when a running promotion it shows ends.
 *
 * Each part is written by the compiled serializer of its schema, which checks the shape as the
 * route's own would (lib/response-serializer.ts): the answer is the text the route's schema
 * would have written, fields in another order.
 */

/** A favourite's fields but its collect time: the same for every member of a tier. */
const writeShared = compileSerializer(favouriteSchema.omit({ collectedAt: true }), 'a favourite');
const writeEmptyPage = compileSerializer(envelopeOf(favouritePageSchema), 'the favourites page');
const EMPTY_RECORDS = '"records":[]';

interface Written {
  /** `{"goodsId":…}` without its collect time. */
  json: string;
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

const sharedJson = (
  goodsId: number,
  row: CardWithSkusRow,
  suppliers: readonly Supplier[],
  supplierById: ReadonlyMap<number, Supplier>,
  shopper: Shopper,
  key: string,
): string => {
  let byTier = written.get(row);
  const held = byTier?.get(key);
  if (held && held.suppliers === suppliers && shopper.now.getTime() < held.until) return held.json;
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
  byTier.set(key, { json, suppliers, until: promotionsEnd(row) });
  return json;
};

/** One favourite on the page: the good's row (null when it is gone) and when it was collected. */
export interface PageEntry {
  goodsId: number;
  row: CardWithSkusRow | undefined;
  collectedAt: number;
}

/** The page's whole answer (the success envelope) as JSON text. */
export const writeFavouritePage = (
  entries: readonly PageEntry[],
  page: { total: number; pageNum: number; pageSize: number },
  suppliers: readonly Supplier[],
  shopper: Shopper,
): string => {
  const supplierById = new Map(suppliers.map((s) => [s.id, s]));
  const key = shopperKey(shopper);
  const records: string[] = [];
  for (const { goodsId, row, collectedAt } of entries) {
    if (!row) continue;
    const shared = sharedJson(goodsId, row, suppliers, supplierById, shopper, key);
    records.push(`{"collectedAt":"${new Date(collectedAt).toISOString()}",${shared.slice(1)}`);
  }
  const empty = writeEmptyPage({
    success: true,
    code: 200,
    message: 'success',
    data: { records: [], ...page },
  });
  // The envelope's only free text is its fixed message, so the empty list is there once.
  return empty.replace(EMPTY_RECORDS, () => `"records":[${records.join(',')}]`);
};
