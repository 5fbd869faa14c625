import { type Config, shopUrlOf } from '../../config.ts';
import { conflict } from '../../lib/errors.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox-gateway.ts';
import { stripeClient, stripeProvider } from './stripe-provider.ts';

/**
 * The providers of this shop by name: the sandbox always, Stripe when its keys are set. A refund
 * goes back through the provider the member paid with, whichever takes payments today.
 */
export const paymentProviderNamed = (config: Config, name: string): PaymentProvider => {
  if (name === 'sandbox') return sandboxProvider();
  if (name === 'stripe' && config.payment.stripe)
    return stripeProvider(stripeClient(config.payment.stripe), shopUrlOf(config));
  throw conflict(`The payment provider ${name} is not configured (docs/payment.md).`);
};

/**
 * The provider the shop takes payments through (PAYMENT_PROVIDER; the sandbox by default). Goods
 * orders, club orders and the refund command all take it from here, so changing the gateway is
 * one setting.
 */
export const shopPaymentProvider = (config: Config): PaymentProvider =>
  paymentProviderNamed(config, config.payment.provider);
