import { isPaidStatus } from '@mall/shared/order-states';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember } from '../../lib/auth.ts';
import { conflict } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import { buildInvoicePdf } from './invoice.ts';
import type { OrderPaymentsReader } from './links.ts';
import { orderDetail } from './service.ts';
import { buildSupplierExport, XLSX_TYPE } from './supplier-export.ts';

const tags = ['orders'];
export const NO_INVOICE_YET = 'This order has no tax invoice until it is paid.';

/**
 * An order's documents (docs/orders.md: what the member sees): the GST tax invoice (PDF) and the order split
 * per supplier (xlsx). Both read the order through orderDetail, so only the member's own order is
 * reachable: another member's order answers 404 like a missing one.
 */
export const orderDocumentRoutes = async (
  root: FastifyInstance,
  opts: { paymentsOf: OrderPaymentsReader },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sale/order/app/invoice/:id',
    {
      schema: {
        tags,
        summary: 'The GST tax invoice of a paid order (PDF); 409 before payment',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const order = await orderDetail(app.db, opts.paymentsOf, member.id, request.params.id);
      if (!isPaidStatus(order.status)) throw conflict(NO_INVOICE_YET);
      // The invoice date is the day it was paid (the timeline's paid event; paid_at holds the same time).
      const paid = order.timeline.find((e) => e.kind === 'paid');
      const pdf = await buildInvoicePdf({
        order,
        paidAt: new Date(paid?.at ?? order.createdAt),
        seller: app.config.seller,
        brand: app.config.brand,
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="invoice-${order.orderNo}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/sale/order/detail/supplier/export/:id',
    {
      schema: {
        tags,
        summary: "The order's lines per supplier, one worksheet each (xlsx)",
        params: idParams,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const order = await orderDetail(app.db, opts.paymentsOf, member.id, request.params.id);
      const book = await buildSupplierExport(order, app.config.brand);
      return reply
        .type(XLSX_TYPE)
        .header('Content-Disposition', `attachment; filename="order-${order.orderNo}-suppliers.xlsx"`)
        .header('Cache-Control', 'private, no-store')
        .send(book);
    },
  );
};
