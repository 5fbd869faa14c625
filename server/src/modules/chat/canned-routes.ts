import { CHAT_CALLS } from '@mall/shared/chat-rules';
import { chatCannedBodySchema, chatCannedSchema } from '@mall/shared/contract/admin/chat';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { MAY, recordAudit, requireOperator } from '../admin/index.ts';
import { addCanned, CANNED_MAX, deleteCanned, listCanned } from './service.ts';

const tags = ['back office', 'chat'];

/** The chat's canned replies (docs/chat.md): listed, added and deleted by support and owner, audited. */
export const cannedReplyRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const operator = (request: Parameters<typeof requireOperator>[1]) => requireOperator(db, request, MAY.chat);

  app.get(
    CHAT_CALLS.adminCanned,
    {
      schema: {
        tags,
        summary: 'The canned replies',
        response: { 200: envelopeOf(z.array(chatCannedSchema)) },
      },
    },
    async (request) => {
      await operator(request);
      return ok(await listCanned(db));
    },
  );

  app.post(
    CHAT_CALLS.adminCanned,
    {
      schema: {
        tags,
        summary: `Adds a canned reply (at most ${CANNED_MAX})`,
        body: chatCannedBodySchema,
        response: { 200: envelopeOf(chatCannedSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(
        await db.transaction(async (tx) => {
          const canned = await addCanned(tx, request.body);
          await recordAudit(tx, {
            operatorId: me.id,
            action: 'chat.canned.add',
            subject: `canned reply ${canned.id}`,
            after: canned,
          });
          return canned;
        }),
      );
    },
  );

  app.delete(
    CHAT_CALLS.adminCannedOne,
    {
      schema: {
        tags,
        summary: 'Deletes a canned reply',
        params: idParams,
        response: { 200: envelopeOf(chatCannedSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      return ok(
        await db.transaction(async (tx) => {
          const canned = await deleteCanned(tx, request.params.id);
          await recordAudit(tx, {
            operatorId: me.id,
            action: 'chat.canned.delete',
            subject: `canned reply ${canned.id}`,
            before: canned,
          });
          return canned;
        }),
      );
    },
  );
};
