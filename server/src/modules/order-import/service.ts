import {
  type CartRuleItem,
  LIMIT_MESSAGE,
  MIX_MESSAGE,
  mixConflict,
  stockMessage,
} from '@mall/shared/cart-rules';
import { CART_COUNT_MAX } from '@mall/shared/contract/cart';
import {
  IMPORT_REASON,
  type ImportCheck,
  type ImportRow,
  type ImportSku,
} from '@mall/shared/contract/order-import';
import { fromCents } from '@mall/shared/money';
import type { Db } from '../../db/client.ts';
import { type SkuFacts, skuFactsByCodes } from '../catalogue/index.ts';
import type { Shopper } from '../shopper/index.ts';
import type { SheetRow } from './sheet-reader.ts';

/**
 * Checks every row of an order sheet against the catalogue for one shopper (docs/order-import.md:
 * the check): nothing is added to a cart here. A code listed twice is merged into its first row
 * (counts added up); each row then is matched, or refused with every reason that applies.
 */

/** A code as typed: spaces gone, upper case (codes are upper case; a barcode is digits). */
export const normaliseCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/** A count as written: a whole number from 1 to CART_COUNT_MAX ("12", "12.0", "1,200"), else null. */
export const countOf = (text: string): number | null => {
  const t = text.replace(/,/g, '').trim();
  if (!/^\d{1,7}(\.0+)?$/.test(t)) return null;
  const n = Number.parseInt(t, 10);
  return n >= 1 && n <= CART_COUNT_MAX ? n : null;
};

const skuOf = (f: SkuFacts): ImportSku => ({
  skuId: f.skuId,
  goodsId: f.goodsId,
  code: f.code,
  name: f.name,
  skuLabel: f.skuLabel,
  thumbUrl: f.thumbUrl,
  price: fromCents(f.priceCents),
  originalPrice: f.originalCents === null ? null : fromCents(f.originalCents),
  stock: f.stock,
  maxCount: f.maxCount,
  self: f.supplier.self,
  supplierId: f.supplier.id,
  supplierCode: f.supplier.code,
  supplierName: f.supplier.name,
});

const listedTwice = (rows: readonly number[]) => {
  const which =
    rows.length <= 6 ? rows.join(', ') : `${rows.slice(0, 5).join(', ')} and ${rows.length - 5} more`;
  return `Listed ${rows.length === 2 ? 'twice' : `${rows.length} times`} (rows ${which}): the counts were added up.`;
};

/** The rows of `sheet`, checked for `shopper`. */
export const checkRows = async (
  db: Db,
  shopper: Shopper,
  fileName: string,
  sheet: readonly SheetRow[],
): Promise<ImportCheck> => {
  // The first row of each code takes the later ones' counts.
  const firstOf = new Map<string, { index: number; rows: number[] }>();
  const codes = sheet.map((r) => normaliseCode(r.code));
  const counts = sheet.map((r) => countOf(r.count));
  const total: (number | null)[] = [...counts];
  const mergedInto: (number | null)[] = sheet.map(() => null);
  sheet.forEach((r, i) => {
    const code = codes[i]!;
    if (code === '' || r.tooLong) return;
    const first = firstOf.get(code);
    if (!first) {
      firstOf.set(code, { index: i, rows: [r.row] });
      return;
    }
    first.rows.push(r.row);
    mergedInto[i] = sheet[first.index]!.row;
    const a = total[first.index];
    const b = counts[i];
    total[first.index] = a === null || a === undefined || b === null || b === undefined ? null : a + b;
  });

  const found = await skuFactsByCodes(db, [...firstOf.keys()], shopper);
  const byCode = new Map<string, SkuFacts>();
  for (const f of found) {
    byCode.set(f.code, f.facts);
    if (f.gtin) byCode.set(f.gtin, f.facts);
  }

  // The mixing rule (docs/cart.md: adding) over the rows that may go in, in the sheet's order.
  const accepted: Pick<CartRuleItem, 'self' | 'supplierId'>[] = [];
  const rows: ImportRow[] = sheet.map((r, i) => {
    const code = codes[i]!;
    const base = {
      row: r.row,
      code: r.code,
      countText: r.count,
      note: r.note,
      notice: null,
      mergedInto: mergedInto[i]!,
    };
    if (mergedInto[i] !== null) {
      return {
        ...base,
        count: counts[i]!,
        status: 'merged' as const,
        reasons: [],
        notice: `Same SKU code as row ${mergedInto[i]}: its count was added there.`,
        sku: null,
      };
    }
    const count = total[i]!;
    const reasons: string[] = [];
    const facts = code === '' || r.tooLong ? undefined : byCode.get(code);
    if (r.tooLong) reasons.push(IMPORT_REASON.codeTooLong);
    else if (code === '') reasons.push(IMPORT_REASON.noCode);
    else if (!facts) reasons.push(IMPORT_REASON.unknownCode);
    else if (!facts.available) reasons.push(IMPORT_REASON.gone);
    if (count === null || count > CART_COUNT_MAX) reasons.push(IMPORT_REASON.count);
    if (facts?.available && count !== null) {
      if (facts.maxCount !== null && count > facts.maxCount) {
        reasons.push(`${LIMIT_MESSAGE} (at most ${facts.maxCount}).`);
      }
      if (count > facts.stock) reasons.push(`${stockMessage(facts.stock)}.`);
    }
    if (facts?.available && reasons.length === 0) {
      const item = { self: facts.supplier.self, supplierId: facts.supplier.id };
      if (mixConflict(accepted, item)) reasons.push(MIX_MESSAGE);
      else accepted.push(item);
    }
    const twice = firstOf.get(code);
    return {
      ...base,
      count: count !== null && count <= CART_COUNT_MAX ? count : null,
      status: reasons.length === 0 ? ('ok' as const) : ('problem' as const),
      reasons,
      notice: twice && twice.rows.length > 1 ? listedTwice(twice.rows) : null,
      sku: facts ? skuOf(facts) : null,
    };
  });

  return {
    fileName,
    rows,
    summary: {
      rows: rows.length,
      matched: rows.filter((r) => r.status === 'ok').length,
      problems: rows.filter((r) => r.status === 'problem').length,
      merged: rows.filter((r) => r.status === 'merged').length,
    },
  };
};
