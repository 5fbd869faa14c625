import type { OrderMoneyView, RefundLine } from '@mall/shared/contract/wallet';

/**
 * The wallet's money on an order (docs/wallet.md: the order of money), where the order answer
 * carries it: the order-money fields beside the order's own, and the refund lines. Orders placed
 * before the wallet, or answers without these fields, read as no discount, no points, no card
 * money and no refunds, with `payAmount` the whole total.
 */
export interface OrderWalletMoney {
  discountAmount: number;
  pointsUsed: number;
  pointsAmount: number;
  cardAmount: number;
  /** goods - discount - points + shipping. */
  totalAmount: number;
  /** What the payment gateway is (or was) paid. */
  payAmount: number;
  pointsEarned: number | null;
  refunds: RefundLine[];
}

type WithWallet = { payAmount: number } & Partial<Omit<OrderMoneyView, 'payAmount'>> & {
    refunds?: RefundLine[] | null;
  };

export const orderWalletMoney = (order: WithWallet): OrderWalletMoney => ({
  discountAmount: order.discountAmount ?? 0,
  pointsUsed: order.pointsUsed ?? 0,
  pointsAmount: order.pointsAmount ?? 0,
  cardAmount: order.cardAmount ?? 0,
  totalAmount: order.totalAmount ?? order.payAmount,
  payAmount: order.payAmount,
  pointsEarned: order.pointsEarned ?? null,
  refunds: order.refunds ?? [],
});
