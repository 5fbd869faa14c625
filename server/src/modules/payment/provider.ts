/**
 * A payment provider (docs/payment.md). The shop asks it where to send the member to pay a
 * payment of ours (`start`), and the provider tells the shop the result: the sandbox gateway
 * (sandbox-gateway.ts, the default) with a signed call to GET /api/sale/order/pay/callback,
 * Stripe Checkout (stripe-provider.ts) with signed webhook events (stripe-webhook.ts).
 */
export interface PaymentToPay {
  reference: string;
  orderId: number;
  orderNo: string;
  amountCents: number;
  /** The member's e-mail address, filled in on the provider's page; null when unknown. */
  email: string | null;
  /** When the provider should stop taking this attempt. */
  expiresAt: Date;
}

/** Where the member goes to pay, and the provider's own id of the attempt (none for the sandbox). */
export interface StartedPayment {
  redirectUrl: string;
  providerRef: string | null;
}

/** How an attempt stands at the provider: still payable, paid (its result is on its way), or closed unpaid. */
export type AttemptState = 'open' | 'complete' | 'expired';

/** Why money goes back (docs/payment.md: refunds). */
export type RefundReason = 'operator' | 'amount_mismatch' | 'order_closed' | 'already_paid';

/** Money to give back on a payment that succeeded (docs/payment.md: refunds). */
export interface RefundToMake {
  /** Our reference of the payment. */
  paymentReference: string;
  /** The provider's id of the money taken (a Stripe PaymentIntent); null for the sandbox. */
  providerPaymentRef: string | null;
  amountCents: number;
  reason: RefundReason;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface PaymentProvider {
  readonly name: string;
  /** Where the member's browser goes to pay. */
  start(payment: PaymentToPay): Promise<StartedPayment>;
  /**
   * A provider whose attempts stay open for a while (a Checkout Session): how attempt
   * `providerRef` stands, so continue/payment sends the member back to an open one instead of
   * making another. Without it each continue/payment is a new attempt (the sandbox).
   */
  attemptState?(providerRef: string): Promise<AttemptState>;
  /** Asks the provider to give `amountCents` of the payment back: its reference of the refund, and how it stands. */
  refund(refund: RefundToMake): Promise<{ reference: string; status: RefundStatus }>;
}

/** What a verified callback says. */
export interface PaymentResult {
  reference: string;
  status: 'succeeded' | 'declined';
  cardLast4: string | null;
}
