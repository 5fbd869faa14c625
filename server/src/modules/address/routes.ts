import {
  addressInputSchema,
  addressListQuery,
  addressPageSchema,
  addressSchema,
  addressUpdateSchema,
} from '@mall/shared/contract/address';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const tags = ['address'];

/** The member's shipping addresses (docs/orders.md: addresses): every call needs a signed-in member. */
export const addressRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A guest is told to log in (401) before the body is looked at: addresses belong to members only.
  app.addHook('preValidation', async (request) => {
    requireMember(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/customer/address',
    {
      schema: {
        tags,
        summary: "The member's addresses, the default first, then newest",
        querystring: addressListQuery,
        response: { 200: envelopeOf(addressPageSchema) },
      },
    },
    async (request) => ok(await listAddresses(app.db, requireMember(request).id, request.query)),
  );

  app.post(
    '/customer/address',
    {
      schema: {
        tags,
        summary:
          'Save a new address; the first becomes the default, isDefault makes it the default; 409 past the limit',
        body: addressInputSchema,
        response: { 200: envelopeOf(addressSchema) },
      },
    },
    async (request) => ok(await createAddress(app.db, requireMember(request).id, request.body)),
  );

  app.put(
    '/customer/address',
    {
      schema: {
        tags,
        summary: "Replace one of the member's addresses; isDefault makes it the default",
        body: addressUpdateSchema,
        response: { 200: envelopeOf(addressSchema) },
      },
    },
    async (request) => ok(await updateAddress(app.db, requireMember(request).id, request.body)),
  );

  app.delete(
    '/customer/address/:id',
    {
      schema: {
        tags,
        summary: 'Delete an address; deleting the default makes the newest left the default',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteAddress(app.db, requireMember(request).id, request.params.id);
      return ok(null);
    },
  );
};
