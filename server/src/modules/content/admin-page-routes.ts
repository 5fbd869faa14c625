import { termsSchema } from '@mall/shared/contract/content';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import {
  addLink,
  addPageGroup,
  addServicePage,
  changeLink,
  changePageGroup,
  changeServicePage,
  changeTerms,
  removeLink,
  restoreTerms,
} from './admin.ts';
import { findServicePage, listAllLinks, listServicePages } from './admin-content.ts';
import {
  groupFields,
  groupSchema,
  linkFields,
  linkSchema,
  noChange,
  pageFields,
  pageSchema,
  patchOf,
  someChange,
  tags,
  termsBody,
  termsParams,
} from './admin-schemas.ts';
import { readTerms } from './terms.ts';

/** The back office's links, service pages and their groups, and the terms (docs/back-office-content.md). */
export const adminContentPageRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const operator = (request: Parameters<typeof requireOperator>[1]) =>
    requireOperator(db, request, MAY.content);

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
