import { termsBody, termsParams } from '@mall/shared/contract/admin/content';
import { termsSchema } from '@mall/shared/contract/content';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { changeTerms, restoreTerms } from './admin.ts';
import { tags } from './admin-route-parts.ts';
import { readTerms } from './terms.ts';

/** The back office's agreement: the standard and wholesale terms shoppers agree to (docs/back-office-content.md). */
export const adminTermsRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const operator = (request: Parameters<typeof requireOperator>[1]) =>
    requireOperator(db, request, MAY.content);

  // The agreement: the terms shoppers agree to
  app.get(
    '/admin/content/terms/:key',
    {
      schema: {
        tags,
        summary: 'The standard or wholesale terms',
        params: termsParams,
        response: { 200: envelopeOf(termsSchema) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await readTerms(db, request.params.key, app.config.brand));
    },
  );
  app.put(
    '/admin/content/terms/:key',
    {
      schema: {
        tags,
        summary: 'Save the terms (their HTML is cleaned); the agreement shows them at once',
        params: termsParams,
        body: termsBody,
        response: { 200: envelopeOf(termsSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changeTerms(db, me.id, request.params.key, request.body.sections, app.config.brand));
    },
  );
  app.delete(
    '/admin/content/terms/:key',
    {
      schema: {
        tags,
        summary: "Go back to the shop's own terms",
        params: termsParams,
        response: { 200: envelopeOf(termsSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await restoreTerms(db, me.id, request.params.key, app.config.brand));
    },
  );
};
