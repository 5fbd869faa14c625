/** The shipping module's face: what other modules and the app use of it. */
export { shippingRoutes } from './routes.ts';
export { type ShippingRulesValue, shippingRulesOf, shippingRulesSql } from './service.ts';
