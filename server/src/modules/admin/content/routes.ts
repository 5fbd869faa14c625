import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The back office's calls for home banners and sections, keywords, links, service pages and the agreement (docs/back-office.md). */
export const adminContentRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  void app;
};
