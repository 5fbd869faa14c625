import {
  adminOrderDetailSchema,
  type OrderFilterQuery,
  orderFilterQuery,
  orderListPageSchema,
  orderListQuery,
  orderNoParams,
  orderShipBody,
  orderShippedSchema,
  orderSupplierSchema,
} from '@mall/shared/contract/admin/orders';
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
import { adminOrderDetail } from './admin-orders.ts';
import type { OrderPaymentsReader } from './links.ts';

const tags = ['back office'];

const listQueryOf = (q: OrderFilterQuery) => ({
  tab: q.tab,
  from: q.from,
  to: q.to,
  member: q.member || undefined,
  supplierId: q.supplierId,
  minCents: q.minAmount,
  maxCents: q.maxAmount,
  orderNo: q.orderNo,
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
        querystring: orderListQuery,
        response: { 200: envelopeOf(orderListPageSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.orders);
      const q = request.query;
      return ok(await orderListPage(db, listQueryOf(q), q));
    },
  );

  app.get(
    '/admin/orders/suppliers',
    {
      schema: {
        tags,
        summary: 'The suppliers the orders list filters by (owner, orders)',
        response: { 200: envelopeOf(z.array(orderSupplierSchema)) },
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
        params: orderNoParams,
        response: { 200: envelopeOf(adminOrderDetailSchema) },
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
        body: orderShipBody,
        response: { 200: envelopeOf(orderShippedSchema) },
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
