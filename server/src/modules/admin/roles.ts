/** The back office's roles (docs/back-office.md: roles). */
export const OPERATOR_ROLES = ['owner', 'catalogue', 'orders', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Who may do what: every back-office call names the roles it lets through; owner is in every list. */
export const MAY = {
  /** Any signed-in operator: their own account and two-factor. */
  self: OPERATOR_ROLES,
  operators: ['owner'],
  audit: ['owner'],
  orders: ['owner', 'orders'],
  /** The dashboard: takings, orders to ship, low stock. */
  dashboard: ['owner', 'orders'],
} as const satisfies Record<string, readonly OperatorRole[]>;
