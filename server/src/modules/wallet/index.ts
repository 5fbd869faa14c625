/** The wallet module's face: what other modules and the app use of it. */

export { adminWalletRoutes } from './admin-routes.ts';
export { walletBalancesOf } from './balances.ts';
export { cardsBack, checkoutWallet, earnedCredited, orderCardSpends } from './checkout-wallet.ts';
export {
  cashCardIssueSchema,
  couponCreateSchema,
  createCoupon,
  discountCardGiveSchema,
  giveDiscountCard,
  givePoints,
  type IssuedCard,
  issueCashCards,
} from './issue.ts';
export { lockedPointsBalance, movePoints, releaseDiscount } from './ledger.ts';
export { walletRoutes } from './routes.ts';
export { walletDemoSeed } from './seed.ts';
