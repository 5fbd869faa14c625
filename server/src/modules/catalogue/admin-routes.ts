import multipart from '@fastify/multipart';
import {
  adminGoodSchema,
  goodInputSchema,
  goodsChoicesSchema,
  goodsListQuery,
  goodsPageSchema,
  pictureAnswer,
  publishBody,
} from '@mall/shared/contract/admin/catalogue';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { listAllSuppliers, listStockOrganisations } from '../reference/index.ts';
import { createGoodAs, type GoodNamed, listGoodsForOperator, publishGoodAs, updateGoodAs } from './admin.ts';
import { listLeafCategories, readAdminGood } from './admin-goods.ts';
import { adminStockRoutes } from './admin-stock-routes.ts';
import { GOODS_PICTURE_MAX_BYTES, storeGoodsPicture } from './picture-upload.ts';

const tags = ['back office: catalogue'];

/**
 * The back office's calls for goods, SKUs, pictures and promotions (docs/back-office-catalogue.md);
 * stock in admin-stock-routes.ts.
 */
export const adminCatalogueRoutes = async (root: FastifyInstance, opts: { goodNamed: GoodNamed }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  await app.register(multipart, {
    limits: { fileSize: GOODS_PICTURE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/admin/goods',
    {
      schema: {
        tags,
        summary:
          'Goods, newest first: q (name words or SKU code), categoryId, supplierId, published, pageNum, pageSize',
        querystring: goodsListQuery,
        response: { 200: envelopeOf(goodsPageSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.catalogue);
      const q = request.query;
      return ok(
        await listGoodsForOperator(db, {
          q: q.q || undefined,
          categoryId: q.categoryId,
          supplierId: q.supplierId,
          published: q.published === undefined ? undefined : q.published === 'true',
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        }),
      );
    },
  );

  app.get(
    '/admin/goods/choices',
    {
      schema: {
        tags,
        summary: 'The categories, suppliers and stock organisations the forms offer',
        response: { 200: envelopeOf(goodsChoicesSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.catalogue);
      const [categories, suppliers, organisations] = await Promise.all([
        listLeafCategories(db),
        listAllSuppliers(db),
        listStockOrganisations(db),
      ]);
      return ok({ categories, suppliers, organisations });
    },
  );

  app.get(
    '/admin/goods/:id',
    {
      schema: {
        tags,
        summary: 'One good with its SKUs and promotions',
        params: idParams,
        response: { 200: envelopeOf(adminGoodSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.catalogue);
      const good = await readAdminGood(db, request.params.id);
      if (!good) throw notFound('There is no such good.');
      return ok(good);
    },
  );

  app.post(
    '/admin/goods',
    {
      schema: {
        tags,
        summary: 'Adds a good (unpublished) with its SKUs',
        body: goodInputSchema,
        response: { 200: envelopeOf(adminGoodSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.catalogue);
      return ok(
        await createGoodAs(db, app.storage, opts.goodNamed, me.id, request.body),
        'The good has been added.',
      );
    },
  );

  app.put(
    '/admin/goods/:id',
    {
      schema: {
        tags,
        summary: 'Replaces a good, its SKUs and their promotions',
        params: idParams,
        body: goodInputSchema,
        response: { 200: envelopeOf(adminGoodSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.catalogue);
      return ok(
        await updateGoodAs(db, app.storage, opts.goodNamed, me.id, request.params.id, request.body),
        'The good has been saved.',
      );
    },
  );

  app.post(
    '/admin/goods/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publishes ({ published: true }) or unpublishes a good',
        params: idParams,
        body: publishBody,
        response: { 200: envelopeOf(adminGoodSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.catalogue);
      const { published } = request.body;
      const good = await publishGoodAs(db, opts.goodNamed, me.id, request.params.id, published);
      return ok(good, published ? 'The good is on sale.' : 'The good is no longer shown.');
    },
  );

  app.post(
    '/admin/goods/pictures',
    {
      schema: {
        tags,
        summary: 'Uploads a goods picture (multipart field `file`; PNG, JPEG, WebP or GIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(pictureAnswer) },
      },
      bodyLimit: GOODS_PICTURE_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      await requireOperator(db, request, MAY.catalogue);
      if (!request.isMultipart()) throw badRequest({ field: 'file', message: 'Choose a picture to upload.' });
      return ok(await storeGoodsPicture(app.storage, await request.file()), 'The picture has been uploaded.');
    },
  );

  await app.register(adminStockRoutes);
};
