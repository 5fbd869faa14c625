/**
 * Every page's address (docs/routes.md) and every link builder, in one place: app/routes.tsx
 * mounts the pages at these paths, and every link in the shop is built here. Plain strings only:
 * the header imports this, so it stays tiny (no zod, no forms). All search state is in the
 * address, so every result page can be shared, bookmarked and reached with the back button.
 */

export const HOME_PATH = '/';
/** The back office (its own part of the app; docs/back-office.md). */
export const ADMIN_PATH = '/admin';
/** The home page's other address. */
export const HOME_ALIAS_PATH = '/pages/index';
/** A service/info page (one introduction entry). */
export const SERVICE_PATH = '/pages/home/html';

export const SEARCH_PATH = '/pages/search/index';
export const CATEGORY_SEARCH_PATH = '/pages/search/category';
export const GOODS_PATH = '/pages/goods/index';
export const RECOMMEND_PATH = '/pages/recommend/index';

export const CART_PATH = '/pages/cart/index';
export const CART_ADD_SUCCESS_PATH = '/pages/cart/add-success';

export const LOGIN_PATH = '/pages/user/login/index';
export const REGISTER_RETAIL_PATH = '/pages/user/register/index';
export const REGISTER_WHOLESALE_PATH = '/pages/user/register/windex';
export const AGREEMENT_PATH = '/pages/user/register/agreement';
export const PASSWORD_RETRIEVE_PATH = '/pages/user/password/retrieve';

export const USER_CENTER_PATH = '/pages/user/index';
export const POINTS_PATH = '/pages/user/point/index';
export const CASH_TICKET_PATH = '/pages/user/cash/index';
export const FAVORITES_PATH = '/pages/user/favorite/index';
export const COUPONS_PATH = '/pages/user/coupon/index';
export const SHIPPING_ADDRESS_PATH = '/pages/user/profile/shipping-address';
export const PROFILE_PATH = '/pages/user/profile/index';
export const SECURITY_PATH = '/pages/user/security/index';
export const VIP_PATH = '/pages/user/vip/index';

export const ORDER_LIST_PATH = '/pages/order/index';
export const ORDER_UPLOAD_PATH = '/pages/order/upload';
export const ORDER_DETAIL_PATH = '/pages/order/detail';
export const COMMENT_LIST_PATH = '/pages/order/comment/index';
export const COMMENT_DETAIL_PATH = '/pages/order/comment/detail';
export const CHECKOUT_PATH = '/pages/order/checkout';
export const PAY_PATH = '/pages/order/pay/index';
export const PAY_NOTICE_PATH = '/pages/order/pay/notice';

export const STANDARD_TERMS_PATH = '/pages/terms/standard';
export const WHOLESALE_TERMS_PATH = '/pages/terms/wholesale';
export const CHOOSE_LOCATION_PATH = '/choose-location';
export const OPEN_LOCATION_PATH = '/open-location';

// Catalogue

/** keyword=all means every good (docs/routes.md). */
export const ALL_KEYWORD = 'all';

/** The goods detail page of one good. */
export const goodsUrl = (id: number) => `${GOODS_PATH}?id=${id}`;

/** Search by category (docs/routes.md: the brand bar and mega menu entries). */
export const categorySearchUrl = (categoryId: number) => `${SEARCH_PATH}?categoryId=${categoryId}`;

/** The category page of one category (its breadcrumb). */
export const categoryPageUrl = (categoryId: number) => `${CATEGORY_SEARCH_PATH}?categoryId=${categoryId}`;

/**
 * Search for `keyword` (URL-encoded). With a chosen supplier the address carries both the
 * keyword and the supplier (docs/routes.md: search box).
 */
export const keywordSearchUrl = (keyword: string, supplier?: string | null) =>
  `${SEARCH_PATH}?keyword=${encodeURIComponent(keyword)}${supplier ? `&supplier=${encodeURIComponent(supplier)}` : ''}`;

/** Every good: the search for keyword=all. */
export const ALL_GOODS_URL = keywordSearchUrl(ALL_KEYWORD);

/** The service/info page of an introduction entry (docs/routes.md: /pages/home/html?id={id}). */
export const servicePageUrl = (id: number) => `${SERVICE_PATH}?id=${id}`;

/** The page shown after adding to the cart: the SKU and count added. */
export const cartAddSuccessUrl = (skuId: number, count: number) =>
  `${CART_ADD_SUCCESS_PATH}?skuId=${skuId}&count=${count}`;

// Suppliers

/** Supplier mode: the code of the 'All suppliers' entry; choosing it opens search without a supplier. */
export const ALL_SUPPLIERS_CODE = '0';

/**
 * Supplier mode: where choosing `code` reloads to. Code 0 opens the search page without a
 * supplier; any other code reloads `current` (path and query) with `supplier={code}`.
 */
export const supplierReloadUrl = (code: string, current: { pathname: string; search: string }) => {
  if (code === ALL_SUPPLIERS_CODE) return SEARCH_PATH;
  const params = new URLSearchParams(current.search);
  params.set('supplier', code);
  return `${current.pathname}?${params.toString()}`;
};

/** The search page for one supplier (the home page's supplier strip, a good's supplier link). */
export const supplierSearchUrl = (code: string) =>
  code === ALL_SUPPLIERS_CODE ? SEARCH_PATH : `${SEARCH_PATH}?supplier=${encodeURIComponent(code)}`;

// Orders and payment

/** The order detail page takes the order's id as `id`. */
export const orderDetailUrl = (orderId: number) => `${ORDER_DETAIL_PATH}?id=${orderId}`;
export const payUrl = (orderId: number) => `${PAY_PATH}?orderId=${orderId}`;
export const payNoticeUrl = (orderId: number) => `${PAY_NOTICE_PATH}?orderId=${orderId}`;
/** The review form of one line of an order. */
export const rateLineUrl = (orderId: number, lineId: number) =>
  `${COMMENT_DETAIL_PATH}?orderId=${orderId}&lineId=${lineId}`;

/** My Order with its status tab (null: all) and page in the address (?status=&pageNum=). */
export const orderListUrl = (status: string | null, pageNum = 1) => {
  const params = new URLSearchParams();
  if (status !== null) params.set('status', status);
  if (pageNum > 1) params.set('pageNum', String(pageNum));
  const qs = params.toString();
  return qs ? `${ORDER_LIST_PATH}?${qs}` : ORDER_LIST_PATH;
};

/** An id in a page's address (?id=, ?orderId=...): a positive integer, else null (nothing to show). */
export const parseId = (raw: string | null): number | null => {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

/** A list's page in the address (?pageNum=): a whole number from 1, else 1. */
export const pageNumParam = (raw: string | null): number => {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
};

// Sign-in pages and their callbacks

/** The pages one signs in or registers through; never a place to come back to after login. */
const AUTH_ENTRY_PATHS: readonly string[] = [
  LOGIN_PATH,
  REGISTER_RETAIL_PATH,
  REGISTER_WHOLESALE_PATH,
  AGREEMENT_PATH,
  PASSWORD_RETRIEVE_PATH,
];

/** docs/routes.md, agreement dialog: the targets under /pages/user/. */
export type AuthTarget = 'login/index' | 'register/index' | 'register/windex';

export const registerTarget = (storeMode: boolean): AuthTarget =>
  storeMode ? 'register/index' : 'register/windex';

const ORIGIN = 'http://callback.invalid';

/**
 * Only a path inside the shop may be a callback: it starts with one '/', holds no backslash,
 * whitespace or control character, and resolves to this site (never an open redirect).
 */
export const safeCallbackUrl = (raw: string | null | undefined, fallback = '/'): string => {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(raw)) return fallback;
  try {
    const url = new URL(raw, ORIGIN);
    if (url.origin !== ORIGIN) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
};

const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? url;

/** Where a member goes after signing in or registering: the callback, unless it is another sign-in page. */
export const afterLoginUrl = (raw: string | null | undefined, fallback = '/'): string => {
  const url = safeCallbackUrl(raw, fallback);
  return AUTH_ENTRY_PATHS.includes(pathOf(url)) ? fallback : url;
};

/**
 * The callback for a link to login or register: the current route, or (when already on a
 * sign-in page) the callback that page was given, so the chain never points back at itself.
 */
export const callbackFrom = (location: { pathname: string; search: string }): string => {
  if (AUTH_ENTRY_PATHS.includes(location.pathname)) {
    return afterLoginUrl(new URLSearchParams(location.search).get('callbackUrl'));
  }
  return safeCallbackUrl(location.pathname + location.search);
};

const withCallback = (path: string, callbackUrl: string | null | undefined) => {
  const safe = callbackUrl ? safeCallbackUrl(callbackUrl, '') : '';
  // Slashes stay readable, as the spec writes it (?callbackUrl=/pages/...); '?', '&', '=' and
  // '#' of the callback are encoded so they stay inside it.
  return safe ? `${path}?callbackUrl=${encodeURIComponent(safe).replace(/%2F/g, '/')}` : path;
};

/** docs/routes.md: /pages/user/{target}?callbackUrl=/{current route}. */
export const authTargetUrl = (target: AuthTarget, callbackUrl: string | null | undefined): string =>
  withCallback(`/pages/user/${target}`, callbackUrl);

export const loginUrl = (callbackUrl?: string | null): string => withCallback(LOGIN_PATH, callbackUrl);

/** The agreement as a page (/pages/user/register/agreement?callbackUrl=): agreeing opens `next`. */
export const agreementPageUrl = (next: string): string => withCallback(AGREEMENT_PATH, next);

/** The terms framed by the agreement: the standard terms in store mode, the wholesale terms otherwise. */
export const agreementTermsUrl = (storeMode: boolean): string =>
  `${storeMode ? STANDARD_TERMS_PATH : WHOLESALE_TERMS_PATH}?embed=1`;
