import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { READY_LINE, STORE_PORT, STRIPE_SHOP_PORT, SUPPLIER_PORT } from './shops.ts';

/**
 * Journeys in Debian's Chromium against the built app and real servers (e2e/shops.ts): one store,
 * one shop in supplier mode, both paying through the sandbox, and a store that pays through Stripe
 * Checkout against the stand-in Stripe, each on its own copy of the demo data.
 *
 * The copies are PostgreSQL databases when E2E_PG_ADMIN_URL names a server (`npm test` sets it
 * when PostgreSQL answers at 127.0.0.1:5432; e2e/postgres.ts), else embedded PGlite ones under
 * E2E_DATA_DIR. PGlite runs PostgreSQL compiled to WebAssembly inside each shop's process: on a
 * 2-core machine its CPU is taken from Chromium (docs/testing.md).
 */
const root = path.resolve(import.meta.dirname, '..');
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'mall-e2e-'));
// This run's database names start with it (set once here, seen by shops.ts, the workers and
// global-setup.ts).
process.env.E2E_PG_PREFIX ??= `${process.env.TEST_PG_DB_PREFIX ?? 'mall_'}e2e_${process.pid}_`;

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
 * docs/testing.md). A CI run keeps no files, so there it records none; E2E_TRACE=1
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
  // What a journey waits for (a page's data, a dialog) appears in about a second on an idle
  // machine; with two journeys, three shops and PostgreSQL on two cores running at half speed, a
  // goods page once took more than 10 s. A waiting assertion that is met passes as soon as it is.
  expect: { timeout: 20_000 },
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
  webServer: {
    command: `"${process.execPath}" e2e/shops.ts`,
    cwd: root,
    wait: { stdout: new RegExp(READY_LINE) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
