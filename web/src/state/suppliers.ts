import type { Supplier } from '@mall/shared/contract/reference';
import { relaunch } from '../lib/relaunch.ts';
import { ALL_SUPPLIERS_CODE } from '../lib/routes.ts';
import { type ChosenSupplier, checkSupplierChoice, supplierChoiceNeedsCheck } from './cart/supplier-guard.ts';
import { useSelectedSupplier } from './selected-supplier.ts';

export interface SupplierNavEntry {
  code: string;
  name: string;
  /** An external site (store mode); in supplier mode the target is computed from the current page. */
  websiteUrl: string | null;
  /** What the cart mixing rule needs; null for 'All suppliers'. */
  supplier: ChosenSupplier;
}

/**
 * Supplier top-nav links (docs/routes.md: header). Store mode: each supplier's own website, opened in
 * a new tab (suppliers without a website are left out). Supplier mode: 'All suppliers' first,
 * then every supplier.
 */
export const supplierNavEntries = (
  suppliers: readonly Supplier[],
  storeMode: boolean,
): SupplierNavEntry[] => {
  if (storeMode) {
    return suppliers
      .filter((s) => typeof s.websiteUrl === 'string' && /^https?:\/\//i.test(s.websiteUrl))
      .map((s) => ({
        code: s.code,
        name: s.name,
        websiteUrl: s.websiteUrl,
        supplier: { id: s.id, self: s.self },
      }));
  }
  const entries: SupplierNavEntry[] = suppliers.map((s) => ({
    code: s.code,
    name: s.name,
    websiteUrl: null,
    supplier: s.code === ALL_SUPPLIERS_CODE ? null : { id: s.id, self: s.self },
  }));
  if (!suppliers.some((s) => s.code === ALL_SUPPLIERS_CODE)) {
    entries.unshift({ code: ALL_SUPPLIERS_CODE, name: 'All suppliers', websiteUrl: null, supplier: null });
  }
  return entries;
};

/**
 * Supplier mode: remember the choice (code 0 forgets it) and reload at `url` (a full reload,
 * docs/routes.md). With goods in the cart the mixing rule (docs/cart.md) is checked first:
 * a conflicting choice opens the mixing dialog instead and nothing changes.
 */
export const chooseSupplier = (code: string, url: string, chosen: ChosenSupplier = null) => {
  const go = () => {
    useSelectedSupplier.getState().choose(code);
    relaunch(url);
  };
  if (!supplierChoiceNeedsCheck(chosen)) {
    go();
    return;
  }
  void checkSupplierChoice(chosen).then((allowed) => {
    if (allowed) go();
  });
};
