import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The back office's calls for cash cards, coupons, discount cards and points (docs/back-office.md). */
export const adminWalletRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  void app;
};
