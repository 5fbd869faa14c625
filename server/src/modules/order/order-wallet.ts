import type { Discount, DiscountState } from '@mall/shared/contract/wallet';
import type { CashCardFunds, PromoRule } from '@mall/shared/order-money';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What orders need of the member's wallet (docs/wallet.md), implemented by the wallet module
 * (wallet/checkout-wallet.ts) and handed to the order services: the wallet's tables name the
 * order's, so the order module cannot import the wallet without a cycle.
 */
export interface OrderWallet {
  /**
   * What checkout reads of the wallet before it works the money out, as columns of the order
   * module's statement that reads them beside other things (`checkoutInputsOf` reads them): the
   * member's discount `discountId` as a rule with its state now (null when it is not theirs, or
   * none was asked for), and, when `funds`, their points balance and cash cards.
   */
  checkoutInputsSql(memberId: number, want: { discountId: number | undefined; funds: boolean }): SQL;
  /** The inputs of a row holding `checkoutInputsSql`'s columns. */
  checkoutInputsOf(
    row: Record<string, unknown>,
    want: { funds: boolean },
  ): {
    discount: { rule: PromoRule; state: DiscountState; title: string } | null;
    funds: { points: number; cards: CashCardFunds[] };
  };
  /** The member's usable discounts, for the checkout's choice. */
  usableDiscounts(db: Db, memberId: number): Promise<Discount[]>;
  /**
   * The common table expressions that take the member's discount for the order the same
   * statement writes (`orderId` is SQL). Their last, `discount_use_entry`, is empty when the
   * discount is not theirs any more or another order holds it.
   */
  discountUse(use: { memberDiscountId: number; memberId: number; orderId: SQL; discountCents: number }): SQL;
  /**
   * Spends the points and card money the order takes, in the order's transaction, after its
   * discount. Refused (409) when any of it is no longer there; the transaction then rolls back.
   */
  spend(
    tx: Tx,
    use: {
      memberId: number;
      orderId: number;
      points: number;
      cardSpends: readonly { cardId: number; cents: number }[];
    },
  ): Promise<void>;
  /**
   * Gives back what an order that closed unpaid took: its card money to each card, its points,
   * its discount. Answers what went back, for the order's refund lines.
   */
  giveBack(
    tx: Tx,
    order: { memberId: number; orderId: number },
  ): Promise<{ cards: { cardNoLast4: string; cents: number }[]; points: number }>;
  /** Credits the points a completed order earned (once per order). */
  creditEarned(tx: Tx, order: { memberId: number; orderId: number; points: number }): Promise<void>;
}
