import { z } from 'zod';
import { pageOf } from '../../envelope.ts';
import {
  type ChatCanned,
  chatCannedBodySchema,
  chatCannedSchema,
  chatConversationSchema,
  chatMessageSchema,
  chatReplyBodySchema,
  chatStatusSchema,
} from '../chat.ts';
import { adminPageQuery } from './page.ts';

/**
 * The back office's live-chat calls (`/api/admin/chat`, docs/chat.md). A conversation, a message
 * and a reply's text are the shop's chat contract (../chat.ts): the desk and the shopper's panel
 * read the same shapes.
 */

export type { ChatConversation, ChatMessage } from '../chat.ts';
export { type ChatCanned, chatCannedBodySchema, chatCannedSchema, chatReplyBodySchema };

/** The inbox: conversations of a status (open unless asked), a page of them. */
export const chatInboxQuery = adminPageQuery.extend({ status: chatStatusSchema.default('open') });
export type ChatInboxQuery = z.input<typeof chatInboxQuery>;
export const chatInboxPageSchema = pageOf(chatConversationSchema);
export type ChatInboxPage = z.infer<typeof chatInboxPageSchema>;

/** One conversation with its recent messages. */
export const chatConversationDetailSchema = z.object({
  conversation: chatConversationSchema,
  messages: z.array(chatMessageSchema),
});
export type ChatConversationDetail = z.infer<typeof chatConversationDetailSchema>;

/** A reply sent: its message id, and whether it was mailed (the shopper had no socket open). */
export const chatReplySentSchema = z.object({ id: z.number().int(), mailed: z.boolean() });
export type ChatReplySent = z.infer<typeof chatReplySentSchema>;

export type ChatCannedBody = z.input<typeof chatCannedBodySchema>;
