import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { requireOperator } from '../guard.ts';
import { refundOrderAs, shipOrderAs } from '../order-actions.ts';
import { MAY } from '../roles.ts';

const tags = ['back office'];
const orderNoSchema = z.string().trim().min(1, 'is required').max(40);

/** The back office's order calls (docs/back-office.md: orders). */
export const adminOrdersRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.post(
    '/admin/orders/ship',
    {
      schema: {
        tags,
        summary: 'Mark a paid order shipped (owner, orders)',
        body: z.object({ orderNo: orderNoSchema, trackingNo: z.string().trim().max(60).optional() }),
        response: { 200: envelopeOf(z.object({ id: z.number().int(), orderNo: z.string() })) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.orders);
      return ok(await shipOrderAs(db, me.id, request.body.orderNo, request.body.trackingNo || null));
    },
  );

  app.post(
    '/admin/orders/refund',
    {
      schema: {
        tags,
        summary: 'Cancel a paid order and refund it (owner, orders)',
        body: z.object({ orderNo: orderNoSchema }),
        response: {
          200: envelopeOf(
            z.object({
              id: z.number().int(),
              orderNo: z.string(),
              gatewayCents: z.number().int(),
              cardCents: z.number().int(),
              shortfallCents: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.orders);
      return ok(await refundOrderAs(db, app.config, me.id, request.body.orderNo));
    },
  );
};
