import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import { appConfig } from '../lib/app-config.ts';
import { ALL_SUPPLIERS_CODE } from '../lib/routes.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../lib/storage.ts';

/**
 * The supplier a wholesale shopper chose in the top nav (the search-supplier
 * state). Supplier links reload the page with `?supplier={code}`; the code stays chosen across
 * pages and reloads until another is picked, and `0` means all suppliers.
 */
interface SelectedSupplierState {
  code: string | null;
  choose(code: string | null): void;
}

export const useSelectedSupplier = create<SelectedSupplierState>()((set) => ({
  code: appConfig.mode === 'supplier' ? (readStored<string>(STORAGE_KEYS.searchSupplier) ?? null) : null,
  choose: (code) => {
    if (code === null || code === ALL_SUPPLIERS_CODE) removeStored(STORAGE_KEYS.searchSupplier);
    else writeStored(STORAGE_KEYS.searchSupplier, code);
    set({ code: code === ALL_SUPPLIERS_CODE ? null : code });
  },
}));

/** Reads `supplier` from the address (supplier mode only) into the chosen supplier. */
export const useSupplierFromUrl = () => {
  const [params] = useSearchParams();
  const fromUrl = params.get('supplier');
  const choose = useSelectedSupplier((s) => s.choose);
  useEffect(() => {
    if (appConfig.mode !== 'supplier' || fromUrl === null) return;
    if (/^[A-Za-z0-9_-]{1,32}$/.test(fromUrl)) choose(fromUrl);
  }, [fromUrl, choose]);
};
