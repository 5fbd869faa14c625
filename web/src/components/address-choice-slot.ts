import type { Address } from '@mall/shared/contract/address';

/**
 * What the checkout gives the address chooser it shows (the page passes the address feature's
 * `AddressChoice`): the member's addresses, the one chosen, and how to choose another.
 */
export interface AddressChoiceSlot {
  addresses: readonly Address[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  chosen: Address | null;
  onChoose: (id: number) => void;
  /** The server's refusal about the address (e.g. it was deleted meanwhile). */
  error?: string | undefined;
}
