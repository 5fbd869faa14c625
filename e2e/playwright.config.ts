import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHATWOOT_HMAC_TOKEN, CHATWOOT_WEBSITE_TOKEN, chatwootBaseUrl } from './chatwoot-stand-in.ts';
import { databaseUrl, pgAdminUrl } from './postgres.ts';

/**
 * Journeys in Debian's Chromium against the built app and real servers: one in store mode and
 * one in supplier mode, each on a fresh database with the demo data, both paying through the
 * sandbox; and a third store that pays through Stripe Checkout, against the stand-in Stripe
 * (server/test/stripe-stand-in.ts) with its hosted page, for the Stripe journey.
 *
 * The fresh databases are PostgreSQL ones when E2E_PG_ADMIN_URL names a server (`npm test` sets
 * it when PostgreSQL answers at 127.0.0.1:5432; e2e/postgres.ts), else embedded PGlite ones under
 * E2E_DATA_DIR; each is a copy of one seeded once per run (e2e/shop-data.ts). PGlite runs PostgreSQL compiled to WebAssembly inside each shop's process: on a
 * 2-core machine its CPU is taken from Chromium (docs/testing.md).
 */
const root = path.resolve(import.meta.dirname, '..');
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'mall-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
const pgAdmin = pgAdminUrl();
// This run's database names start with it (set once here, seen by the workers and global-setup.ts).
process.env.E2E_PG_PREFIX ??= `${process.env.TEST_PG_DB_PREFIX ?? 'mall_'}e2e_${process.pid}_`;
const pgPrefix = process.env.E2E_PG_PREFIX;
export const STORE_PORT = Number(process.env.E2E_STORE_PORT ?? 3210);
export const SUPPLIER_PORT = Number(process.env.E2E_SUPPLIER_PORT ?? 3211);
export const STRIPE_SHOP_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3212);
export const STRIPE_API_PORT = Number(process.env.E2E_STRIPE_API_PORT ?? 3213);
/** Test keys shared by the Stripe store and the stand-in (nothing real). */
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2estandin0kauri',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2estandin0kauri',
};

const server = (port: number, mode: 'store' | 'supplier', extra: Record<string, string> = {}) => {
  const shop = extra.PAYMENT_PROVIDER === 'stripe' ? 'stripe' : mode;
  const node = `"${process.execPath}"`;
  return {
    // Its copy of the demo data first (made once, by the first shop to start; shop-data.ts).
    command: `${node} e2e/shop-data.ts ${shop} && ${node} server/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      MALL_MODE: mode,
      // The mail outbox and uploads (and the PGlite database when there is no PostgreSQL).
      DATA_DIR: path.join(dataDir, shop),
      ...(pgAdmin ? { DATABASE_URL: databaseUrl(pgAdmin, `${pgPrefix}${shop}`) } : {}),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...(mode === 'store'
        ? {
            // The demo owner's password: the back-office journey and the ship and refund commands
            // log in with it (e2e/tests/orders.ts: OPERATOR). On PostgreSQL global-setup.ts makes
            // that owner with operator:create.
            DEMO_OWNER_PASSWORD: 'e2e-owner-password-0123',
            // The sandbox's "waits then succeeds" card answers after 1.5 s instead of 5 s.
            SANDBOX_PAYMENT_WAIT_MS: '1500',
          }
        : {}),
      ...extra,
    },
  };
};

/** The stand-in Stripe the Stripe store pays through; it sends its events to that store's webhook. */
const stripeStandIn = {
  command: `"${process.execPath}" server/test/stripe-stand-in-main.ts`,
  cwd: root,
  url: `http://127.0.0.1:${STRIPE_API_PORT}/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    STAND_IN_PORT: String(STRIPE_API_PORT),
    SHOP_WEBHOOK_URL: `http://127.0.0.1:${STRIPE_SHOP_PORT}/api/payment/stripe/webhook`,
    ...STRIPE_KEYS,
  },
};

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/**
 * A journey that fails leaves its trace (each action, the page at each, a screencast) in
 * test-results/ for `npx playwright show-trace`. Recording one for every journey cost 38% of their
 * time: 607 s against 377 s, and 1,180 against 721 s of CPU on 2 cores (all 39 journeys, in turn,
 * 2026-12-02; docs/testing.md). A CI run keeps no files, so there it records none; E2E_TRACE=1
 * records them in CI too.
 */
const keepTraces = process.env.CI !== 'true' || process.env.E2E_TRACE === '1';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A cold first run (fresh clone, both servers warming up) is much slower than later ones.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    viewport: { width: 1366, height: 900 },
    launchOptions,
    screenshot: 'only-on-failure',
    trace: keepTraces ? 'retain-on-failure' : 'off',
  },
  projects: [
    { name: 'store', testMatch: /store\/.*\.spec\.ts/, use: { baseURL: `http://127.0.0.1:${STORE_PORT}` } },
    {
      name: 'supplier',
      testMatch: /supplier\/.*\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${SUPPLIER_PORT}` },
    },
    {
      name: 'stripe',
      testMatch: /tests\/stripe\/[^/]+\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` },
    },
  ],
  webServer: [
    server(STORE_PORT, 'store'),
    server(SUPPLIER_PORT, 'supplier'),
    stripeStandIn,
    server(STRIPE_SHOP_PORT, 'store', {
      PAYMENT_PROVIDER: 'stripe',
      ...STRIPE_KEYS,
      STRIPE_API_URL: `http://127.0.0.1:${STRIPE_API_PORT}`,
      // Stripe sends the member back here: the same origin as the browser's session.
      PUBLIC_URL: `http://127.0.0.1:${STRIPE_SHOP_PORT}`,
      // This store chats through Chatwoot: the stand-in's widget, started by its journey
      // (chatwoot-stand-in.ts, tests/stripe/chatwoot.spec.ts).
      CHAT_PROVIDER: 'chatwoot',
      CHATWOOT_BASE_URL: chatwootBaseUrl(),
      CHATWOOT_WEBSITE_TOKEN,
      CHATWOOT_HMAC_TOKEN,
    }),
  ],
});
