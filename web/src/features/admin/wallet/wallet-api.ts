import type {
  CashCardIssue,
  CouponCreate,
  CouponCreated,
  DiscountCardGive,
  DiscountCardGiven,
  IssuedCard,
  PointsAdjust,
  PointsAdjusted,
} from '@mall/shared/contract/admin/wallet';
import { adminRequest, adminSend } from '../admin-api.ts';

export type { DiscountRule, IssuedCard } from '@mall/shared/contract/admin/wallet';

/**
 * The back office's wallet calls (docs/back-office-wallet.md). They only issue: nothing here is
 * read back, so no query of the back office goes stale after one (a member's detail, read again
 * when opened, shows the new balances).
 */
export const walletApi = {
  issueCards: (body: CashCardIssue) => adminSend<IssuedCard[]>('POST', '/wallet/cash-cards', body),
  /** Issues a batch; the answer is the spreadsheet with the secrets, the only copy there will be. */
  issueCardSheet: async (body: CashCardIssue): Promise<{ blob: Blob; name: string }> => {
    const blob = await adminRequest<Blob>('/wallet/cash-cards/sheet', {
      method: 'POST',
      body,
      responseType: 'blob',
    });
    return { blob, name: blob instanceof File ? blob.name : 'cash-cards.xlsx' };
  },
  createCoupon: (body: CouponCreate) => adminSend<CouponCreated>('POST', '/wallet/coupons', body),
  giveDiscountCard: (body: DiscountCardGive) =>
    adminSend<DiscountCardGiven>('POST', '/wallet/discount-cards', body),
  adjustPoints: (body: PointsAdjust) => adminSend<PointsAdjusted>('POST', '/wallet/points', body),
};
