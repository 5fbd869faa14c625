import { orderRefundBody, orderRefundedSchema } from '@mall/shared/contract/admin/orders';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { refundOrderAs } from './admin.ts';

const tags = ['back office'];

/** The back office's refund of a paid order (docs/back-office-orders.md: refunds). */
export const adminPaymentRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    '/admin/orders/refund',
    {
      schema: {
        tags,
        summary: 'Cancel a paid order and refund it through the payment provider (owner, orders)',
        body: orderRefundBody,
        response: { 200: envelopeOf(orderRefundedSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.orders);
      return ok(await refundOrderAs(db, app.config, me.id, request.body.orderNo));
    },
  );
};
