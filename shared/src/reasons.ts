import type { CartRefusal } from './cart-rules.ts';

/**
 * Why a call was refused: the `reason` every failure envelope carries beside `code`
 * (docs/calls.md: refusal reasons). A client branches on the reason, never on the message: the
 * message is words for people and may be reworded or translated. A reason keeps its meaning once
 * listed; a refusal with no reason of its own carries its status's.
 */
export const REFUSAL_REASONS = {
  'request.invalid': 'A field or value is wrong (400); data.errors names the fields.',
  'auth.required': 'Not signed in, or the tokens are not valid (401).',
  'auth.forbidden': 'Signed in, but this caller may not do this (403).',
  not_found: "What the call names does not exist, or is not the caller's (404).",
  conflict: 'The call goes against a rule or the current state (409).',
  'request.too_large': 'A body or file is too large (413).',
  'request.too_many': 'Too many requests: try again after Retry-After seconds (429).',
  'auth.locked':
    'Too many failed logins for the account or from the address: try again after Retry-After seconds (429).',
  'cart.purchase_limit': "The count would pass the SKU's purchase limit (409).",
  'cart.stock': 'The count would pass the stock there is (409).',
  'cart.mixing': "Local SPY's goods and other suppliers' goods cannot share a cart (409).",
  'cart.lines': 'The cart holds as many lines as it may (409).',
  'order.minimum_not_met': "A wholesale order's goods do not reach the island's minimum (409).",
  'order.unpaid_limit': 'The member has as many unpaid orders as they may (409).',
  'server.error': "Something failed on the shop's side (500).",
  'server.upstream': 'A service the shop relies on (the payment gateway) refused or failed (502).',
  'server.unavailable':
    'The shop cannot do this now (its database does not answer, or it is too busy): try again later, after Retry-After seconds when given (503).',
} as const;

export type RefusalReason = keyof typeof REFUSAL_REASONS;

export const REFUSAL_REASON_LIST = Object.keys(REFUSAL_REASONS) as [RefusalReason, ...RefusalReason[]];

const STATUS_REASONS: Record<number, RefusalReason> = {
  400: 'request.invalid',
  401: 'auth.required',
  403: 'auth.forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'request.too_large',
  429: 'request.too_many',
  502: 'server.upstream',
  503: 'server.unavailable',
};

/** The reason of a refusal that has none of its own: its status's. */
export const reasonOfStatus = (status: number): RefusalReason =>
  STATUS_REASONS[status] ?? (status >= 500 ? 'server.error' : 'request.invalid');

/** The reason of each cart rule's refusal (cart-rules.ts). */
export const CART_RULE_REASONS: Record<CartRefusal['rule'], RefusalReason> = {
  limit: 'cart.purchase_limit',
  stock: 'cart.stock',
  mix: 'cart.mixing',
  lines: 'cart.lines',
};
