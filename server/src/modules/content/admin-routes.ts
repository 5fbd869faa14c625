import multipart from '@fastify/multipart';
import { bannerPositionSchema, INTRODUCE_ICONS, termsSchema } from '@mall/shared/contract/content';
import { rowId } from '@mall/shared/contract/row-id';
import { envelopeOf } from '@mall/shared/envelope';
import { TERMS_KEYS } from '@mall/shared/terms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import { CHOOSE_A_PICTURE } from '../../lib/picture-upload.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { listSections, RECOMMEND_PLACEMENTS, SECTION_GOODS_MAX } from '../catalogue/index.ts';
import { listCuratedKeywords } from '../search/index.ts';
import {
  addBanner,
  addLink,
  addPageGroup,
  addSection,
  addServicePage,
  changeBanner,
  changeLink,
  changePageGroup,
  changeSection,
  changeServicePage,
  changeTerms,
  removeBanner,
  removeLink,
  removeSection,
  restoreTerms,
  setKeyword,
} from './admin.ts';
import { findServicePage, listAllBanners, listAllLinks, listServicePages } from './admin-content.ts';
import { CONTENT_PICTURE_MAX_BYTES, storeContentPicture } from './admin-pictures.ts';
import { readTerms } from './terms.ts';

const tags = ['back office'];

const text = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, min ? 'is required' : undefined)
    .max(max, `is at most ${max} characters`);
const sort = z.number().int('must be a whole number').min(-1_000_000).max(1_000_000);
/** Where a banner or link goes: a path of this shop (`/...`) or a full https address; or nothing. */
const target = z
  .string()
  .trim()
  .max(500, 'is at most 500 characters')
  .refine((v) => v === '' || /^\/(?!\/)\S*$/.test(v) || /^https:\/\/[^\s/]+\S*$/.test(v), {
    message: 'is a path of this shop (starting with /) or an https:// address',
  });
const picture = target.refine((v) => v !== '', { message: 'is required' });
const when = z.iso.datetime({ offset: true, error: 'is a date and time' }).nullable();
const key = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'is 1 to 40 lower-case letters, digits or dashes');
const windowOk = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || new Date(b.startsAt) < new Date(b.endsAt);
const windowRefusal = { message: 'must be after the start', path: ['endsAt'] };
/**
 * A PATCH body of `fields`: each field optional and without its default, so a change names only
 * what it changes (zod's own `.partial()` would still fill in the defaults).
 */
const patchOf = <S extends z.ZodRawShape>(fields: z.ZodObject<S>) =>
  z.object(
    Object.fromEntries(
      Object.entries(fields.shape).map(([k, v]) => [
        k,
        (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
      ]),
    ),
  ) as unknown as ReturnType<z.ZodObject<S>['partial']>;
const someChange = (b: object) => Object.keys(b).length > 0;
const noChange = { message: 'Give at least one field to change.' };
const dates = <T extends { startsAt?: string | null; endsAt?: string | null }>(b: T) => ({
  ...b,
  ...(b.startsAt === undefined ? {} : { startsAt: b.startsAt ? new Date(b.startsAt) : null }),
  ...(b.endsAt === undefined ? {} : { endsAt: b.endsAt ? new Date(b.endsAt) : null }),
});

const bannerFields = z.object({
  position: bannerPositionSchema,
  title: text(100, 1),
  subtitle: text(200).default(''),
  imageUrl: picture,
  linkUrl: target.default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  startsAt: when.default(null),
  endsAt: when.default(null),
});
const bannerSchema = bannerFields.extend({
  id: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});

const linkFields = z.object({
  placement: z.enum(['up', 'down']),
  parentId: rowId.nullable().default(null),
  key,
  name: text(40, 1),
  title: text(100).default(''),
  linkUrl: target.default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});
const linkSchema = linkFields.extend({ id: z.number().int(), parentId: z.number().int().nullable() });

const groupFields = z.object({
  placement: z.enum(['app', 'main']),
  name: text(60, 1),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});
const groupSchema = groupFields.extend({ id: z.number().int() });

const pageFields = z.object({
  groupId: rowId,
  key,
  title: text(100, 1),
  summary: text(300).default(''),
  icon: z.enum(['', ...INTRODUCE_ICONS]).default(''),
  content: z.string().max(100_000, 'is at most 100,000 characters'),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
});
const pageSchema = pageFields.extend({
  id: z.number().int(),
  groupId: z.number().int(),
  icon: z.string(),
  updatedAt: z.string(),
});

const keywordSchema = z.object({
  keyword: z.string(),
  searchCount: z.number().int(),
  resultCount: z.number().int(),
  pinned: z.number().int().nullable(),
  hidden: z.boolean(),
});

const termsParams = z.object({ key: z.enum(TERMS_KEYS) });
const termsBody = z.object({
  sections: z
    .array(
      z.object({
        id: key,
        title: text(100, 1),
        html: z.string().max(50_000, 'is at most 50,000 characters'),
      }),
    )
    .min(1, 'needs at least one section')
    .max(40, 'has at most 40 sections')
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, {
      message: 'gives each section its own id',
    }),
});

const sectionFields = z.object({
  placement: z.union(RECOMMEND_PLACEMENTS.map((p) => z.literal(p))),
  title: text(60, 1),
  subtitle: text(120).default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(true),
  goodsIds: z.array(rowId).max(SECTION_GOODS_MAX, `lists at most ${SECTION_GOODS_MAX} goods`).default([]),
});
const sectionSchema = sectionFields.extend({
  id: z.number().int(),
  placement: z.number().int(),
  goodsIds: z.array(z.number().int()),
  goods: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The back office's content calls (docs/back-office-content.md): owner and catalogue roles. */
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
        response: { 200: envelopeOf(z.object({ url: z.string() })) },
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
        body: bannerFields.refine(windowOk, windowRefusal),
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
        body: patchOf(bannerFields).refine(someChange, noChange).refine(windowOk, windowRefusal),
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
        body: patchOf(sectionFields).refine(someChange, noChange),
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

  // Hot keywords
  app.get(
    '/admin/content/keywords',
    {
      schema: {
        tags,
        summary: 'The pinned and hidden keywords and the most searched, or those containing `q`',
        querystring: z.object({ q: z.string().max(100).default('') }),
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
        body: z
          .object({
            keyword: text(100, 1),
            pinned: z.number().int('must be a whole number').min(1).max(100).nullable().optional(),
            hidden: z.boolean().optional(),
          })
          .refine((b) => b.pinned !== undefined || b.hidden !== undefined, noChange),
        response: { 200: envelopeOf(keywordSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      const { keyword, ...change } = request.body;
      return ok(await setKeyword(db, me.id, keyword, change));
    },
  );

  // Header and footer links
  app.get(
    '/admin/content/links',
    { schema: { tags, summary: 'Every link, flat', response: { 200: envelopeOf(z.array(linkSchema)) } } },
    async (request) => {
      await operator(request);
      return ok(await listAllLinks(db));
    },
  );
  app.post(
    '/admin/content/links',
    { schema: { tags, summary: 'Add a link', body: linkFields, response: { 200: envelopeOf(linkSchema) } } },
    async (request) => {
      const me = await operator(request);
      return ok(await addLink(db, me.id, request.body));
    },
  );
  app.patch(
    '/admin/content/links/:id',
    {
      schema: {
        tags,
        summary: 'Change a link (moving it to the other placement takes its sub-links along)',
        params: idParams,
        body: patchOf(linkFields).refine(someChange, noChange),
        response: { 200: envelopeOf(linkSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changeLink(db, me.id, request.params.id, request.body));
    },
  );
  app.delete(
    '/admin/content/links/:id',
    {
      schema: {
        tags,
        summary: 'Delete a link and its sub-links',
        params: idParams,
        response: { 200: envelopeOf(z.object({ subLinksDeleted: z.number().int() })) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await removeLink(db, me.id, request.params.id));
    },
  );

  // Service pages and their groups
  app.get(
    '/admin/content/pages',
    {
      schema: {
        tags,
        summary: 'Every group of service pages with its pages (without their text)',
        response: {
          200: envelopeOf(
            z.array(groupSchema.extend({ pages: z.array(pageSchema.omit({ content: true })) })),
          ),
        },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await listServicePages(db));
    },
  );
  app.get(
    '/admin/content/pages/:id',
    {
      schema: {
        tags,
        summary: 'A service page with its text',
        params: idParams,
        response: { 200: envelopeOf(pageSchema) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await findServicePage(db, request.params.id));
    },
  );
  app.post(
    '/admin/content/pages',
    {
      schema: {
        tags,
        summary: 'Add a service page (its HTML is cleaned: headings, text, lists, links, pictures)',
        body: pageFields,
        response: { 200: envelopeOf(pageSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await addServicePage(db, me.id, request.body));
    },
  );
  app.patch(
    '/admin/content/pages/:id',
    {
      schema: {
        tags,
        summary: 'Change a service page',
        params: idParams,
        body: patchOf(pageFields).refine(someChange, noChange),
        response: { 200: envelopeOf(pageSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changeServicePage(db, me.id, request.params.id, request.body));
    },
  );
  app.post(
    '/admin/content/page-groups',
    {
      schema: {
        tags,
        summary: 'Add a group of service pages',
        body: groupFields,
        response: { 200: envelopeOf(groupSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await addPageGroup(db, me.id, request.body));
    },
  );
  app.patch(
    '/admin/content/page-groups/:id',
    {
      schema: {
        tags,
        summary: 'Change a group of service pages',
        params: idParams,
        body: patchOf(groupFields).refine(someChange, noChange),
        response: { 200: envelopeOf(groupSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changePageGroup(db, me.id, request.params.id, request.body));
    },
  );

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
