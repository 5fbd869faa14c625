import { startStripeStandIn } from './stripe-stand-in.ts';

/**
 * The stand-in Stripe as a process, for the Stripe journey (e2e/playwright.config.ts): it listens
 * on STAND_IN_PORT, takes the shop's STRIPE_SECRET_KEY, signs events with STRIPE_WEBHOOK_SECRET
 * and sends them to SHOP_WEBHOOK_URL; refunds succeed right after they are made.
 */
const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} must be set`);
  return v;
};
const standIn = await startStripeStandIn({
  port: Number(need('STAND_IN_PORT')),
  secretKey: need('STRIPE_SECRET_KEY'),
  webhookSecret: need('STRIPE_WEBHOOK_SECRET'),
  webhookUrl: need('SHOP_WEBHOOK_URL'),
  autoSettleRefunds: true,
});
console.log(`stand-in Stripe at ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
