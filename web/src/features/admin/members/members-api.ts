import { adminCall } from '../admin-api.ts';

/** The back office's members calls (docs/back-office-members.md). */

export type MemberKind = 'retail' | 'wholesale';

export interface MemberListed {
  id: number;
  memberNo: string;
  kind: MemberKind;
  name: string;
  email: string;
  phone: string;
  disabled: boolean;
  createdAt: string;
}

export interface MemberPage {
  list: MemberListed[];
  /** Counted up to 1,000; `more` when there are more. */
  total: number;
  more: boolean;
  page: number;
  size: number;
}

export interface MemberSearch {
  memberNo: string;
  email: string;
  phone: string;
  name: string;
  kind: '' | MemberKind;
}

export interface MemberProfile extends MemberListed {
  address: string | null;
  driverLicence: string | null;
  cardNo: string | null;
  companyTradingName: string | null;
  companyNumber: string | null;
  nzbn: string | null;
  club: boolean;
  clubUntil: string | null;
  disabledAt: string | null;
}

export interface MemberDetail {
  profile: MemberProfile;
  orders: {
    pendingPayment: number;
    toShip: number;
    shipped: number;
    completed: number;
    cancelled: number;
    total: number;
    recent: {
      id: number;
      orderNo: string;
      status: string;
      payStatus: string;
      totalAmount: number;
      createdAt: string;
    }[];
  };
  wallet: { points: number; cashCents: number; coupons: number; discountCards: number };
}

const queryOf = (s: MemberSearch, page: number, size: number) => {
  const q = new URLSearchParams();
  for (const key of ['memberNo', 'email', 'phone', 'name', 'kind'] as const) {
    const v = s[key].trim();
    if (v) q.set(key, v);
  }
  q.set('page', String(page));
  q.set('size', String(size));
  return q.toString();
};

export const membersApi = {
  search: (s: MemberSearch, page: number, size: number) =>
    adminCall<MemberPage>('GET', `/members?${queryOf(s, page, size)}`),
  detail: (id: number) => adminCall<MemberDetail>('GET', `/members/${id}`),
  setDisabled: (id: number, disabled: boolean) =>
    adminCall<MemberProfile>('PATCH', `/members/${id}`, { disabled }),
  resendCode: (id: number) =>
    adminCall<{ to: string; resendAfterSeconds: number; expiresInSeconds: number }>(
      'POST',
      `/members/${id}/resend-code`,
    ),
};
