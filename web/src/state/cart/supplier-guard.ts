import { create } from 'zustand';
import { readCart } from './current-cart.ts';

/** The supplier a shopper picks in the top nav, as the mixing rule needs it; null is "all suppliers". */
export type ChosenSupplier = { id: number; self: boolean } | null;

/** Whether the mixing dialog is up for a supplier choice (the header shows it). */
export const useSupplierMixPrompt = create<{ open: boolean }>()(() => ({ open: false }));
export const closeSupplierMixPrompt = () => useSupplierMixPrompt.setState({ open: false });

/**
 * docs/cart.md, mixing rule: choosing a supplier in the top nav with a non-empty cart: when the choice
 * would mix Local SPY goods with others, the mixing dialog opens and the choice is not made
 * (resolves false). An empty cart answers at once; the rule downloads only when needed.
 */
export const checkSupplierChoice = async (chosen: ChosenSupplier): Promise<boolean> => {
  const items = readCart().items;
  if (items.length === 0 || chosen === null) return true;
  const { supplierChoiceConflict } = await import('@mall/shared/cart-rules');
  if (!supplierChoiceConflict(items, chosen)) return true;
  useSupplierMixPrompt.setState({ open: true });
  return false;
};

/** Whether a choice needs the check at all (an empty cart never conflicts). */
export const supplierChoiceNeedsCheck = (chosen: ChosenSupplier) =>
  chosen !== null && readCart().items.length > 0;
