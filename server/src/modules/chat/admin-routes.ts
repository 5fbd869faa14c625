import { CHAT_CALLS } from '@mall/shared/chat-rules';
import {
  chatConversationDetailSchema,
  chatInboxPageSchema,
  chatInboxQuery,
  chatReplyBodySchema,
  chatReplySentSchema,
} from '@mall/shared/contract/admin/chat';
import { chatConversationSchema } from '@mall/shared/contract/chat';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { listOperators, MAY, recordAudit, requireOperator } from '../admin/index.ts';
import { memberEmail } from '../customer/index.ts';
import { cannedReplyRoutes } from './canned-routes.ts';
import {
  addOperatorMessage,
  changeConversation,
  conversationById,
  inboxEntry,
  listInbox,
  markRead,
  type OperatorNames,
  recentMessages,
  shopperOnline,
} from './service.ts';

const tags = ['back office', 'chat'];
const noStore = { 'Cache-Control': 'no-store' };

/** Operators' names by id (operators are few: the whole list is one small read). */
export const operatorNames =
  (db: Db): OperatorNames =>
  async () =>
    new Map((await listOperators(db)).map((o) => [o.id, o.name]));

/**
 * The back office's live chat (docs/chat.md): the inbox, one conversation, replies, assigning,
 * closing and reopening, and canned replies; support and owner only (MAY.chat); every change is
 * in the audit log. Replies are announced like shoppers' messages; a reply to a shopper with no
 * socket open is mailed to them.
 */
export const chatAdminRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const names = operatorNames(db);
  const operator = (request: Parameters<typeof requireOperator>[1]) => requireOperator(db, request, MAY.chat);

  app.get(
    CHAT_CALLS.adminList,
    {
      schema: {
        tags,
        summary:
          'The inbox: conversations of a status (default open), newest activity first, with unread counts',
        querystring: chatInboxQuery,
        response: { 200: envelopeOf(chatInboxPageSchema) },
      },
    },
    async (request, reply) => {
      await operator(request);
      reply.headers(noStore);
      return ok(await listInbox(db, request.query, names));
    },
  );

  app.get(
    CHAT_CALLS.adminOne,
    {
      schema: {
        tags,
        summary: 'One conversation with its recent messages',
        params: idParams,
        response: { 200: envelopeOf(chatConversationDetailSchema) },
      },
    },
    async (request, reply) => {
      await operator(request);
      reply.headers(noStore);
      const conversation = await inboxEntry(db, request.params.id, names);
      return ok({ conversation, messages: await recentMessages(db, conversation.id, names) });
    },
  );

  app.post(
    CHAT_CALLS.adminRead,
    {
      schema: {
        tags,
        summary: 'Marks the conversation read by operators',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await operator(request);
      await markRead(db, request.params.id);
      return ok(null);
    },
  );

  const change = (
    path: string,
    action: string,
    summary: string,
    what: (operatorId: number) => { assignTo: number } | { status: 'open' | 'closed' },
  ) =>
    app.post(
      path,
      { schema: { tags, summary, params: idParams, response: { 200: envelopeOf(chatConversationSchema) } } },
      async (request) => {
        const me = await operator(request);
        await db.transaction(async (tx) => {
          const { before, after } = await changeConversation(tx, request.params.id, what(me.id));
          await recordAudit(tx, {
            operatorId: me.id,
            action,
            subject: `chat conversation ${request.params.id}`,
            before,
            after,
          });
        });
        return ok(await inboxEntry(db, request.params.id, names));
      },
    );
  change(CHAT_CALLS.adminAssign, 'chat.assign', 'Assigns the conversation to the caller', (id) => ({
    assignTo: id,
  }));
  change(CHAT_CALLS.adminClose, 'chat.close', 'Closes the conversation', () => ({ status: 'closed' }));
  change(CHAT_CALLS.adminReopen, 'chat.reopen', 'Reopens the conversation', () => ({ status: 'open' }));

  app.post(
    CHAT_CALLS.adminReply,
    {
      schema: {
        tags,
        summary: 'Replies to the shopper (live on their socket; mailed to them when they have none open)',
        params: idParams,
        body: chatReplyBodySchema,
        response: { 200: envelopeOf(chatReplySentSchema) },
      },
    },
    async (request) => {
      const me = await operator(request);
      const conversationId = request.params.id;
      const id = await db.transaction(async (tx) => {
        const messageId = await addOperatorMessage(tx, conversationId, me.id, request.body.text);
        await recordAudit(tx, {
          operatorId: me.id,
          action: 'chat.reply',
          subject: `chat conversation ${conversationId}`,
          after: { messageId, characters: request.body.text.length },
        });
        return messageId;
      });
      let mailed = false;
      if (!(await shopperOnline(db, conversationId))) {
        const conversation = await conversationById(db, conversationId);
        const to =
          conversation.member_id !== null
            ? await memberEmail(db, conversation.member_id)
            : conversation.details.email;
        if (to) {
          await app.mailQueue.send({
            to,
            subject: `${app.config.brand}: an answer to your chat`,
            text: `Kia ora ${conversation.details.name},\n\nOur support team answered your chat:\n\n${request.body.text}\n\nOpen the shop and choose "Chat with us" to carry on the conversation.\n\n${app.config.brand}`,
          });
          mailed = true;
        }
      }
      return ok({ id, mailed });
    },
  );

  // Canned replies (canned-routes.ts).
  await app.register(cannedReplyRoutes);
};
