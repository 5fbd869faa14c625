import { AdminApiError, adminCall, adminToken } from '../admin-api.ts';

/** The back office's wallet calls (docs/back-office-wallet.md). */

export interface IssuedCard {
  id: number;
  cardNo: string;
  secret: string;
  faceValue: number;
  expiresAt: string;
}

export interface CashCardIssue {
  face: number;
  count: number;
  years: number;
}

/** A discount's rule, as the wallet module takes it: a percentage or an amount off. */
export interface DiscountRule {
  title?: string;
  percent?: number;
  amount?: number;
  min?: number;
  days: number;
  starts?: string;
}

/** The file name the server gave in Content-Disposition, else `fallback`. */
const fileNameOf = (res: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

export const walletApi = {
  issueCards: (body: CashCardIssue) => adminCall<IssuedCard[]>('POST', '/wallet/cash-cards', body),
  /** Issues a batch; the answer is the spreadsheet with the secrets, the only copy there will be. */
  issueCardSheet: async (body: CashCardIssue): Promise<{ blob: Blob; name: string }> => {
    const token = adminToken.get();
    const res = await fetch('/api/admin/wallet/cash-cards/sheet', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      const envelope = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new AdminApiError(
        envelope?.message ?? `The server answered ${res.status}.`,
        res.status,
        res.status,
      );
    }
    return { blob: await res.blob(), name: fileNameOf(res, 'cash-cards.xlsx') };
  },
  createCoupon: (body: DiscountRule & { code: string; limit?: number }) =>
    adminCall<{ id: number; code: string; title: string }>('POST', '/wallet/coupons', body),
  giveDiscountCard: (body: DiscountRule & { member: string }) =>
    adminCall<{ id: number; title: string }>('POST', '/wallet/discount-cards', body),
  adjustPoints: (body: { member: string; points: number; reason: string }) =>
    adminCall<{ memberId: number; balanceBefore: number; balanceAfter: number }>(
      'POST',
      '/wallet/points',
      body,
    ),
};
