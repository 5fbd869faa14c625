import { emailChangeSchema, memberSchema, phoneChangeSchema } from '@mall/shared/contract/account';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { changeEmail, changePhone } from './contact-change.ts';
import { accountServicesOf, customerTags, refuseSecretsInQuery } from './route-helpers.ts';
import { codeGuards } from './service.ts';

/**
 * A member changes their e-mail or phone (docs/accounts.md: changing the e-mail or phone): the
 * code sent to the new address and the current password, never in the query string.
 */
export const contactRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const accountServices = (request: FastifyRequest) => accountServicesOf(app, request);

  const contactCaller = (request: FastifyRequest) => ({
    member: requireMember(request),
    ip: request.ip,
    guards: () => codeGuards(accountServices(request), request.ip),
  });

  app.patch(
    '/sys/user/email',
    {
      schema: {
        tags: customerTags,
        summary:
          'Change the e-mail with the code sent to the new address (purpose email) and the current password; the old address is told by mail',
        body: emailChangeSchema,
        response: { 200: envelopeOf(memberSchema) },
      },
      preValidation: async (request) => refuseSecretsInQuery(request.query),
    },
    async (request) =>
      ok(
        await changeEmail(accountServices(request), contactCaller(request), request.body),
        'Your e-mail address has been changed.',
      ),
  );

  app.patch(
    '/sys/user/phone/:value',
    {
      schema: {
        tags: customerTags,
        summary:
          'Change the phone with the code sent to the new number (purpose phone) and the current password, both in the JSON body; the member is told by mail',
        params: z.object({ value: z.string().regex(/^\d{1,20}$/, 'A phone number has digits only') }),
        body: phoneChangeSchema,
        response: { 200: envelopeOf(memberSchema) },
      },
      // Before the body is validated too: a request with `?code=` is refused for that, whatever else it lacks.
      preValidation: async (request) => refuseSecretsInQuery(request.query),
    },
    async (request) =>
      ok(
        await changePhone(
          accountServices(request),
          contactCaller(request),
          request.params.value,
          request.body,
        ),
        'Your phone number has been changed.',
      ),
  );
};
