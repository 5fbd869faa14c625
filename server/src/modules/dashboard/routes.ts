import { dashboardSchema } from '@mall/shared/contract/admin/operator';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { dashboard } from './service.ts';

const tags = ['back office'];

/** The back office's dashboard (docs/back-office.md: dashboard). */
export const dashboardRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        summary:
          "Today's and this week's orders and takings, orders to ship, low stock, unpaid orders closing soon (owner, orders)",
        response: { 200: envelopeOf(dashboardSchema) },
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.dashboard);
      reply.header('Cache-Control', 'no-store');
      return ok(await dashboard(db));
    },
  );
};
