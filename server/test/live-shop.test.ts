import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../src/boot.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { fieldErrorsOf, startTestServer, type TestServer, testDbKind } from './harness.ts';

/** A live shop's own configuration, as the README's production checklist sets it. */
const LIVE = {
  PUBLIC_URL: 'https://shop.example.co.nz',
  TOKEN_SECRET: 't'.repeat(40),
  SMTP_URL: 'smtp://mail.example.co.nz:587',
  PAYMENT_PROVIDER: 'sandbox',
  PAYMENT_SECRET: 'p'.repeat(40),
};

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return null;
};

describe('a live shop is configured or refuses to start', () => {
  it('refuses the shared operator token that operator logins replaced, saying what to use', () => {
    expect(refusal({ OPERATOR_TOKEN: 'e2e-operator-token-0123456789abcdef0123' })).toContain(
      'OPERATOR_TOKEN is no longer used: create an operator (npm run operator:create -- <name>)',
    );
    expect(refusal({})).toBeNull();
  });

  it('names every variable a live shop lacks', () => {
    const message = refusal({ PUBLIC_URL: 'https://shop.example.co.nz' });
    expect(message).toContain('A live shop (PUBLIC_URL is https://) must be configured for real');
    for (const name of ['TOKEN_SECRET', 'SMTP_URL', 'PAYMENT_PROVIDER']) expect(message).toContain(name);
  });

  it('refuses the sandbox unless chosen on purpose, and then wants its callback key', () => {
    const { PAYMENT_PROVIDER: _, ...unchosen } = LIVE;
    expect(refusal(unchosen)).toContain('PAYMENT_PROVIDER: choose the payment gateway');
    const { PAYMENT_SECRET: __, ...keyless } = LIVE;
    expect(refusal(keyless)).toContain('PAYMENT_SECRET');
    expect(refusal(LIVE)).toBeNull();
  });

  it('takes Stripe with both its keys, live or not, and names the one missing', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    const stripeLive = { ...LIVE, PAYMENT_PROVIDER: 'stripe', ...keys };
    expect(refusal(stripeLive)).toBeNull();
    expect(loadConfig(stripeLive).payment).toEqual({
      provider: 'stripe',
      simulated: false,
      stripe: { secretKey: 'sk_test_abc123', webhookSecret: 'whsec_abc123', apiUrl: undefined },
    });
    const { STRIPE_WEBHOOK_SECRET: _, ...noHookSecret } = stripeLive;
    expect(refusal(noHookSecret)).toContain(
      'A live shop (PUBLIC_URL is https://) must be configured for real',
    );
    expect(refusal(noHookSecret)).toContain('STRIPE_WEBHOOK_SECRET');
    expect(refusal(noHookSecret)).not.toContain('STRIPE_SECRET_KEY');
    // Not live: still both keys, since Stripe cannot be used without them.
    const local = refusal({ PAYMENT_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    expect(local).toContain('PAYMENT_PROVIDER=stripe needs its keys');
    expect(local).toContain('STRIPE_SECRET_KEY');
    expect(refusal({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' })).toContain(
      'STRIPE_SECRET_KEY is a secret key',
    );
  });

  it('starts as before on a plain http address or none, on the simulated sandbox', () => {
    for (const env of [{}, { PUBLIC_URL: 'http://localhost:3000' }]) {
      const config = loadConfig(env);
      expect(config.live).toBe(false);
      expect(config.payment).toEqual({ provider: 'sandbox', simulated: true, stripe: null });
      expect(config.seedDemoMembers).toBe(true);
    }
  });

  it('loads the demo members on a live shop only when SEED_DEMO=true says so', () => {
    expect(loadConfig(LIVE).seedDemoMembers).toBe(false);
    expect(loadConfig({ ...LIVE, SEED_DEMO: 'true' }).seedDemoMembers).toBe(true);
    expect(loadConfig({ ...LIVE, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe(`a live shop's demo data and codes (${testDbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: LIVE });
  });
  afterAll(() => server?.close());

  it('loads the shop demo data but no demo member, card or published password', async () => {
    const applied = await loadDemoData(server.config, server.database);
    expect(applied).toContain('catalogue-v1');
    expect(applied).not.toContain('accounts-v1');
    expect(applied).not.toContain('wallet-v1');
    const [row] = await rowsOf<{ members: number; cards: number }>(
      server.database.db,
      sql`select (select count(*)::int from member) as members, (select count(*)::int from cash_card) as cards`,
    );
    expect(row).toEqual({ members: 0, cards: 0 });
  });

  it('says in its health that payments are simulated on the sandbox', async () => {
    const res = await server.call('/api/health');
    expect(res.body.data).toMatchObject({ payments: { provider: 'sandbox', simulated: true } });
  });

  it('refuses to send a code by text message while no SMS provider is set', async () => {
    const res = await server.call({
      method: 'PATCH',
      url: '/api/sys/message/send/code/0211234567?purpose=password',
    });
    expect(res.status).toBe(409);
    expect(fieldErrorsOf(res.body)).toEqual([
      {
        field: 'target',
        message: 'This shop cannot send text messages yet. Please use your e-mail address.',
      },
    ]);
  });
});
