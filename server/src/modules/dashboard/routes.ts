import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { dashboard } from './service.ts';

const tags = ['back office'];

/** The back office's dashboard (docs/back-office.md: dashboard). */
export const dashboardRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  const period = z.object({ orders: z.number().int(), takingsCents: z.number().int() });
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        summary:
          "Today's and this week's orders and takings, orders to ship, low stock, unpaid orders closing soon (owner, orders)",
        response: {
          200: envelopeOf(
            z.object({
              today: period,
              week: period,
              toShip: z.object({ count: z.number().int(), oldestPaidAt: z.string().nullable() }),
              closingSoon: z.array(
                z.object({ orderNo: z.string(), payDeadline: z.string(), totalCents: z.number().int() }),
              ),
              closingWithinMinutes: z.number().int(),
              lowStock: z.object({
                atMost: z.number().int(),
                total: z.number().int(),
                list: z.array(
                  z.object({
                    skuId: z.number().int(),
                    skuCode: z.string(),
                    goodsId: z.number().int(),
                    goodsName: z.string(),
                    orgId: z.number().int(),
                    orgName: z.string(),
                    quantity: z.number().int(),
                  }),
                ),
              }),
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.dashboard);
      reply.header('Cache-Control', 'no-store');
      return ok(await dashboard(db));
    },
  );
};
