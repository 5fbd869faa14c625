import os from 'node:os';
import path from 'node:path';
import { type AppConfig, DEFAULT_APP_CONFIG } from '@mall/shared/app-config';
import { ACCESS_TOKEN_TTL_MS, DEFAULT_BRAND, REFRESH_TOKEN_TTL_MS } from '@mall/shared/constants';
import { FAVOURITES_MAX_DEFAULT } from '@mall/shared/contract/favourite';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/client-address.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads, parsed once, with its default. The README lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((v) => (v === 'auto' ? Math.min(64, os.availableParallelism()) : v)),
  DATA_DIR: z.string().default('./data'),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_SWEEP_MS: z.coerce.number().int().min(0).default(3_600_000),
  MAIL_QUEUE_POLL_MS: z.coerce.number().int().min(0).default(30_000),
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  BRAND: z.string().min(1).default(DEFAULT_BRAND),
  MALL_MODE: z.enum(['store', 'supplier']).default('store'),
  PUBLIC_URL: z.url().optional(),
  ONLINE_SERVICE_URL: z.url().default('https://support.kaurimall.co.nz/chat'),
  WECHAT_FOLLOW_URL: z.url().default(DEFAULT_APP_CONFIG.wechatFollowUrl),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  CODE_SENDS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  IMPORTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  PASSWORD_HASHES_AT_ONCE: z.coerce.number().int().min(1).max(64).default(4),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//)
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'REDIS_KEY_PREFIX is 1 to 64 letters, digits or : _ . -')
    .default('mall-'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }),
  ACCESS_TOKEN_TTL_MS: z.coerce.number().int().positive().default(ACCESS_TOKEN_TTL_MS),
  REFRESH_TOKEN_TTL_MS: z.coerce.number().int().positive().default(REFRESH_TOKEN_TTL_MS),
  REFRESH_REUSE_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kauri Mall <no-reply@kaurimall.co.nz>'),
  SEED_DEMO: bool.optional(),
  DEMO_OWNER_PASSWORD: z
    .string()
    .min(10, 'DEMO_OWNER_PASSWORD must be at least 10 characters')
    .max(128)
    .optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).optional(),
  SEARCH_INDEX: bool.default(true),
  ORDER_PAY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
  ORDER_SWEEP_MS: z.coerce.number().int().min(0).default(60_000),
  UNPAID_ORDERS_MAX: z.coerce.number().int().min(1).default(5),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'STRIPE_SECRET_KEY is a secret key like sk_test_… or sk_live_…',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]+$/, 'STRIPE_WEBHOOK_SECRET is a signing secret like whsec_…')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  PAYMENT_SECRET: z.string().min(32, 'PAYMENT_SECRET must be at least 32 characters').optional(),
  SANDBOX_PAYMENT_WAIT_MS: z.coerce.number().int().min(0).default(5000),
  CASH_CARD_SLOWDOWN_UNIT_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  POINTS_EARN_PER_DOLLAR: z.coerce.number().int().min(0).max(1000).default(1),
  POINT_VALUE_CENTS: z.coerce.number().int().min(1).max(10_000).default(1),
  POINTS_MAX_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  FAVOURITES_MAX: z.coerce.number().int().min(1).max(100_000).default(FAVOURITES_MAX_DEFAULT),
  ORDER_AUTO_COMPLETE_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  CHAT_PROVIDER: z.enum(['builtin', 'chatwoot']).default('builtin'),
  CHATWOOT_BASE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/?#\s]+\/?$/,
      'CHATWOOT_BASE_URL is the address of your Chatwoot server, like https://app.chatwoot.com (no path)',
    )
    .transform((u) => u.replace(/\/$/, ''))
    .optional(),
  CHATWOOT_WEBSITE_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{8,64}$/,
      "CHATWOOT_WEBSITE_TOKEN is the website inbox's token (Settings → Inboxes → Configuration)",
    )
    .optional(),
  CHATWOOT_HMAC_TOKEN: z
    .string()
    .min(
      16,
      "CHATWOOT_HMAC_TOKEN is the inbox's HMAC token for identity validation (Settings → Inboxes → Configuration → Identity validation)",
    )
    .optional(),
  SELLER_NAME: z.string().min(1).default('Kauri Mall Limited'),
  SELLER_GST_NUMBER: z
    .string()
    .regex(/^\d{2,3}-?\d{3}-?\d{3}$/, 'SELLER_GST_NUMBER must be an IRD number like 123-456-789')
    .default('123-456-789'),
  SELLER_ADDRESS: z.string().min(1).default('18 Kauri Road, East Tāmaki, Auckland 2013'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Server processes sharing the port (main.ts, cluster.ts); more than one needs PostgreSQL. */
  workers: number;
  dataDir: string;
  databaseUrl: string | undefined;
  brand: string;
  mode: 'store' | 'supplier';
  publicUrl: string | undefined;
  onlineServiceUrl: string;
  /** What the QR code of the footer's follow-us dialog encodes. */
  wechatFollowUrl: string;
  webDist: string;
  /** Uploaded and generated files, served at /uploads (UPLOAD_DIR, else DATA_DIR/uploads). */
  uploadsDir: string;
  /** How often each process deletes pictures members uploaded and never used; 0: never (tests call it). */
  uploadSweepMs: number;
  /** How often a process delivers the mail queue's due mails (retries); 0 only when a mail is queued. */
  mailQueuePollMs: number;
  /** How often a process refreshes chat presence and checks its sockets' logins (docs/chat.md). */
  chatHeartbeatMs: number;
  logLevel: string;
  bodyLimit: number;
  rateLimitPerMinute: number;
  /** Verification codes one client address may have sent per minute (to any targets). */
  codeSendsPerMinute: number;
  /** Order sheets one client address may have checked per minute (docs/order-import.md). */
  importsPerMinute: number;
  /** Password hashes (argon2id, 19 MiB each) run at once, and how many may wait; more answer 503. */
  passwordHashing: { atOnce: number; waiting: number };
  redisUrl: string | undefined;
  /**
   * What every key this app keeps in Redis starts with (rate limits, login failure counts): apps
   * that share a Redis but not their counts (two shops, or test files run at once) each take their own.
   */
  redisKeyPrefix: string;
  /** Which proxies' X-Forwarded-For to believe: none, a hop count, or their addresses (lib/client-address.ts). */
  trustProxy: TrustProxy;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  /**
   * How long a refresh token that has just been rotated still serves requests (without a new
   * pair): the browser's parallel requests all carry the old token. After it, a reuse revokes the session.
   */
  refreshReuseGraceMs: number;
  /** HS256 key of access tokens; unset: one generated key kept in the database (shared by every process). */
  tokenSecret: string | undefined;
  /** smtp(s)://user:pass@host:port; unset: mail goes to `outboxDir` and the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Mail and SMS written to files when no provider is configured. */
  outboxDir: string;
  /** Load the demo data sets not yet loaded at startup. */
  seedDemo: boolean;
  /** The embedded demo's owner's password (back office), else one generated and printed at the first start. */
  demoOwnerPassword: string | undefined;
  /**
   * Whether those include the demo members and their wallet, whose password, card numbers and
   * secrets are published: on a live shop only when SEED_DEMO=true says so.
   */
  seedDemoMembers: boolean;
  /**
   * A live shop: its public address is https://. It must be configured for real (`liveShopGaps`)
   * and does not send codes by text message while no SMS provider exists.
   */
  live: boolean;
  /**
   * The gateway payments go through; `simulated` while it is the sandbox, which takes no money.
   * `stripe`: its keys, and where its API is (unset: Stripe's own; tests point it at a stand-in).
   */
  payment: {
    provider: 'sandbox' | 'stripe';
    simulated: boolean;
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  };
  shutdownGraceMs: number;
  /** How long catalogue reads may be answered from memory; 0 turns the micro-cache off. */
  catalogueCacheMs: number;
  /**
   * Keyword and price searches answered from the process's own index of the goods
   * (search/goods-index.ts) rather than by PostgreSQL; off, every search asks the database.
   */
  searchIndex: boolean;
  /** How long a placed order waits for payment before it closes and gives its stock back. */
  orderPayTimeoutMs: number;
  /** How many orders waiting for payment a member may hold; one more is refused (docs/orders.md). */
  unpaidOrdersMax: number;
  /** How often each process closes unpaid orders past their deadline; 0: never (tests call it). */
  orderSweepMs: number;
  /** HMAC key of payment callbacks; unset: one generated key per process (the sandbox gateway is in-process). */
  paymentSecret: string | undefined;
  /** The sandbox gateway's "wait" test card: how long until the bank's answer comes. */
  sandboxPaymentWaitMs: number;
  /**
   * One second of a cash card's slowdown after wrong secrets (docs/wallet.md: cash cards); tests
   * shorten it.
   */
  cashCardSlowdownUnitMs: number;
  /** How many favourite goods a member may keep (docs/favourites.md). */
  favouritesMax: number;
  /** Points (docs/wallet.md): earned per whole dollar paid, a point's value, their share cap of an order. */
  points: { earnPerDollar: number; valueCents: number; maxSharePercent: number };
  /** A shipped order the member has not confirmed completes itself this many days after shipping. */
  orderAutoCompleteDays: number;
  /** The seller on tax invoices: name, GST number and address. */
  seller: { name: string; gstNumber: string; address: string };
  /** The live chat (docs/chat.md): the shop's own, or Chatwoot's with the inbox's HMAC token. */
  chat:
    | { provider: 'builtin' }
    | { provider: 'chatwoot'; baseUrl: string; websiteToken: string; hmacToken: string };
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** What PAYMENT_PROVIDER=stripe lacks, live or not: both keys (README: taking card payments with Stripe). */
const stripeGaps = (e: z.infer<typeof envSchema>): string[] => {
  if (e.PAYMENT_PROVIDER !== 'stripe') return [];
  const gaps: string[] = [];
  if (!e.STRIPE_SECRET_KEY)
    gaps.push('STRIPE_SECRET_KEY: set the secret key of your Stripe account (Developers → API keys)');
  if (!e.STRIPE_WEBHOOK_SECRET)
    gaps.push(
      "STRIPE_WEBHOOK_SECRET: set the signing secret of the shop's webhook endpoint (Developers → Webhooks, or `stripe listen`)",
    );
  return gaps;
};

/**
 * What a live shop lacks (README: "Before running it for real"), one line per variable: its own
 * token key and mail server, and a payment provider chosen on purpose with its secrets.
 */
const liveShopGaps = (e: z.infer<typeof envSchema>): string[] => {
  const gaps: string[] = [];
  if (!e.TOKEN_SECRET) gaps.push('TOKEN_SECRET: set a key of 32+ characters that signs access tokens');
  if (!e.SMTP_URL) gaps.push('SMTP_URL: set the mail server, so codes and order mail reach members');
  if (!e.PAYMENT_PROVIDER)
    gaps.push(
      'PAYMENT_PROVIDER: choose the payment gateway; the sandbox takes no money (PAYMENT_PROVIDER=sandbox runs the shop on simulated payments on purpose)',
    );
  if (e.PAYMENT_PROVIDER === 'sandbox' && !e.PAYMENT_SECRET)
    gaps.push('PAYMENT_SECRET: set a key of 32+ characters that signs payment callbacks');
  gaps.push(...stripeGaps(e));
  return gaps;
};

/**
 * What CHAT_PROVIDER=chatwoot lacks: the server, the inbox's token and its HMAC token (a member's
 * identity is only ever sent signed); a live shop's Chatwoot is on https too.
 */
const chatwootGaps = (e: z.infer<typeof envSchema>, live: boolean): string[] => {
  if (e.CHAT_PROVIDER !== 'chatwoot') return [];
  const gaps: string[] = [];
  if (!e.CHATWOOT_BASE_URL) gaps.push('CHATWOOT_BASE_URL: the address of your Chatwoot server');
  else if (live && !e.CHATWOOT_BASE_URL.startsWith('https://'))
    gaps.push('CHATWOOT_BASE_URL: a live shop loads Chatwoot over https://');
  if (!e.CHATWOOT_WEBSITE_TOKEN) gaps.push("CHATWOOT_WEBSITE_TOKEN: the website inbox's token");
  if (!e.CHATWOOT_HMAC_TOKEN)
    gaps.push(
      "CHATWOOT_HMAC_TOKEN: the inbox's HMAC token; turn on identity validation in the inbox so nobody can pose as a member",
    );
  return gaps;
};

export class ConfigError extends Error {}

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // The shared operator token was replaced by operator logins (docs/back-office.md): a shop that
  // still sets it would believe its commands are allowed by it.
  if (env.OPERATOR_TOKEN)
    throw new ConfigError(
      'OPERATOR_TOKEN is no longer used: create an operator (npm run operator:create -- <name>) and give the ship and refund commands OPERATOR_NAME and OPERATOR_PASSWORD instead',
    );
  const e = parsed.data;
  const live = e.PUBLIC_URL?.startsWith('https://') ?? false;
  const stripeMissing = stripeGaps(e);
  if (!live && stripeMissing.length > 0)
    throw new ConfigError(
      `PAYMENT_PROVIDER=stripe needs its keys:\n${stripeMissing.map((g) => `  ${g}`).join('\n')}`,
    );
  if (live) {
    const gaps = liveShopGaps(e);
    if (gaps.length > 0)
      throw new ConfigError(
        `A live shop (PUBLIC_URL is https://) must be configured for real:\n${gaps.map((g) => `  ${g}`).join('\n')}`,
      );
  }
  const chatMissing = chatwootGaps(e, live);
  if (chatMissing.length > 0)
    throw new ConfigError(`CHAT_PROVIDER=chatwoot needs:\n${chatMissing.map((g) => `  ${g}`).join('\n')}`);
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new ConfigError(
      `WORKERS=${e.WORKERS} needs DATABASE_URL: the embedded database serves one process (set WORKERS=1, or use PostgreSQL)`,
    );
  const dataDir = path.resolve(repoRoot, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    workers: e.WORKERS,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    brand: e.BRAND,
    mode: e.MALL_MODE,
    publicUrl: e.PUBLIC_URL,
    onlineServiceUrl: e.ONLINE_SERVICE_URL,
    wechatFollowUrl: e.WECHAT_FOLLOW_URL,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'web/dist'),
    uploadsDir: e.UPLOAD_DIR ? path.resolve(repoRoot, e.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    uploadSweepMs: e.NODE_ENV === 'test' && env.UPLOAD_SWEEP_MS === undefined ? 0 : e.UPLOAD_SWEEP_MS,
    mailQueuePollMs: e.NODE_ENV === 'test' && env.MAIL_QUEUE_POLL_MS === undefined ? 0 : e.MAIL_QUEUE_POLL_MS,
    chatHeartbeatMs: e.CHAT_HEARTBEAT_MS,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    codeSendsPerMinute: e.CODE_SENDS_PER_MINUTE,
    importsPerMinute: e.IMPORTS_PER_MINUTE,
    passwordHashing: { atOnce: e.PASSWORD_HASHES_AT_ONCE, waiting: e.PASSWORD_HASH_QUEUE },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_MS,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_MS,
    refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_MS,
    tokenSecret: e.TOKEN_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    seedDemo: e.SEED_DEMO ?? true,
    demoOwnerPassword: e.DEMO_OWNER_PASSWORD,
    seedDemoMembers: live ? e.SEED_DEMO === true : (e.SEED_DEMO ?? true),
    live,
    payment: {
      provider: e.PAYMENT_PROVIDER ?? 'sandbox',
      simulated: (e.PAYMENT_PROVIDER ?? 'sandbox') === 'sandbox',
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
            }
          : null,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    // Off by default in tests: they change data between reads.
    catalogueCacheMs: e.CATALOGUE_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 3000),
    searchIndex: e.SEARCH_INDEX,
    orderPayTimeoutMs: e.ORDER_PAY_TIMEOUT_MS,
    unpaidOrdersMax: e.UNPAID_ORDERS_MAX,
    orderSweepMs: e.NODE_ENV === 'test' && env.ORDER_SWEEP_MS === undefined ? 0 : e.ORDER_SWEEP_MS,
    paymentSecret: e.PAYMENT_SECRET,
    sandboxPaymentWaitMs: e.SANDBOX_PAYMENT_WAIT_MS,
    cashCardSlowdownUnitMs: e.CASH_CARD_SLOWDOWN_UNIT_MS,
    favouritesMax: e.FAVOURITES_MAX,
    points: {
      earnPerDollar: e.POINTS_EARN_PER_DOLLAR,
      valueCents: e.POINT_VALUE_CENTS,
      maxSharePercent: e.POINTS_MAX_SHARE_PERCENT,
    },
    orderAutoCompleteDays: e.ORDER_AUTO_COMPLETE_DAYS,
    seller: { name: e.SELLER_NAME, gstNumber: e.SELLER_GST_NUMBER, address: e.SELLER_ADDRESS },
    chat:
      e.CHAT_PROVIDER === 'chatwoot'
        ? {
            provider: 'chatwoot',
            baseUrl: e.CHATWOOT_BASE_URL!,
            websiteToken: e.CHATWOOT_WEBSITE_TOKEN!,
            hmacToken: e.CHATWOOT_HMAC_TOKEN!,
          }
        : { provider: 'builtin' },
  };
};

/** What the web app needs to know of the configuration (injected into index.html). */
export const appConfigOf = (config: Config): AppConfig => ({
  brand: config.brand,
  mode: config.mode,
  onlineServiceUrl: config.onlineServiceUrl,
  wechatFollowUrl: config.wechatFollowUrl,
  pointsEarnPerDollar: config.points.earnPerDollar,
  paymentsSimulated: config.payment.simulated,
  // Never the HMAC token: it stays on the server, which signs the member's identity.
  chat:
    config.chat.provider === 'chatwoot'
      ? { provider: 'chatwoot', baseUrl: config.chat.baseUrl, websiteToken: config.chat.websiteToken }
      : { provider: 'builtin' },
});

/** The shop's address for links in mail: its public URL, or this machine's port. */
export const shopUrlOf = (config: Config) =>
  (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
