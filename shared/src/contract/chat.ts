import { z } from 'zod';
import { CHAT_LABELS } from '../chat-label.ts';
import { CHAT_PICTURE_NAME, CHAT_TEXT_MAX } from '../chat-rules.ts';

/**
 * Live chat (docs/chat.md): a shopper (a member, or a guest who gave a name and an e-mail) holds
 * one conversation with the shop's support; operators answer from the back office. Messages are
 * kept in the database and travel live over the WebSocket at CHAT_SOCKET_PATH.
 */

/** A message's text: at most CHAT_TEXT_MAX characters, not blank, no NUL. */
export const chatTextSchema = z
  .string()
  .max(CHAT_TEXT_MAX, `must be at most ${CHAT_TEXT_MAX} characters`)
  .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
  .refine((s) => s.trim().length > 0, 'must not be empty');

export const chatSenderSchema = z.enum(['shopper', 'operator']);
export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  sender: chatSenderSchema,
  /** The operator's name on their replies, in the back office only; null on the shopper's messages and for shoppers. */
  operatorName: z.string().nullable(),
  /** Empty on a picture. */
  text: z.string(),
  /** A picture the shopper sent (docs/chat.md: pictures); null on text. */
  pictureUrl: z.string().nullable(),
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Who the shopper is, as the conversation carries it (captured by the server when it is opened). */
export const chatDetailsSchema = z.object({
  kind: z.enum(['retail', 'wholesale', 'guest']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  memberNo: z.string().nullable(),
  organisation: z.string().nullable(),
  labels: z.array(z.enum(CHAT_LABELS)),
  /** The store header when opened: store mode (retail audience) or supplier mode (wholesale). */
  mode: z.enum(['store', 'supplier']),
  pagePath: z.string().nullable(),
  cartCount: z.number().int().nullable(),
  lastOrder: z.object({ orderNo: z.string(), status: z.string(), at: z.string() }).nullable(),
});
export type ChatDetails = z.infer<typeof chatDetailsSchema>;

export const chatStatusSchema = z.enum(['open', 'closed']);
export const chatConversationSchema = z.object({
  id: z.number().int(),
  status: chatStatusSchema,
  details: chatDetailsSchema,
  assignedTo: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lastMessageAt: z.string(),
  lastMessage: z.string().nullable(),
  /** Shopper messages no operator has read yet. */
  unread: z.number().int(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** POST /api/chat/conversation: opens or resumes the caller's conversation. */
export const chatOpenBodySchema = z.object({
  pagePath: z.string().max(500, 'must be at most 500 characters').optional(),
  cartCount: z.number().int().min(0).max(100_000).optional(),
  /** A guest without a conversation token gives their name and e-mail first. */
  guest: z
    .object({
      name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
      email: z.email('must be a valid e-mail address').max(254, 'must be at most 254 characters'),
    })
    .optional(),
});
export type ChatOpenBody = z.infer<typeof chatOpenBodySchema>;

export const chatOpenAnswerSchema = z.object({
  /** Null for a member who has not written yet: their conversation starts with their first message. */
  conversationId: z.number().int().nullable(),
  status: chatStatusSchema,
  name: z.string(),
  /** A new guest conversation's token (keep it to come back); null otherwise. */
  guestToken: z.string().nullable(),
  operatorsOnline: z.boolean(),
  messages: z.array(chatMessageSchema),
});
export type ChatOpenAnswer = z.infer<typeof chatOpenAnswerSchema>;

export const chatReplyBodySchema = z.object({ text: chatTextSchema });
export const chatCannedSchema = z.object({ id: z.number().int(), title: z.string(), text: z.string() });
export type ChatCanned = z.infer<typeof chatCannedSchema>;
export const chatCannedBodySchema = z.object({
  title: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
  text: chatTextSchema,
});

/** Frames a client sends on the socket. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    as: z.enum(['member', 'guest', 'operator']),
    token: z.string().min(1).max(2048),
    /** The last message id the client has: the server sends what came after (shoppers). */
    after: z.number().int().min(0).optional(),
    /** Where the shopper is, kept with a member's conversation when their first message starts it. */
    context: z
      .object({
        pagePath: z.string().max(500).optional(),
        cartCount: z.number().int().min(0).max(100_000).optional(),
        mode: z.enum(['store', 'supplier']).optional(),
      })
      .optional(),
  }),
  z.object({ type: z.literal('send'), text: chatTextSchema, ref: z.string().max(40).optional() }),
  /** A picture uploaded with POST /api/chat/picture, by the name that call answered (members only). */
  z.object({
    type: z.literal('picture'),
    name: z.string().regex(CHAT_PICTURE_NAME, 'must be the name the picture upload answered'),
    ref: z.string().max(40).optional(),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** Frames the server sends. */
export type ChatServerFrame =
  | { type: 'ready'; conversationId: number | null; operatorsOnline: boolean }
  | { type: 'message'; message: ChatMessage }
  /** Operators: a conversation changed (new, status, assignment, a message): read the inbox again. */
  | { type: 'inbox'; conversationId: number }
  | { type: 'sent'; ref: string | null; id: number; offline: boolean }
  | { type: 'pong' }
  | { type: 'error'; message: string; ref?: string | null };
