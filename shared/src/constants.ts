/** docs/limits.md: business constants and limits that both halves rely on. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_LOADING_TIMEOUT_MS = 60_000;
export const HOT_KEYWORD_ROTATION_MS = 5_000;
export const SEARCH_BLUR_DELAY_MS = 200;
export const DIALOG_CLOSE_ANIMATION_MS = 100;
export const ACCESS_TOKEN_TTL_MS = 7_200_000;
export const REFRESH_TOKEN_TTL_MS = 14_400_000;
export const DEBOUNCE_MS = 500;
export const THROTTLE_MS = 500;
export const SUGGESTIONS_MAX = 10;
export const BRAND_BAR_MAX = 10;
export const SUB_CATEGORIES_MAX = 10;
export const THIRD_LEVEL_MAX = 24;
export const PAGE_MIN_WIDTH_PX = 1326;
export const ONLINE_SERVICE_POPUP = { width: 500, height: 750 } as const;
export const DIALOG_DEFAULT_SIZE = { width: 880, height: 500 } as const;
export const AGREEMENT_DIALOG_SIZE = { width: 800, height: 420 } as const;
export const MINIMUM_ORDER = { north: 600, south: 2000 } as const;
export const SHOWROOM_HOURS = '9:00-17:00';
export const DEFAULT_BRAND = 'Kauri Mall';

/** The token value the server may send that must never be stored (docs/accounts.md: tokens). */
export const INVALID_TOKEN = 'invalid_token';

/** Request and response header names (docs/calls.md: what every call sends). */
export const HEADER = {
  authorization: 'Authorization',
  refreshToken: 'X-Refresh-Token',
  accessToken: 'X-Access-Token',
  orgId: 'orgId',
  store: 'store',
  requestId: 'X-Request-Id',
} as const;

export type MallMode = 'store' | 'supplier';
/** The `store` header: 1 in store mode, 0 in supplier mode. */
export const storeHeaderValue = (mode: MallMode): '1' | '0' => (mode === 'store' ? '1' : '0');

/**
 * The most lines a cart holds (docs/cart.md: one number): a member's cart and a guest's, what one
 * sync or batch add takes, and what one order buys. As large as the largest order import
 * (contract/order-import.ts IMPORT_ROWS_MAX), so an imported sheet never loses lines on its way
 * to an order.
 */
export const CART_LINES_MAX = 10_000;

/** One call for every SKU of a guest's cart (contract/cart.ts skuLineSchema). */
export const SKU_LINES_PATH = '/api/org/sale/good/skus/lines';
