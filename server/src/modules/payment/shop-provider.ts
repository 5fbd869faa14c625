import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox-gateway.ts';

/**
 * The provider the shop takes payments and gives refunds through: the sandbox, until a real
 * gateway is wired in (README: "Before running it for real"). Goods orders, club orders and the
 * refund command all take it from here, so changing the gateway is one change.
 */
export const shopPaymentProvider = (): PaymentProvider => sandboxProvider();
