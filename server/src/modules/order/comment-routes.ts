import { commentInputSchema, commentPageSchema, commentSchema } from '@mall/shared/contract/order';
import { rowIdParam } from '@mall/shared/contract/row-id';
import { envelopeOf, pageQuery } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { addComment, commentOfMember, goodsComments, memberComments } from './comments.ts';

const tags = ['comments'];
const noStore = { 'Cache-Control': 'no-store' };

const goodsParams = z.object({
  goodsId: rowIdParam,
});

/** Comments on order lines (docs/orders.md: what the member sees). */
export const commentRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/sale/order/comment',
    {
      schema: {
        tags,
        summary: "Rate a line of the member's completed order, 1 to 5 with text, once",
        body: commentInputSchema,
        response: { 200: envelopeOf(commentSchema) },
      },
    },
    async (request) => ok(await addComment(app.db, requireMember(request).id, request.body)),
  );

  app.get(
    '/sale/order/comment/app',
    {
      schema: {
        tags,
        summary: "The member's comments, newest first",
        querystring: pageQuery,
        response: { 200: envelopeOf(commentPageSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(await memberComments(app.db, member.id, request.query));
    },
  );

  app.get(
    '/sale/order/comment/:id',
    {
      schema: {
        tags,
        summary: "One of the member's comments",
        params: idParams,
        response: { 200: envelopeOf(commentSchema) },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      reply.headers(noStore);
      return ok(await commentOfMember(app.db, member.id, request.params.id));
    },
  );

  app.get(
    '/sale/good/comment/:goodsId',
    {
      schema: {
        tags,
        summary: "A good's comments, newest first, authors masked (no sign-in needed)",
        params: goodsParams,
        querystring: pageQuery,
        response: { 200: envelopeOf(commentPageSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await goodsComments(app.db, request.params.goodsId, request.query));
    },
  );
};
