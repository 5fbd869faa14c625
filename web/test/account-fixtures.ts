import type { AccountInfo, LoginResult, Member, OrderBadge } from '@mall/shared/contract/account';

/** A retail member as the server describes them (docs/accounts.md: members). */
export const retailMember = (over: Partial<Member> = {}): Member => ({
  id: 12,
  kind: 'retail',
  userName: 'Aroha',
  userNo: 'R000012',
  userPhone: '0211234567',
  userAccount: 'aroha@example.co.nz',
  orgName: null,
  orgId: 4,
  cardNo: null,
  driverLicense: 'DL123456',
  address: '1 Queen Street, Auckland',
  userIsVIP: false,
  avatarUrl: null,
  companyTradingName: null,
  companyNumber: null,
  nzbn: null,
  ...over,
});

/** A wholesale member: contact name in userName, company fields filled. */
export const wholesaleMember = (over: Partial<Member> = {}): Member => ({
  ...retailMember(),
  id: 45,
  kind: 'wholesale',
  userName: 'Hemi Walker',
  userNo: 'W000045',
  userAccount: 'buying@tuitraders.co.nz',
  userPhone: '093334444',
  driverLicense: null,
  address: '7 Dock Road, Tauranga',
  companyTradingName: 'Tui Traders Ltd',
  companyNumber: '1234567',
  nzbn: '9429041234563',
  ...over,
});

export const loginResult = (member: Member = retailMember()): LoginResult => ({
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  member,
});

export const accountInfo = (member: Member, over: Partial<AccountInfo> = {}): AccountInfo => ({
  member,
  points: 0,
  cashBalance: 0,
  coupons: 0,
  discountCards: 0,
  favourites: 0,
  ...over,
});

export const orderBadge = (over: Partial<OrderBadge> = {}): OrderBadge => ({
  pendingPayment: 0,
  toShip: 0,
  shipped: 0,
  completed: 0,
  cancelled: 0,
  toComment: 0,
  ...over,
});
