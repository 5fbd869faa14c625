/**
 * A payment provider (docs/payment.md). The shop asks it where to send the member
 * to pay a payment of ours (`start`), and it tells the shop the result with a signed call to
 * GET /api/sale/order/pay/callback. The sandbox gateway (sandbox-gateway.ts) is the default; a
 * real gateway (Stripe Checkout first) is another implementation of the same interface.
 */
export interface PaymentToPay {
  reference: string;
  orderId: number;
  orderNo: string;
  amountCents: number;
}

/** Money to give back on a payment that succeeded (docs/payment.md: refunds). */
export interface RefundToMake {
  /** Our reference of the payment. */
  paymentReference: string;
  amountCents: number;
}

export interface PaymentProvider {
  readonly name: string;
  /** Where the member's browser goes to pay. */
  start(payment: PaymentToPay): Promise<{ redirectUrl: string }>;
  /** Asks the provider to give `amountCents` of the payment back: its reference of the refund, and how it stands. */
  refund(refund: RefundToMake): Promise<{ reference: string; status: 'pending' | 'succeeded' | 'failed' }>;
}

/** What a verified callback says. */
export interface PaymentResult {
  reference: string;
  status: 'succeeded' | 'declined';
  cardLast4: string | null;
}
