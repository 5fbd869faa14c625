import type { Db } from '../../db/client.ts';
import { usableCardCents } from './cash-cards.ts';
import { usableDiscountCounts } from './discounts.ts';
import { pointsBalance } from './ledger.ts';

/** What the member's wallet holds now (the account page's "My wallet"). */
export interface WalletBalances {
  points: number;
  /** Money on the cards that have not expired, in cents. */
  cashCents: number;
  /** Claimed coupons usable now. */
  coupons: number;
  /** Discount cards usable now. */
  discountCards: number;
}

export const walletBalancesOf = async (db: Db, memberId: number): Promise<WalletBalances> => {
  const [points, cashCents, discounts] = await Promise.all([
    pointsBalance(db, memberId),
    usableCardCents(db, memberId),
    usableDiscountCounts(db, memberId),
  ]);
  return { points, cashCents, coupons: discounts.coupons, discountCards: discounts.cards };
};
