import { z } from 'zod';
import { ORDER_STATUS, PAY_STATUS } from '../codes.ts';
import { CART_LINES_MAX } from '../constants.ts';
import { pageOf, pageQuery } from '../envelope.ts';
import { ORDER_EVENTS } from '../order-events.ts';
import { postalAddressSchema } from './postal-address.ts';
import { rowId as id } from './row-id.ts';
import { orderMoneySchema, refundLineSchema, walletUseSchema } from './wallet.ts';

/**
 * Checkout, orders, payment and comments (docs/orders.md, docs/payment.md). Amounts are NZD,
 * GST-inclusive, exact to the cent. An order keeps a snapshot of each line (name, options,
 * price, supplier) and of the address as they were when it was placed.
 */
const amount = z.number();

/** GET /api/good/price/configured/shipping/fee: the shipping rules (checkout-rules.ts applies them). */
export const shippingRuleSchema = z.object({
  island: z.enum(['north', 'south']),
  memberKind: z.enum(['retail', 'wholesale']),
  fee: amount,
  freeFrom: amount.nullable(),
});
export const shippingRulesSchema = z.array(shippingRuleSchema);

/**
 * POST /api/sale/order/submit, with an `Idempotency-Key` header (the same key twice: the same
 * order); and POST /api/sale/order/quote, which answers what it would cost. Beside the fixed
 * `{ cartItemIds, addressId, remark? }`, the optional wallet fields (docs/wallet.md).
 */
export const orderSubmitSchema = z
  .object({
    cartItemIds: z
      .array(id)
      .min(1, 'choose at least one item')
      .max(CART_LINES_MAX, `at most ${CART_LINES_MAX} items`),
    addressId: id,
    remark: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  })
  .extend(walletUseSchema.shape);
export type OrderSubmit = z.infer<typeof orderSubmitSchema>;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const statusValues = Object.values(ORDER_STATUS) as [string, ...string[]];
export const orderStatusSchema = z.enum(statusValues);
const payStatusValues = Object.values(PAY_STATUS) as [string, ...string[]];

export const orderLineSchema = z.object({
  id,
  skuId: id,
  goodsId: id,
  name: z.string(),
  skuLabel: z.string(),
  thumbUrl: z.string(),
  price: amount,
  count: z.number().int(),
  amount,
  supplierId: id,
  supplierCode: z.string(),
  supplierName: z.string(),
  self: z.boolean(),
  /** This line's share of the order's discount and of its points. */
  discountAmount: amount,
  pointsAmount: amount,
  /** The member has rated this line (only completed orders can be rated, once per line). */
  commented: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * An order in lists. Its money is `orderMoneySchema`: `totalAmount` is the price (goods -
 * discount - points + shipping, GST-inclusive) and `payAmount` what the payment gateway is asked
 * (the total less the cash card part), which is the total when no card money is used.
 */
export const orderSummarySchema = orderMoneySchema.extend({
  id,
  orderNo: z.string(),
  /** `goods`, or `club`: a club plan (docs/wallet.md), with no lines; `title` names what it bought. */
  kind: z.enum(['goods', 'club']),
  title: z.string().nullable(),
  /** ORDER_STATUS code. */
  status: orderStatusSchema,
  /** PAY_STATUS code. */
  payStatus: z.enum(payStatusValues),
  itemCount: z.number().int(),
  createdAt: z.string(),
  /** When an unpaid order closes by itself; null once paid or closed. */
  payDeadline: z.string().nullable(),
  lines: z.array(orderLineSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** The address as it was when the order was placed. */
export const orderAddressSchema = postalAddressSchema;
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  address: orderAddressSchema,
  remark: z.string(),
  /** Oldest first. */
  timeline: z.array(z.object({ kind: z.enum(ORDER_EVENTS), at: z.string(), note: z.string() })),
  payments: z.array(
    z.object({
      provider: z.string(),
      /**
       * `expired`: the provider's page closed unpaid (the order stays payable); `refunded`: the
       * money was taken and given back by itself (it did not match the order, or the order could
       * no longer take it; docs/payment.md).
       */
      status: z.enum(['pending', 'succeeded', 'declined', 'expired', 'refunded']),
      amount,
      reference: z.string(),
      createdAt: z.string(),
      /** Last four digits of the card, once known. */
      cardLast4: z.string().nullable(),
      /** Money the provider was asked to give back of this payment, oldest first; its state as the provider last told. */
      refunds: z.array(
        z.object({
          amount,
          status: z.enum(['pending', 'succeeded', 'failed']),
          reason: z.enum(['operator', 'amount_mismatch', 'order_closed', 'already_paid']),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  trackingNo: z.string().nullable(),
  /** Who carries it once shipped (the operator names it with the tracking number). */
  carrier: z.string().nullable(),
  /** Where money and points went back when the order was cancelled or refunded, oldest first. */
  refunds: z.array(refundLineSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** GET /api/sale/order/app/list: newest first, optionally one status. */
export const orderListQuery = pageQuery.extend({
  status: orderStatusSchema.optional(),
  pageSize: pageQuery.shape.pageSize.removeDefault().default(10),
});
export const orderPageSchema = pageOf(orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** GET /api/sale/order/continue/payment/{id}: where the browser goes to pay. */
export const paymentStartSchema = z.object({ orderId: id, redirectUrl: z.string() });
export type PaymentStart = z.infer<typeof paymentStartSchema>;

/** Comments: after completion a member rates each line 1 to 5 with text, once. */
export const COMMENT_MAX = 500;
export const commentInputSchema = z.object({
  orderLineId: id,
  rating: z.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
  content: z
    .string()
    .trim()
    .min(1, 'This field is required')
    .max(COMMENT_MAX, `must be at most ${COMMENT_MAX} characters`),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export const commentSchema = z.object({
  id,
  orderId: id,
  orderLineId: id,
  goodsId: id,
  name: z.string(),
  skuLabel: z.string(),
  thumbUrl: z.string(),
  rating: z.number().int(),
  content: z.string(),
  /** The member's display name as shown to others ("A***a"). */
  author: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = pageOf(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;
