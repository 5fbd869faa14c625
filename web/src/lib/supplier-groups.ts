import type { CartItem } from '@mall/shared/contract/cart';

/** Cart lines by supplier: the cart page and the checkout both show them so. */
export interface SupplierGroup {
  supplierId: number;
  supplierName: string;
  items: CartItem[];
}

/** The lines by supplier, in the order each supplier first appears (newest lines first). */
export const groupBySupplier = (items: readonly CartItem[]): SupplierGroup[] => {
  const groups = new Map<number, SupplierGroup>();
  for (const item of items) {
    const group = groups.get(item.supplierId);
    if (group) group.items.push(item);
    else
      groups.set(item.supplierId, {
        supplierId: item.supplierId,
        supplierName: item.supplierName,
        items: [item],
      });
  }
  return [...groups.values()];
};
