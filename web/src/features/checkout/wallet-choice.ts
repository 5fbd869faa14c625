import type { OrderQuote, WalletUse } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';

/**
 * What the member chose to use from their wallet at checkout (docs/wallet.md: the order of
 * money): at most one discount (no combining), points, and cash card money. Kept as typed, so a
 * half-typed number stays on screen; `walletUseOf` turns it into the fields sent.
 */
export interface WalletChoice {
  discountId: number | null;
  /** The points box as typed ('' for none). */
  points: string;
  useCards: boolean;
  /** The card amount as typed; null while it follows what the cards can pay of the total. */
  cardAmount: string | null;
}

export const NO_WALLET: WalletChoice = { discountId: null, points: '', useCards: false, cardAmount: null };

export interface WalletErrors {
  points?: string;
  cardAmount?: string;
}

/** The most points this order may take: the order's share cap, and no more than the member holds. */
export const pointsUsable = (q: Pick<OrderQuote, 'pointsMax' | 'pointsBalance'>) =>
  Math.max(0, Math.min(q.pointsMax, q.pointsBalance));

/** What the cards pay when the member has not typed an amount: all they hold, up to the total. */
export const cardsDefault = (q: Pick<OrderQuote, 'cardBalance' | 'totalAmount'>) =>
  Math.max(0, Math.min(q.cardBalance, q.totalAmount));

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * The wallet's fields for a quote or a submit, and what is wrong with the choice as typed
 * (measured against the latest quote; the server checks everything again).
 */
export const walletUseOf = (
  choice: WalletChoice,
  quote: OrderQuote | null,
): { use: WalletUse; errors: WalletErrors } => {
  const use: WalletUse = {};
  const errors: WalletErrors = {};
  if (choice.discountId !== null) use.discountId = choice.discountId;

  const typedPoints = choice.points.trim();
  if (typedPoints !== '') {
    if (!/^\d{1,10}$/.test(typedPoints)) errors.points = 'Points are whole numbers';
    else {
      const points = Number(typedPoints);
      const most = quote ? pointsUsable(quote) : null;
      if (most !== null && points > most)
        errors.points =
          most === 0 ? 'This order cannot take points' : `Use at most ${most} points on this order`;
      else if (points > 0) use.points = points;
    }
  }

  if (choice.useCards && quote) {
    if (choice.cardAmount === null) {
      const amount = cardsDefault(quote);
      if (amount > 0) use.cardAmount = amount;
    } else {
      const typed = choice.cardAmount.trim();
      if (!MONEY.test(typed)) errors.cardAmount = 'Enter an amount in dollars, e.g. 12.50';
      else {
        const amount = Number(typed);
        if (amount > quote.cardBalance)
          errors.cardAmount = `Your cards hold ${formatPrice(quote.cardBalance)}`;
        else if (amount > quote.totalAmount)
          errors.cardAmount = `At most the order's total, ${formatPrice(quote.totalAmount)}`;
        else if (amount > 0) use.cardAmount = amount;
      }
    }
  }
  return { use, errors };
};

/** Whether the member chose anything from the wallet. */
export const usesWallet = (use: WalletUse) =>
  use.discountId !== undefined || use.points !== undefined || use.cardAmount !== undefined;

/** The part of an attempt's fingerprint the wallet adds: another choice is another order. */
export const walletFingerprint = (use: WalletUse) =>
  `d${use.discountId ?? '-'}|p${use.points ?? 0}|c${use.cardAmount ?? 0}`;
