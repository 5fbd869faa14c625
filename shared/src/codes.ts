// The codes of dictionaries and enumerations, kept apart from the zod contracts so a page that only
// needs a code does not download the validator.

/** Codes of the dictionaries served by GET /api/sys/dict/type/tree. */
export const DICT = {
  memberKind: 'member_kind',
  gender: 'gender',
  island: 'island',
  nzRegion: 'nz_region',
  businessType: 'business_type',
  deliveryMethod: 'delivery_method',
  paymentMethod: 'payment_method',
  commentRating: 'comment_rating',
} as const;

/** Codes of the enumerations served by GET /api/sys/enum/list. */
export const ENUM = {
  orderStatus: 'order_status',
  payStatus: 'pay_status',
  cardStatus: 'card_status',
  pointSource: 'point_source',
  vipLevel: 'vip_level',
  couponStatus: 'coupon_status',
} as const;

/** Enumeration values are stored as small integers; their codes are those integers as strings. */
export const ORDER_STATUS = {
  pendingPayment: '0',
  toShip: '1',
  shipped: '2',
  completed: '3',
  cancelled: '4',
} as const;
export const PAY_STATUS = { unpaid: '0', paid: '1', refunding: '2', refunded: '3', failed: '4' } as const;
export const CARD_STATUS = { active: '0', used: '1', expired: '2', cancelled: '3' } as const;
export const POINT_SOURCE = {
  purchase: '0',
  review: '1',
  welcome: '2',
  redeemed: '3',
  refund: '4',
  adjustment: '5',
} as const;
/** One club (docs/wallet.md: club membership): a member is in it or not; plans are only lengths of it. */
export const VIP_LEVEL = { none: '0', club: '1' } as const;
export const COUPON_STATUS = { unused: '0', used: '1', expired: '2' } as const;
