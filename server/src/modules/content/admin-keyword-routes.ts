import { keywordBody, keywordSchema, keywordsQuery } from '@mall/shared/contract/admin/content';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { listCuratedKeywords } from '../search/index.ts';
import { setKeyword } from './admin.ts';
import { tags } from './admin-route-parts.ts';

/** The back office's hot keywords: the most searched, pinned or hidden (docs/back-office-content.md). */
export const adminKeywordRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const operator = (request: Parameters<typeof requireOperator>[1]) =>
    requireOperator(db, request, MAY.content);

  // Hot keywords
  app.get(
    '/admin/content/keywords',
    {
      schema: {
        tags,
        summary: 'The pinned and hidden keywords and the most searched, or those containing `q`',
        querystring: keywordsQuery,
        response: { 200: envelopeOf(z.array(keywordSchema)) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await listCuratedKeywords(db, request.query.q, 50));
    },
  );
  app.put(
    '/admin/content/keywords',
    {
      schema: {
        tags,
        summary: 'Pin (a place 1-100, or null to unpin), hide or show a keyword',
        body: keywordBody,
        response: { 200: envelopeOf(keywordSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      const { keyword, ...change } = request.body;
      return ok(await setKeyword(db, me.id, keyword, change));
    },
  );
};
