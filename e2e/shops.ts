import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHATWOOT_HMAC_TOKEN, CHATWOOT_WEBSITE_TOKEN, chatwootBaseUrl } from './chatwoot-stand-in.ts';
import { createDatabase, databaseUrl, pgAdminUrl } from './postgres.ts';
import { OPERATOR } from './tests/orders.ts';

/**
 * The journeys' servers, started together by one command (`node e2e/shops.ts`, the one web
 * server of playwright.config.ts): a store, a supplier-mode shop and a store that pays through
 * Stripe Checkout, with the stand-in Stripe it pays through (server/test/stripe-stand-in.ts).
 * Playwright starts the web servers of a list one after another, each waiting for the one
 * before; here the demo data is made once and the shops then start side by side, and the line
 * `READY_LINE` on standard output tells Playwright all of them answer.
 *
 * Each shop runs on a copy of the demo data, made once per run by the documented `npm run seed`
 * (server/src/cli/seed.ts), which migrates and loads the demo data sets with the same functions a
 * shop runs at its first start: a PostgreSQL database made from it as a template (E2E_PG_ADMIN_URL
 * set, as `npm test` does when PostgreSQL answers), or a copy of its embedded PGlite data folder,
 * and a copy of its pictures. The demo data sets read nothing of a shop's mode or payment
 * provider, so the three shops share it. A shop's first start on an empty database is the server
 * suite's (server/test/process.test.ts on PGlite, process-postgres.test.ts on PostgreSQL).
 */
const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const run = promisify(execFile);

export const READY_LINE = 'the journeys’ shops are open';
export const STORE_PORT = Number(process.env.E2E_STORE_PORT ?? 3210);
export const SUPPLIER_PORT = Number(process.env.E2E_SUPPLIER_PORT ?? 3211);
export const STRIPE_SHOP_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3212);
export const STRIPE_API_PORT = Number(process.env.E2E_STRIPE_API_PORT ?? 3213);
/** Test keys shared by the Stripe store and the stand-in (nothing real). */
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2estandin0kauri',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2estandin0kauri',
};

type Shop = { name: string; port: number; mode: 'store' | 'supplier'; env: Record<string, string> };

const SHOPS: Shop[] = [
  { name: 'store', port: STORE_PORT, mode: 'store', env: {} },
  { name: 'supplier', port: SUPPLIER_PORT, mode: 'supplier', env: {} },
  {
    name: 'stripe',
    port: STRIPE_SHOP_PORT,
    mode: 'store',
    env: {
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
    },
  },
];

const children: ChildProcess[] = [];
let stopping = false;
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};

/** Starts `script` with `env`; the whole run fails if it ends before `stopAll`. */
const start = (name: string, script: string, env: Record<string, string>) => {
  const child = spawn(node, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} ended (${signal ?? `exit code ${code}`}) while the journeys needed it`);
    stopAll();
    process.exit(1);
  });
};

/** Waits until `url` answers 200, for up to two minutes (a cold start on a half-speed machine). */
const answers = async (url: string) => {
  const until = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} did not answer within two minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * The demo data every shop copies: seeded once, and on PostgreSQL with the owner the journeys log
 * in with, made as a PostgreSQL shop's first owner is (the documented `operator:create`; only the
 * embedded demo makes a demo owner itself, docs/back-office.md).
 */
const makeTemplate = async (dir: string, admin: string | undefined, prefix: string) => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(templateReady(dir), { force: true });
  mkdirSync(dir, { recursive: true });
  const url = admin ? databaseUrl(admin, `${prefix}template`) : '';
  if (admin) await createDatabase(admin, `${prefix}template`);
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: url, LOG_LEVEL: 'warn' };
  await run(node, ['server/src/cli/seed.ts'], { cwd: root, env, timeout: 120_000 });
  if (admin)
    await run(node, ['server/src/cli/operator-create.ts', OPERATOR.OPERATOR_NAME, '--role', 'owner'], {
      cwd: root,
      env: { ...env, OPERATOR_PASSWORD: OPERATOR.OPERATOR_PASSWORD },
      timeout: 60_000,
    });
  writeFileSync(templateReady(dir), '');
};

/** Beside a template made and complete (`node e2e/shops.ts --template-only` writes it last). */
const templateReady = (dir: string) => `${dir}.ready`;

/** Gives `shop` its copy of the demo data and starts it. */
const startShop = async (shop: Shop, dataDir: string, admin: string | undefined, prefix: string) => {
  const template = path.join(dataDir, 'template');
  const shopDir = path.join(dataDir, shop.name);
  rmSync(shopDir, { recursive: true, force: true });
  mkdirSync(shopDir, { recursive: true });
  cpSync(path.join(template, 'uploads'), path.join(shopDir, 'uploads'), { recursive: true });
  if (admin) await createDatabase(admin, `${prefix}${shop.name}`, `${prefix}template`);
  else cpSync(path.join(template, 'db'), path.join(shopDir, 'db'), { recursive: true });
  start(shop.name, 'server/src/main.ts', {
    PORT: String(shop.port),
    HOST: '127.0.0.1',
    MALL_MODE: shop.mode,
    // The mail outbox and uploads (and the PGlite database when there is no PostgreSQL).
    DATA_DIR: shopDir,
    ...(admin ? { DATABASE_URL: databaseUrl(admin, `${prefix}${shop.name}`) } : {}),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(shop.mode === 'store'
      ? {
          // The embedded demo's owner password: the back-office journey and the ship and refund
          // commands log in with it (e2e/tests/orders.ts: OPERATOR).
          DEMO_OWNER_PASSWORD: OPERATOR.OPERATOR_PASSWORD,
          // The sandbox's "waits then succeeds" card answers after 1.5 s instead of 5 s.
          SANDBOX_PAYMENT_WAIT_MS: '1500',
        }
      : {}),
    ...shop.env,
  });
  await answers(`http://127.0.0.1:${shop.port}/api/health`);
};

if (import.meta.main) {
  const dataDir = process.env.E2E_DATA_DIR;
  const prefix = process.env.E2E_PG_PREFIX;
  if (!dataDir || !prefix) throw new Error('E2E_DATA_DIR and E2E_PG_PREFIX are set by playwright.config.ts');
  const admin = pgAdminUrl();
  const template = path.join(dataDir, 'template');
  // `npm test` makes the demo data ahead, while its server suite keeps a core free, with the same
  // E2E_DATA_DIR and E2E_PG_PREFIX (scripts/test.mjs); the shops then start from it.
  if (process.argv.includes('--template-only')) {
    await makeTemplate(template, admin, prefix);
    process.exit(0);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      stopping = true;
      stopAll();
      process.exit(0);
    });
  start('the stand-in Stripe', 'server/test/stripe-stand-in-main.ts', {
    STAND_IN_PORT: String(STRIPE_API_PORT),
    SHOP_WEBHOOK_URL: `http://127.0.0.1:${STRIPE_SHOP_PORT}/api/payment/stripe/webhook`,
    ...STRIPE_KEYS,
  });
  const started = Date.now();
  const madeAhead = existsSync(templateReady(template));
  if (!madeAhead) await makeTemplate(template, admin, prefix);
  const seeded = Date.now();
  await Promise.all([
    ...SHOPS.map((shop) => startShop(shop, dataDir, admin, prefix)),
    answers(`http://127.0.0.1:${STRIPE_API_PORT}/health`),
  ]);
  console.log(
    `${READY_LINE}: demo data ${madeAhead ? 'made ahead' : `made in ${seeded - started} ms`}, shops answering ${Date.now() - seeded} ms later`,
  );
}
