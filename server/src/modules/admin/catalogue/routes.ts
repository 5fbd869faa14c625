import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The back office's calls for goods, SKUs, pictures, promotions and stock (docs/back-office.md). */
export const adminCatalogueRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  void app;
};
