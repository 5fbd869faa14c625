/**
 * Where the account pages live (spec section 2) and the callback URLs between them. Plain
 * strings only: the header imports this, so it must stay tiny (no zod, no forms).
 */
export const LOGIN_PATH = '/pages/user/login/index';
export const REGISTER_RETAIL_PATH = '/pages/user/register/index';
export const REGISTER_WHOLESALE_PATH = '/pages/user/register/windex';
export const AGREEMENT_PATH = '/pages/user/register/agreement';
export const PASSWORD_RETRIEVE_PATH = '/pages/user/password/retrieve';
export const USER_CENTER_PATH = '/pages/user/index';
export const PROFILE_PATH = '/pages/user/profile/index';
export const SECURITY_PATH = '/pages/user/security/index';

/** The pages one signs in or registers through; never a place to come back to after login. */
const AUTH_ENTRY_PATHS: readonly string[] = [
  LOGIN_PATH,
  REGISTER_RETAIL_PATH,
  REGISTER_WHOLESALE_PATH,
  AGREEMENT_PATH,
  PASSWORD_RETRIEVE_PATH,
];

/** Spec section 2, agreement dialog: the targets under /pages/user/. */
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

/** Spec section 2: /pages/user/{target}?callbackUrl=/{current route}. */
export const authTargetUrl = (target: AuthTarget, callbackUrl: string | null | undefined): string =>
  withCallback(`/pages/user/${target}`, callbackUrl);

export const loginUrl = (callbackUrl?: string | null): string => withCallback(LOGIN_PATH, callbackUrl);

/** The agreement as a page (/pages/user/register/agreement?callbackUrl=): agreeing opens `next`. */
export const agreementPageUrl = (next: string): string => withCallback(AGREEMENT_PATH, next);

/** The terms framed by the agreement: the standard terms in store mode, the wholesale terms otherwise. */
export const agreementTermsUrl = (storeMode: boolean): string =>
  `${storeMode ? '/pages/terms/standard' : '/pages/terms/wholesale'}?embed=1`;
