import { shippingRulesSchema } from '@mall/shared/contract/order';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { shippingRules } from './service.ts';

const tags = ['order'];

/** The shipping fee rules (docs/orders.md: checkout): public, the checkout page applies them. */
export const shippingRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/good/price/configured/shipping/fee',
    {
      schema: {
        tags,
        summary:
          'The shipping rules in NZD: a fee per member kind and island, free from a goods total (null: never)',
        response: { 200: envelopeOf(shippingRulesSchema) },
      },
    },
    // Read on every call: a changed rule shows at once, as the order module applies it.
    async () => ok(await shippingRules(app.db)),
  );
};
