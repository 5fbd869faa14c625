import { codeTreeSchema, organisationSchema, supplierSchema } from '@mall/shared/contract/reference';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { findNzStockOrganisation, listCodeTrees, listOnlineStores, listSuppliers } from './service.ts';

const tags = ['reference'];

/** Reference data (docs/calls.md: reference data): dictionaries, enumerations, organisations and suppliers. */
export const referenceRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sys/dict/type/tree',
    {
      schema: {
        tags,
        summary:
          'Dictionaries: each a code and name with its items (member kind, region, delivery method...)',
        response: { 200: envelopeOf(z.array(codeTreeSchema)) },
      },
    },
    async () => ok(await listCodeTrees(app.db, 'dict')),
  );

  app.get(
    '/sys/enum/list',
    {
      schema: {
        tags,
        summary: 'Enumerations: the status values (order, payment, card, points, VIP level...) with labels',
        response: { 200: envelopeOf(z.array(codeTreeSchema)) },
      },
    },
    async () => ok(await listCodeTrees(app.db, 'enum')),
  );

  app.get(
    '/sys/org/nz/stock',
    {
      schema: {
        tags,
        summary: 'The organisation holding the New Zealand stock; the storefront keeps its id as orgId',
        response: { 200: envelopeOf(organisationSchema) },
      },
    },
    async () => {
      const org = await findNzStockOrganisation(app.db);
      if (!org) throw notFound('No organisation holds the New Zealand stock.');
      return ok(org);
    },
  );

  app.get(
    '/sys/org/on/line/store',
    {
      schema: {
        tags,
        summary: 'The online stores a shopper can choose',
        response: { 200: envelopeOf(z.array(organisationSchema)) },
      },
    },
    async () => ok(await listOnlineStores(app.db)),
  );

  app.get(
    '/supplier/website/name/list',
    {
      schema: {
        tags,
        summary: "The enabled suppliers with their websites; exactly one is the mall's own store (self)",
        response: { 200: envelopeOf(z.array(supplierSchema)) },
      },
    },
    async () => ok(await listSuppliers(app.db)),
  );
};
