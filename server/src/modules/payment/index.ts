/** The payment module's face: what other modules and the app use of it. */

export { refundOrderAs } from './admin.ts';
export { adminPaymentRoutes } from './admin-routes.ts';
export type { PaymentProvider } from './provider.ts';
export { refundOrder } from './refund.ts';
export { paymentRoutes } from './routes.ts';
export { paymentsOfOrder, startPayment } from './service.ts';
export { paymentProviderNamed, shopPaymentProvider } from './shop-provider.ts';
export { stripeRoutes } from './stripe-routes.ts';
