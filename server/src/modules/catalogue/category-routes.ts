import {
  categoryDetailSchema,
  categoryHeroItemSchema,
  categoryHeroQuery,
  categoryNodeSchema,
} from '@mall/shared/contract/catalogue';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import { answerWriter, sendWritten } from '../../lib/written-answer.ts';
import { ReadCache } from './read-cache.ts';
import {
  findCategoryDetail,
  listCategoriesByIds,
  listCategoryHero,
  listCategoryTree,
  searchCategories,
} from './service.ts';

const tags = ['catalogue'];

const keyParams = z.object({
  key: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, 'is too long')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a category key: letters, digits and dashes'),
});

const keywordParams = z.object({
  k: z.string().trim().min(1, 'must not be empty').max(100, 'is too long'),
});

const idsParams = z.object({
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'must be a comma-separated list of up to 100 category ids')
    .transform((s) => s.split(',').map(Number)),
});

const categoryList = envelopeOf(z.array(categoryNodeSchema));

/** The category tree, a category's detail and hero goods, and categories by key, name or ids (docs/calls.md: catalogue and search). */
export const categoryRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const cache = new ReadCache(app.config.catalogueCacheMs);
  const writeCategoryTree = answerWriter(categoryList, 'the category tree');

  app.get(
    '/good/category/headers',
    {
      schema: {
        tags,
        summary: 'The whole category tree (three levels) in display order, for the brand bar and mega menu',
        response: { 200: categoryList },
      },
    },
    async (request, reply) =>
      sendWritten(
        request,
        reply,
        await cache.get('headers', async () => writeCategoryTree(ok(await listCategoryTree(app.db)))),
      ),
  );

  app.get(
    '/good/category/hero',
    {
      schema: {
        tags,
        summary: 'Featured categories with their picture and goods count (home category hero)',
        querystring: categoryHeroQuery,
        response: { 200: envelopeOf(z.array(categoryHeroItemSchema)) },
      },
    },
    async (request) => ok(await listCategoryHero(app.db, request.query)),
  );

  app.get(
    '/good/category/app/:id',
    {
      schema: {
        tags,
        summary: 'One category with its subtree and its path from the top level',
        params: idParams,
        response: { 200: envelopeOf(categoryDetailSchema) },
      },
    },
    async (request) => {
      const detail = await findCategoryDetail(app.db, { id: request.params.id });
      if (!detail) throw notFound(`No category with id ${request.params.id}.`);
      return ok(detail);
    },
  );

  app.get(
    '/good/category/key/:key',
    {
      schema: {
        tags,
        summary: 'One category by its key (slug), with its subtree and path',
        params: keyParams,
        response: { 200: envelopeOf(categoryDetailSchema) },
      },
    },
    async (request) => {
      const detail = await findCategoryDetail(app.db, { key: request.params.key });
      if (!detail) throw notFound(`No category with key ${request.params.key}.`);
      return ok(detail);
    },
  );

  app.get(
    '/good/category/keyword/:k',
    {
      schema: {
        tags,
        summary:
          'Categories whose name matches the keyword (prefix first, typo-tolerant), at most 20, no children',
        params: keywordParams,
        response: { 200: categoryList },
      },
    },
    async (request) => ok(await searchCategories(app.db, request.params.k)),
  );

  app.get(
    '/good/category/p/ids/:ids',
    {
      schema: {
        tags,
        summary:
          'Categories by id (comma-separated, at most 100) in the order given; unknown ids are skipped',
        params: idsParams,
        response: { 200: categoryList },
      },
    },
    async (request) => ok(await listCategoriesByIds(app.db, request.params.ids)),
  );
};
