import multipart from '@fastify/multipart';
import {
  bannerBody,
  bannerChangeBody,
  bannerSchema,
  pictureAnswer,
  sectionChangeBody,
  sectionFields,
  sectionSchema,
} from '@mall/shared/contract/admin/content';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import { CHOOSE_A_PICTURE } from '../../lib/picture-upload.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { listSections } from '../catalogue/index.ts';
import { addBanner, addSection, changeBanner, changeSection, removeBanner, removeSection } from './admin.ts';
import { listAllBanners } from './admin-content.ts';
import { adminKeywordRoutes } from './admin-keyword-routes.ts';
import { adminContentPageRoutes } from './admin-page-routes.ts';
import { CONTENT_PICTURE_MAX_BYTES, storeContentPicture } from './admin-pictures.ts';
import { dates, tags } from './admin-route-parts.ts';
import { adminTermsRoutes } from './admin-terms-routes.ts';

/**
 * The back office's content calls (docs/back-office-content.md): pictures, banners and sections of
 * goods here; hot keywords in admin-keyword-routes.ts, links and service pages in
 * admin-page-routes.ts, the terms in admin-terms-routes.ts.
 */
export const adminContentRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const operator = (request: Parameters<typeof requireOperator>[1]) =>
    requireOperator(db, request, MAY.content);

  await app.register(multipart, {
    limits: { fileSize: CONTENT_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/admin/content/pictures',
    {
      schema: {
        tags,
        summary: 'Upload a banner picture (multipart field `file`; PNG, JPEG, WebP or GIF, at most 4 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(pictureAnswer) },
      },
      bodyLimit: CONTENT_PICTURE_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      await operator(request);
      if (!request.isMultipart()) throw badRequest(CHOOSE_A_PICTURE);
      return ok(await storeContentPicture(app.storage, await request.file()));
    },
  );

  // Banners
  app.get(
    '/admin/content/banners',
    {
      schema: {
        tags,
        summary: 'Every banner, shown or not',
        response: { 200: envelopeOf(z.array(bannerSchema)) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await listAllBanners(db));
    },
  );
  app.post(
    '/admin/content/banners',
    {
      schema: {
        tags,
        summary: 'Add a banner',
        body: bannerBody,
        response: { 200: envelopeOf(bannerSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await addBanner(db, me.id, dates(request.body)));
    },
  );
  app.patch(
    '/admin/content/banners/:id',
    {
      schema: {
        tags,
        summary: 'Change a banner',
        params: idParams,
        body: bannerChangeBody,
        response: { 200: envelopeOf(bannerSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changeBanner(db, me.id, request.params.id, dates(request.body)));
    },
  );
  app.delete(
    '/admin/content/banners/:id',
    {
      schema: { tags, summary: 'Delete a banner', params: idParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await removeBanner(db, me.id, request.params.id));
    },
  );

  // Home and page sections
  app.get(
    '/admin/content/sections',
    {
      schema: {
        tags,
        summary: 'Every section of goods (1 home, 2 recommendations page, 3 goods detail)',
        response: { 200: envelopeOf(z.array(sectionSchema)) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await listSections(db));
    },
  );
  app.post(
    '/admin/content/sections',
    {
      schema: {
        tags,
        summary: 'Add a section',
        body: sectionFields,
        response: { 200: envelopeOf(sectionSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await addSection(db, me.id, request.body));
    },
  );
  app.patch(
    '/admin/content/sections/:id',
    {
      schema: {
        tags,
        summary: 'Change a section (goodsIds replaces its goods, in that order)',
        params: idParams,
        body: sectionChangeBody,
        response: { 200: envelopeOf(sectionSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changeSection(db, me.id, request.params.id, request.body));
    },
  );
  app.delete(
    '/admin/content/sections/:id',
    {
      schema: {
        tags,
        summary: 'Delete a section',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await removeSection(db, me.id, request.params.id));
    },
  );

  await app.register(adminKeywordRoutes);
  await app.register(adminContentPageRoutes);
  await app.register(adminTermsRoutes);
};
