import { DEFAULT_BRAND, type MallMode } from './constants.ts';

/**
 * Runtime configuration the server hands the web app inside index.html
 * (`<meta name="mall-config">`), so one server setting switches the mode without a rebuild.
 * The server validates it from the environment (server/src/config.ts); the web reads it with
 * these defaults, so a page served without it (tests, a bare build) still works.
 */
export interface AppConfig {
  brand: string;
  mode: MallMode;
  onlineServiceUrl: string;
  /** The address the QR code of the footer's follow-us dialog encodes (the chat app's follow link). */
  wechatFollowUrl: string;
  /**
   * Points earned per whole dollar of goods paid (the server's POINTS_EARN_PER_DOLLAR,
   * docs/wallet.md); absent: DEFAULT_POINTS_EARN_PER_DOLLAR.
   */
  pointsEarnPerDollar?: number;
  /** The payments are the sandbox's, which takes no money (the server's PAYMENT_PROVIDER): pages say so. */
  paymentsSimulated: boolean;
  /** The live chat: the shop's own, or Chatwoot's widget (the server's CHAT_PROVIDER; docs/chat.md). */
  chat: ChatProviderConfig;
}

/** Which live chat the shop runs; Chatwoot's with the server and inbox the widget loads from. */
export type ChatProviderConfig =
  | { provider: 'builtin' }
  | { provider: 'chatwoot'; baseUrl: string; websiteToken: string };

export const DEFAULT_POINTS_EARN_PER_DOLLAR = 1;

export const DEFAULT_APP_CONFIG: AppConfig = {
  brand: DEFAULT_BRAND,
  mode: 'store',
  onlineServiceUrl: 'https://support.kaurimall.co.nz/chat',
  wechatFollowUrl: 'https://weixin.qq.com/r/KauriMallNZ',
  paymentsSimulated: true,
  chat: { provider: 'builtin' },
};

/** A Chatwoot setting as the meta tag carries it; anything else is the built-in chat. */
const chatOf = (given: unknown): ChatProviderConfig => {
  const c = given as Partial<{ provider: string; baseUrl: unknown; websiteToken: unknown }> | null;
  if (
    c?.provider === 'chatwoot' &&
    typeof c.baseUrl === 'string' &&
    /^https?:\/\/[^/]+$/.test(c.baseUrl) &&
    typeof c.websiteToken === 'string' &&
    c.websiteToken
  )
    return { provider: 'chatwoot', baseUrl: c.baseUrl, websiteToken: c.websiteToken };
  return { provider: 'builtin' };
};

export const APP_CONFIG_META = 'mall-config';
export const APP_CONFIG_MARKER = '<!--mall-config-->';

const escapeAttr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Replaces the marker in index.html with the config meta tag and sets the document title. */
export const injectAppConfig = (html: string, config: AppConfig): string =>
  html
    .replace(
      APP_CONFIG_MARKER,
      `<meta name="${APP_CONFIG_META}" content="${escapeAttr(JSON.stringify(config))}" />`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(config.brand)}</title>`);

/** The config from the meta tag's JSON; defaults for anything absent or unreadable. */
export const readAppConfig = (json: string | undefined): AppConfig => {
  let given: Partial<AppConfig> = {};
  try {
    given = json ? (JSON.parse(json) as Partial<AppConfig>) : {};
  } catch {
    given = {};
  }
  return {
    brand: typeof given.brand === 'string' && given.brand ? given.brand : DEFAULT_APP_CONFIG.brand,
    mode: given.mode === 'supplier' ? 'supplier' : 'store',
    onlineServiceUrl:
      typeof given.onlineServiceUrl === 'string'
        ? given.onlineServiceUrl
        : DEFAULT_APP_CONFIG.onlineServiceUrl,
    wechatFollowUrl:
      typeof given.wechatFollowUrl === 'string' && given.wechatFollowUrl
        ? given.wechatFollowUrl
        : DEFAULT_APP_CONFIG.wechatFollowUrl,
    paymentsSimulated: given.paymentsSimulated !== false,
    chat: chatOf(given.chat),
    ...(Number.isSafeInteger(given.pointsEarnPerDollar) && (given.pointsEarnPerDollar as number) >= 0
      ? { pointsEarnPerDollar: given.pointsEarnPerDollar as number }
      : {}),
  };
};

/**
 * The config from the environment variables the server reads for it (BRAND, MALL_MODE,
 * ONLINE_SERVICE_URL, WECHAT_FOLLOW_URL, POINTS_EARN_PER_DOLLAR, PAYMENT_PROVIDER, CHAT_PROVIDER with CHATWOOT_BASE_URL and CHATWOOT_WEBSITE_TOKEN; server/src/config.ts validates them): the Vite dev server injects it as
 * the server does, without importing the server's code. Unset or empty means the default.
 */
export const appConfigFromEnv = (env: Record<string, string | undefined>): AppConfig =>
  readAppConfig(
    JSON.stringify({
      brand: env.BRAND || undefined,
      mode: env.MALL_MODE || undefined,
      onlineServiceUrl: env.ONLINE_SERVICE_URL || undefined,
      wechatFollowUrl: env.WECHAT_FOLLOW_URL || undefined,
      pointsEarnPerDollar: env.POINTS_EARN_PER_DOLLAR ? Number(env.POINTS_EARN_PER_DOLLAR) : undefined,
      paymentsSimulated: (env.PAYMENT_PROVIDER || 'sandbox') === 'sandbox',
      chat:
        env.CHAT_PROVIDER === 'chatwoot'
          ? {
              provider: 'chatwoot',
              baseUrl: env.CHATWOOT_BASE_URL?.replace(/\/+$/, ''),
              websiteToken: env.CHATWOOT_WEBSITE_TOKEN,
            }
          : undefined,
    }),
  );
