import {
  codeResentSchema,
  memberDetailSchema,
  memberDisableBody,
  memberPageSchema,
  memberProfileSchema,
  memberSearchQuery,
} from '@mall/shared/contract/admin/members';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { searchMembers } from '../customer/index.ts';
import { memberDetail, resendCodeAs, setMemberDisabledAs } from './admin.ts';
import { accountServicesOf } from './route-helpers.ts';

const tags = ['back office'];

/** The back office's calls for members (docs/back-office-members.md). */
export const adminMembersRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const services = (request: FastifyRequest) => accountServicesOf(app, request);

  app.get(
    '/admin/members',
    {
      schema: {
        tags,
        summary:
          'Search members by member number, or the start of their e-mail, phone or name (owner, support)',
        querystring: memberSearchQuery,
        response: { 200: envelopeOf(memberPageSchema) },
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.members);
      reply.header('Cache-Control', 'no-store');
      return ok(await searchMembers(db, request.query));
    },
  );

  app.get(
    '/admin/members/:id',
    {
      schema: {
        tags,
        summary: "A member's profile, orders and wallet (owner, support)",
        params: idParams,
        response: { 200: envelopeOf(memberDetailSchema) },
      },
    },
    async (request, reply) => {
      await requireOperator(db, request, MAY.members);
      reply.header('Cache-Control', 'no-store');
      return ok(await memberDetail(db, request.params.id));
    },
  );

  app.patch(
    '/admin/members/:id',
    {
      schema: {
        tags,
        summary: 'Disable a member (their sessions end at once) or enable them again (owner, support)',
        params: idParams,
        body: memberDisableBody,
        response: { 200: envelopeOf(memberProfileSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.members);
      return ok(
        await setMemberDisabledAs(services(request), me.id, request.params.id, request.body.disabled),
      );
    },
  );

  app.post(
    '/admin/members/:id/resend-code',
    {
      schema: {
        tags,
        summary:
          'Send the member a new verification code to their e-mail, within the code limits (owner, support)',
        params: idParams,
        response: { 200: envelopeOf(codeResentSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.members);
      return ok(await resendCodeAs(services(request), me.id, request.params.id));
    },
  );
};
