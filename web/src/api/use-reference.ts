import type { CodeTree, Organisation, Supplier } from '@mall/shared/contract/reference';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { type StoredList, useStoredList } from '../lib/use-stored-query.ts';

export const SUPPLIERS_LIST: StoredList = [
  ['reference', 'suppliers'],
  '/api/supplier/website/name/list',
  STORAGE_KEYS.suppliers,
];

/** The suppliers of the top bar (the mall's own store first). */
export const useSuppliers = () => useStoredList<Supplier>(...SUPPLIERS_LIST);

/** The online stores a shopper can choose (showroom, stores, warehouses) with address and hours. */
export const useOrganisations = () =>
  useStoredList<Organisation>(
    ['reference', 'organisations'],
    '/api/sys/org/on/line/store',
    STORAGE_KEYS.organisations,
  );

/** The dictionaries (code -> label, e.g. NZ regions). */
export const useDictionaries = () =>
  useStoredList<CodeTree>(
    ['reference', 'dictionaries'],
    '/api/sys/dict/type/tree',
    STORAGE_KEYS.dictTypeData,
  );

/** The enumerations (order status, card status, ...). */
export const useEnumerations = () =>
  useStoredList<CodeTree>(['reference', 'enumerations'], '/api/sys/enum/list', STORAGE_KEYS.enumListData);
