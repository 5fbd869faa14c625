import { timingSafeEqual } from 'node:crypto';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { markShipped } from './service.ts';

export const OPERATOR_HEADER = 'x-operator-token';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Lets an operator's call through: the server has a token and the request carries it. */
export const requireOperator = (request: FastifyRequest, token: string | undefined) => {
  if (!token) throw notFound('Operator calls are off on this server (OPERATOR_TOKEN is not set).');
  const given = request.headers[OPERATOR_HEADER];
  if (typeof given !== 'string' || !sameSecret(given, token)) {
    throw forbidden('The operator token is missing or wrong.');
  }
};

/**
 * The operator's calls (no back office yet; docs/orders.md): marking a paid order shipped. Used by
 * `npm run order:ship -- <order number> --url <shop>` so the command works while the shop runs on
 * its embedded database (which only the shop's process may open). Off unless OPERATOR_TOKEN is set.
 */
export const operatorRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const token = app.config.operatorToken;

  app.post(
    '/operator/order/ship',
    {
      schema: {
        tags: ['operator'],
        summary: `Mark a paid order shipped (operator; ${OPERATOR_HEADER} header)`,
        body: z.object({
          orderNo: z.string().trim().min(1, 'is required').max(40),
          trackingNo: z.string().trim().max(60).optional(),
        }),
        response: { 200: envelopeOf(z.object({ id: z.number().int(), orderNo: z.string() })) },
      },
    },
    async (request) => {
      requireOperator(request, token);
      return ok(await markShipped(app.db, request.body.orderNo, request.body.trackingNo || null));
    },
  );
};
