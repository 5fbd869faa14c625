import {
  bannerSchema,
  introduceDetailSchema,
  introduceGroupSchema,
  introduceSchema,
  linkSchema,
  mallSiteSchema,
  termsSchema,
} from '@mall/shared/contract/content';
import { envelopeOf } from '@mall/shared/envelope';
import { TERMS_KEYS } from '@mall/shared/terms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import {
  findIntroduceDetail,
  findTopBanner,
  linkTree,
  listActiveBanners,
  listHelpGroups,
  listHighlights,
  listMallSites,
} from './service.ts';
import { readTerms } from './terms.ts';

const tags = ['content'];

/** Content (docs/calls.md: content): banners, header and footer links, shop-introduction pages and sister sites. */
export const contentRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/banner/top',
    {
      schema: {
        tags,
        summary: 'The showing top banner (the strip above the header), or null',
        response: { 200: envelopeOf(bannerSchema.nullable()) },
      },
    },
    async () => ok(await findTopBanner(app.db)),
  );

  const lists = [
    ['slides', 'slide', 'The showing home carousel slides'],
    ['adverts', 'advert', 'The showing adverts beside the carousel'],
    ['promos', 'promo', 'The showing promotion tiles'],
  ] as const;
  for (const [path, position, summary] of lists) {
    app.get(
      `/banner/${path}`,
      { schema: { tags, summary, response: { 200: envelopeOf(z.array(bannerSchema)) } } },
      async () => ok(await listActiveBanners(app.db, position)),
    );
  }

  app.get(
    '/shop/link/up',
    {
      schema: {
        tags,
        summary: 'Header top links, a tree',
        response: { 200: envelopeOf(z.array(linkSchema)) },
      },
    },
    async () => ok(await linkTree(app.db, 'up')),
  );

  app.get(
    '/shop/link/down',
    {
      schema: {
        tags,
        summary: 'Footer site links, a tree of groups and their links',
        response: { 200: envelopeOf(z.array(linkSchema)) },
      },
    },
    async () => ok(await linkTree(app.db, 'down')),
  );

  app.get(
    '/shop/introduce/app',
    {
      schema: {
        tags,
        summary: 'Footer service highlights',
        response: { 200: envelopeOf(z.array(introduceSchema)) },
      },
    },
    async () => ok(await listHighlights(app.db)),
  );

  app.get(
    '/shop/introduce/main',
    {
      schema: {
        tags,
        summary: 'Footer help links, grouped',
        response: { 200: envelopeOf(z.array(introduceGroupSchema)) },
      },
    },
    async () => ok(await listHelpGroups(app.db)),
  );

  app.get(
    '/shop/introduce/detail/:id',
    {
      schema: {
        tags,
        summary: 'A shop-introduction page with its HTML (shown at /pages/home/html?id=...)',
        params: idParams,
        response: { 200: envelopeOf(introduceDetailSchema) },
      },
    },
    async (request) => {
      const page = await findIntroduceDetail(app.db, request.params.id);
      if (!page) throw notFound(`No page with id ${request.params.id}.`);
      return ok(page);
    },
  );

  app.get(
    '/consolidation/mall/list',
    {
      schema: {
        tags,
        summary: 'Sister sites of the mall group',
        response: { 200: envelopeOf(z.array(mallSiteSchema)) },
      },
    },
    async () => ok(await listMallSites(app.db)),
  );

  app.get(
    '/shop/terms/:key',
    {
      schema: {
        tags,
        summary: 'The terms shoppers agree to: standard (store mode) or wholesale (supplier mode)',
        params: z.object({ key: z.enum(TERMS_KEYS) }),
        response: { 200: envelopeOf(termsSchema) },
      },
    },
    async (request) => ok(await readTerms(app.db, request.params.key, app.config.brand)),
  );
};
