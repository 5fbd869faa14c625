import {
  CHATWOOT_CALLS,
  chatwootIdentityQuery,
  chatwootIdentitySchema,
} from '@mall/shared/contract/chatwoot';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { readMemberDetails } from '../chat/index.ts';
import { chatwootIdentity } from './service.ts';

/** CHAT_PROVIDER=chatwoot only (app.ts): the signed member identity Chatwoot's widget is given. */
export const chatwootRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const chat = app.config.chat;
  if (chat.provider !== 'chatwoot') return;
  app.get(
    CHATWOOT_CALLS.identity,
    {
      schema: {
        tags: ['chat'],
        summary:
          "The signed-in member's Chatwoot identity (identifier and its HMAC under the inbox's token), custom attributes and labels (vip, retail, wholesale)",
        querystring: chatwootIdentityQuery,
        response: { 200: envelopeOf(chatwootIdentitySchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers({ 'Cache-Control': 'no-store' });
      const details = await readMemberDetails(app.db, member.id, {
        mode: request.channel,
        pagePath: request.query.pagePath,
        cartCount: request.query.cartCount,
      });
      return ok(chatwootIdentity(member.id, details, chat.hmacToken));
    },
  );
};
