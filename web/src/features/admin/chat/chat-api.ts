import type {
  ChatCanned,
  ChatCannedBody,
  ChatConversation,
  ChatConversationDetail,
  ChatInboxPage,
  ChatReplySent,
} from '@mall/shared/contract/admin/chat';
import { adminGet, adminSend } from '../admin-api.ts';

/** The back office's live-chat calls (/api/admin/chat, docs/chat.md). */

/** The desk shows up to this many conversations of a status. */
export const INBOX_SIZE = 100;

/** The desk's reads: every key starts with ['admin', 'chat']. */
export const chatKeys = {
  inboxes: ['admin', 'chat', 'inbox'] as const,
  inbox: (status: 'open' | 'closed') => ['admin', 'chat', 'inbox', status] as const,
  conversation: (id: number) => ['admin', 'chat', 'conversation', id] as const,
  canned: ['admin', 'chat', 'canned'] as const,
};

export const chatApi = {
  inbox: (status: 'open' | 'closed', signal?: AbortSignal) =>
    adminGet<ChatInboxPage>('/chat/conversations', { status, pageSize: INBOX_SIZE }, signal),
  one: (id: number, signal?: AbortSignal) =>
    adminGet<ChatConversationDetail>(`/chat/conversations/${id}`, undefined, signal),
  read: (id: number) => adminSend<null>('POST', `/chat/conversations/${id}/read`),
  assign: (id: number) => adminSend<ChatConversation>('POST', `/chat/conversations/${id}/assign`),
  close: (id: number) => adminSend<ChatConversation>('POST', `/chat/conversations/${id}/close`),
  reopen: (id: number) => adminSend<ChatConversation>('POST', `/chat/conversations/${id}/reopen`),
  reply: (id: number, text: string) =>
    adminSend<ChatReplySent>('POST', `/chat/conversations/${id}/messages`, { text }),
  canned: (signal?: AbortSignal) => adminGet<ChatCanned[]>('/chat/canned', undefined, signal),
  addCanned: (body: ChatCannedBody) => adminSend<ChatCanned>('POST', '/chat/canned', body),
  deleteCanned: (id: number) => adminSend<ChatCanned>('DELETE', `/chat/canned/${id}`),
};
