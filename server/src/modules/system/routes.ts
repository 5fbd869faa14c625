import { envelopeOf, failureEnvelope } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fail, ok } from '../../lib/envelope.ts';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** The payment gateway, and whether its payments are simulated (the sandbox takes no money). */
  payments: z.object({ provider: z.string(), simulated: z.boolean() }),
  /** The goods this process's search index holds; 'filling' while it is first read, 'off' without one (docs/search.md). */
  searchIndex: z.union([z.number().int(), z.enum(['filling', 'off'])]),
  /** Live-chat sockets this process holds (docs/chat.md). */
  chatSockets: z.number().int(),
});

export const systemRoutes = async (
  root: FastifyInstance,
  opts: { searchIndex: () => number | 'filling' | 'off'; chatSockets: () => number },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: envelopeOf(healthSchema), 503: failureEnvelope },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return ok({
          status: 'ok' as const,
          database: app.database.kind,
          payments: { provider: app.config.payment.provider, simulated: app.config.payment.simulated },
          searchIndex: opts.searchIndex(),
          chatSockets: opts.chatSockets(),
        });
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send(fail(503, 'The database is not reachable.'));
      }
    },
  );

  // The baseline for benchmarks: the full request path (hooks, envelope, serialisation) and no work.
  app.get(
    '/sys/ping',
    {
      schema: {
        tags: ['system'],
        summary: 'No-op, the baseline for benchmarks',
        response: { 200: envelopeOf(z.null()) },
      },
      config: { rateLimit: false },
    },
    async () => ok(null),
  );
};
