import type { ChatDetails } from '@mall/shared/contract/chat';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operator } from '../admin/tables.ts';
import { member } from '../customer/tables.ts';

/**
 * Live chat (docs/chat.md). One conversation per member (closed and reopened, never a second),
 * or per guest, who holds a random token kept here only as its SHA-256. `details` is who the
 * shopper is, captured by the server each time the conversation is opened (shared contract
 * `chatDetailsSchema`). `operator_read_id` and `shopper_seen_at` say what operators have read and
 * whether the shopper has a socket open (refreshed by the process holding it).
 */
export const chatConversation = pgTable(
  'chat_conversation',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => member.id, { onDelete: 'cascade' }),
    guestTokenHash: text('guest_token_hash'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    details: jsonb('details').$type<ChatDetails>().notNull(),
    assignedOperatorId: integer('assigned_operator_id').references(() => operator.id),
    operatorReadId: bigint('operator_read_id', { mode: 'number' }).notNull().default(0),
    shopperSeenAt: timestamp('shopper_seen_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversation_member_idx').on(t.memberId),
    uniqueIndex('chat_conversation_guest_idx').on(t.guestTokenHash),
    index('chat_conversation_inbox_idx').on(t.status, t.lastMessageAt.desc()),
    check('chat_conversation_one_owner', sql`(${t.memberId} is null) <> (${t.guestTokenHash} is null)`),
  ],
);

/** The messages, in id order within a conversation. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversation.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['shopper', 'operator'] }).notNull(),
    operatorId: integer('operator_id').references(() => operator.id),
    body: text('body').notNull(),
    /** A picture the shopper sent (empty body): its upload's URL, which keeps it from the upload sweep. */
    pictureUrl: text('picture_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_message_conversation_idx').on(t.conversationId, t.id)],
);

/** Which server processes have operators' sockets open, refreshed every few seconds (presence). */
export const chatOperatorPresence = pgTable('chat_operator_presence', {
  processId: text('process_id').primaryKey(),
  operators: integer('operators').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Canned replies operators keep and pick from. */
export const chatCannedReply = pgTable('chat_canned_reply', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
