import { z } from 'zod';
import { pageOf } from '../../envelope.ts';
import { orderDetailSchema } from '../order.ts';
import { adminPageQuery } from './page.ts';

/**
 * The back office's order calls (`/api/admin/orders`, docs/back-office-orders.md): the list with
 * its tabs and filters, its export, one order, shipping and refunds.
 */

const int = z.number().int();

/** The list's tabs beside "all": the order statuses, as the operator names them. */
export const ORDER_TAB_NAMES = ['toPay', 'toShip', 'shipped', 'completed', 'cancelled'] as const;
export type OrderTab = (typeof ORDER_TAB_NAMES)[number];
export type CountedTab = OrderTab | 'all';

/** An order number as an operator types it: letters, digits and dashes, upper-cased. */
export const orderNoSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'is letters and digits')
  .transform((s) => s.toUpperCase());
/** What an operator types for a carrier or tracking number: a short line of text. */
const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of text')
    .optional();

/** A New Zealand day, YYYY-MM-DD, that exists. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'is a date YYYY-MM-DD')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'is not a date',
  )
  .optional();
/** Dollars and cents as typed (12, 12.5, 12.50), to cents; below $10,000,000 (cents fit an integer column). */
const dollars = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'is an amount in dollars, like 12.50, below $10,000,000')
  .transform((s) => Math.round(Number(s) * 100))
  .optional();

/** The list's tab and filters (the export takes the same). */
export const orderFilterQuery = z
  .object({
    tab: z.enum(ORDER_TAB_NAMES).optional(),
    from: day,
    to: day,
    member: z.string().trim().max(100).optional(),
    supplierId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    minAmount: dollars,
    maxAmount: dollars,
    orderNo: orderNoSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must not be after the end date',
    path: ['from'],
  })
  .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
    message: 'must not be more than the largest amount',
    path: ['minAmount'],
  });
export type OrderFilterQuery = z.output<typeof orderFilterQuery>;
/** The query as sent: every filter as typed (an empty one is left out). */
export type OrderFilterInput = z.input<typeof orderFilterQuery>;

/** `GET /admin/orders`: the filters and a page. */
export const orderListQuery = z.intersection(orderFilterQuery, adminPageQuery);

export const orderMemberContactSchema = z.object({
  memberNo: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type OrderMemberContact = z.infer<typeof orderMemberContactSchema>;

/** A count per tab (or what each tab was counted up to). */
export const orderTabCountsSchema = z.object({
  all: int,
  toPay: int,
  toShip: int,
  shipped: int,
  completed: int,
  cancelled: int,
});

export const orderListRowSchema = z.object({
  id: int,
  orderNo: z.string(),
  memberId: int,
  member: orderMemberContactSchema,
  kind: z.enum(['goods', 'club']),
  title: z.string().nullable(),
  status: int,
  payStatus: int,
  totalCents: int,
  cardCents: int,
  itemCount: int,
  suppliers: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/**
 * A page of the list: `total` is the shown tab's count, at most what it was counted up to
 * (`capped` when more); beside it every tab's count and what each was counted up to (`caps`; a
 * count above its cap means more: docs/back-office-orders.md, counts).
 */
export const orderListPageSchema = pageOf(orderListRowSchema).extend({
  counts: orderTabCountsSchema,
  caps: orderTabCountsSchema,
  capped: z.boolean(),
});
export type OrderListPage = z.infer<typeof orderListPageSchema>;

export const orderSupplierSchema = z.object({ id: int, name: z.string() });
export type OrderSupplier = z.infer<typeof orderSupplierSchema>;

export const orderNoParams = z.object({ orderNo: orderNoSchema });

/** One order as the back office reads it: the member's own reading, with the member and the dates. */
export const adminOrderDetailSchema = orderDetailSchema.extend({
  memberId: int,
  member: orderMemberContactSchema,
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const orderShipBody = z.object({
  orderNo: orderNoSchema,
  carrier: shortText(40),
  trackingNo: shortText(60),
});
export type OrderShip = z.input<typeof orderShipBody>;
export const orderShippedSchema = z.object({ id: int, orderNo: z.string() });
export type OrderShipped = z.infer<typeof orderShippedSchema>;

export const orderRefundBody = z.object({ orderNo: orderNoSchema });
export type OrderRefund = z.input<typeof orderRefundBody>;
export const orderRefundedSchema = z.object({
  id: int,
  orderNo: z.string(),
  gatewayCents: int,
  cardCents: int,
  shortfallCents: int,
});
export type OrderRefunded = z.infer<typeof orderRefundedSchema>;
