import { orderDetailSchema } from '@mall/shared/contract/order';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { memberContacts } from '../customer/index.ts';
import { listSuppliers } from '../reference/index.ts';
import { shipOrderAs } from './admin.ts';
import { streamOrderExport, XLSX_TYPE } from './admin-export.ts';
import { orderListPage } from './admin-list.ts';
import { adminOrderDetail, ORDER_TAB_NAMES } from './admin-orders.ts';
import type { OrderPaymentsReader } from './links.ts';

const tags = ['back office'];
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

export const orderFilterQuery = z
  .object({
    tab: z.enum(ORDER_TAB_NAMES as [string, ...string[]]).optional(),
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
type OrderFilterQuery = z.output<typeof orderFilterQuery>;

const pageParams = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const listQueryOf = (q: OrderFilterQuery) => ({
  tab: q.tab as (typeof ORDER_TAB_NAMES)[number] | undefined,
  from: q.from,
  to: q.to,
  member: q.member || undefined,
  supplierId: q.supplierId,
  minCents: q.minAmount,
  maxCents: q.maxAmount,
  orderNo: q.orderNo,
});

const contactSchema = z.object({
  memberNo: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
const countsSchema = z.object({
  all: z.number().int(),
  ...Object.fromEntries(ORDER_TAB_NAMES.map((t) => [t, z.number().int()])),
});
const listRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  memberId: z.number().int(),
  member: contactSchema,
  kind: z.enum(['goods', 'club']),
  title: z.string().nullable(),
  status: z.number().int(),
  payStatus: z.number().int(),
  totalCents: z.number().int(),
  cardCents: z.number().int(),
  itemCount: z.number().int(),
  suppliers: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
});

/** The back office's order calls (docs/back-office-orders.md). */
export const adminOrdersRoutes = async (root: FastifyInstance, opts: { paymentsOf: OrderPaymentsReader }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/admin/orders',
    {
      schema: {
        tags,
        summary: 'The orders list: a tab, filters and a page, with each tab’s count (owner, orders)',
        querystring: z.intersection(orderFilterQuery, pageParams),
        response: {
          200: envelopeOf(
            z.object({
              list: z.array(listRowSchema),
              counts: countsSchema,
              caps: countsSchema,
              total: z.number().int(),
              capped: z.boolean(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.orders);
      const q = request.query;
      return ok(await orderListPage(db, listQueryOf(q), q.page, q.size));
    },
  );

  app.get(
    '/admin/orders/suppliers',
    {
      schema: {
        tags,
        summary: 'The suppliers the orders list filters by (owner, orders)',
        response: { 200: envelopeOf(z.array(z.object({ id: z.number().int(), name: z.string() }))) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.orders);
      return ok((await listSuppliers(db)).map((s) => ({ id: s.id, name: s.name })));
    },
  );

  app.get(
    '/admin/orders/export.xlsx',
    {
      schema: {
        tags,
        summary: 'The filtered orders list (all its pages) as an .xlsx (owner, orders)',
        querystring: orderFilterQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.orders);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="orders-${stamp}.xlsx"`)
        .header('cache-control', 'no-store')
        .send(await streamOrderExport(db, listQueryOf(request.query), request.log));
    },
  );

  app.get(
    '/admin/orders/:orderNo',
    {
      schema: {
        tags,
        summary: 'One order: lines, amounts, payments, wallet use, address, timeline, member (owner, orders)',
        params: z.object({ orderNo: orderNoSchema }),
        response: {
          200: envelopeOf(
            orderDetailSchema.extend({
              memberId: z.number().int(),
              member: contactSchema,
              paidAt: z.string().nullable(),
              shippedAt: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.orders);
      const order = await adminOrderDetail(db, opts.paymentsOf, request.params.orderNo);
      if (!order) throw notFound(`No order ${request.params.orderNo}.`);
      const c = (await memberContacts(db, [order.memberId])).get(order.memberId);
      return ok({
        ...order,
        member: {
          memberNo: c?.memberNo ?? '',
          name: c?.name ?? '',
          email: c?.email ?? '',
          phone: c?.phone ?? '',
        },
      });
    },
  );

  app.post(
    '/admin/orders/ship',
    {
      schema: {
        tags,
        summary:
          'Mark a paid order shipped, with its carrier and tracking number; the member is mailed (owner, orders)',
        body: z.object({ orderNo: orderNoSchema, carrier: shortText(40), trackingNo: shortText(60) }),
        response: { 200: envelopeOf(z.object({ id: z.number().int(), orderNo: z.string() })) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.orders);
      const { orderNo, carrier, trackingNo } = request.body;
      const shipped = await shipOrderAs(db, app.config, me.id, orderNo, {
        carrier: carrier || null,
        trackingNo: trackingNo || null,
      });
      // The mail is in the queue with the change; deliver it now rather than at the next poll.
      app.mailQueue
        .deliverDue()
        .catch((err: unknown) => request.log.error({ err }, 'the mail queue could not be delivered'));
      return ok(shipped);
    },
  );
};
