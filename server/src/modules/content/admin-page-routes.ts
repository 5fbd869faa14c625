import {
  groupChangeBody,
  groupFields,
  groupSchema,
  linkChangeBody,
  linkFields,
  linkRemovedAnswer,
  linkSchema,
  pageChangeBody,
  pageFields,
  pageGroupSchema,
  pageSchema,
} from '@mall/shared/contract/admin/content';
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
  removeLink,
} from './admin.ts';
import { findServicePage, listAllLinks, listServicePages } from './admin-content.ts';
import { tags } from './admin-route-parts.ts';

/** The back office's links, and service pages and their groups (docs/back-office-content.md). */
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
        body: linkChangeBody,
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
        response: { 200: envelopeOf(linkRemovedAnswer) },
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
        response: { 200: envelopeOf(z.array(pageGroupSchema)) },
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
        body: pageChangeBody,
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
        body: groupChangeBody,
        response: { 200: envelopeOf(groupSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(await changePageGroup(db, me.id, request.params.id, request.body));
    },
  );
};
