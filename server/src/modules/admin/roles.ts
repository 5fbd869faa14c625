import { OPERATOR_ROLES, type OperatorRole } from '@mall/shared/contract/admin/operator';

export { OPERATOR_ROLES, type OperatorRole };

/** Who may do what: every back-office call names the roles it lets through; owner is in every list. */
export const MAY = {
  /** Any signed-in operator: their own account and two-factor. */
  self: OPERATOR_ROLES,
  operators: ['owner'],
  audit: ['owner'],
  /** The dashboard: takings, orders to ship, low stock. */
  dashboard: ['owner', 'orders'],
  /** Goods, their SKUs, pictures, publishing and promotions. */
  catalogue: ['owner', 'catalogue'],
  /** Setting and adjusting stock, and reading its history. */
  stock: ['owner', 'catalogue'],
  /** The orders list, detail, export, shipping, cancelling and refunding. */
  orders: ['owner', 'orders'],
  /** Members: search, detail, disable and enable, resend a verification. */
  members: ['owner', 'support'],
  /** Coupons, discount cards and points adjustments for members. */
  wallet: ['owner', 'support'],
  /** Cash cards are money: issuing them is the owner's. */
  cashCards: ['owner'],
  /** Live chat: the inbox, replies, assigning, closing, canned replies (docs/chat.md). */
  chat: ['owner', 'support'],
  /** Home banners and sections, hot keywords, links, service pages, the agreement. */
  content: ['owner', 'catalogue'],
} as const satisfies Record<string, readonly OperatorRole[]>;
