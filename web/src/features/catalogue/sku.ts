import type { Sku } from '@mall/shared/contract/catalogue';

/**
 * Choosing a SKU by its options (colour, size, pack). A selection names a value for some of
 * the good's options; a value can be chosen when some SKU has it together with every other
 * value already chosen. Combinations no SKU has are unavailable.
 */
export type SkuSelection = Readonly<Record<string, string>>;

interface OptionLike {
  name: string;
}

/** Whether `value` of option `name` fits the other chosen values (some SKU has them all). */
export const isValueAvailable = (
  skus: readonly Sku[],
  selection: SkuSelection,
  name: string,
  value: string,
): boolean =>
  skus.some(
    (sku) =>
      sku.options[name] === value &&
      Object.entries(selection).every(([other, chosen]) => other === name || sku.options[other] === chosen),
  );

/** The SKUs that fit the values chosen so far. */
export const compatibleSkus = (skus: readonly Sku[], selection: SkuSelection): Sku[] =>
  skus.filter((sku) => Object.entries(selection).every(([name, value]) => sku.options[name] === value));

/** The SKU named by the selection once every option has a value (a good without options has one SKU). */
export const selectedSku = (
  skus: readonly Sku[],
  options: readonly OptionLike[],
  selection: SkuSelection,
): Sku | undefined => {
  if (options.some((o) => selection[o.name] === undefined)) return undefined;
  return skus.find((sku) => options.every((o) => sku.options[o.name] === selection[o.name]));
};

/** A good with a single SKU starts with it chosen; otherwise nothing is chosen. */
export const initialSelection = (skus: readonly Sku[]): SkuSelection =>
  skus.length === 1 && skus[0] ? { ...skus[0].options } : {};

/** Choosing a value again clears it; an unavailable value leaves the selection as it is. */
export const toggleValue = (
  skus: readonly Sku[],
  selection: SkuSelection,
  name: string,
  value: string,
): SkuSelection => {
  if (selection[name] === value) {
    const { [name]: _removed, ...rest } = selection;
    return rest;
  }
  if (!isValueAvailable(skus, selection, name, value)) return selection;
  return { ...selection, [name]: value };
};

/** How many can go into one order: the stock, and the purchase limit (maxCount) when there is one. */
export const quantityLimit = (stock: number, maxCount: number | null): number =>
  Math.max(0, Math.min(stock, maxCount ?? Number.POSITIVE_INFINITY));

/** A quantity kept between 1 and `max` (1 when nothing can be bought). */
export const clampQuantity = (n: number, max: number): number =>
  Math.min(Math.max(1, Number.isFinite(n) ? Math.floor(n) : 1), Math.max(1, max));

/** The purchase limit shared by every SKU, or null when there is none or they differ. */
export const commonMaxCount = (skus: readonly Sku[]): number | null => {
  const first = skus[0]?.maxCount ?? null;
  return first !== null && skus.every((s) => s.maxCount === first) ? first : null;
};

/** The lowest and highest price of some SKUs (for "$12.00 – $18.00" before a SKU is chosen). */
export const priceRange = (skus: readonly Sku[]): { min: number; max: number } | null => {
  if (skus.length === 0) return null;
  const prices = skus.map((s) => s.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
};
