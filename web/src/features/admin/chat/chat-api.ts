import type { ChatCanned, ChatConversation, ChatMessage } from '@mall/shared/contract/chat';
import { adminCall } from '../admin-api.ts';

/** The back office's live-chat calls (/api/admin/chat, docs/chat.md). */
export const chatApi = {
  inbox: (status: 'open' | 'closed') =>
    adminCall<{ records: ChatConversation[]; total: number }>(
      'GET',
      `/chat/conversations?status=${status}&pageSize=100`,
    ),
  one: (id: number) =>
    adminCall<{ conversation: ChatConversation; messages: ChatMessage[] }>(
      'GET',
      `/chat/conversations/${id}`,
    ),
  read: (id: number) => adminCall<null>('POST', `/chat/conversations/${id}/read`),
  assign: (id: number) => adminCall<ChatConversation>('POST', `/chat/conversations/${id}/assign`),
  close: (id: number) => adminCall<ChatConversation>('POST', `/chat/conversations/${id}/close`),
  reopen: (id: number) => adminCall<ChatConversation>('POST', `/chat/conversations/${id}/reopen`),
  reply: (id: number, text: string) =>
    adminCall<{ id: number; mailed: boolean }>('POST', `/chat/conversations/${id}/messages`, { text }),
  canned: () => adminCall<ChatCanned[]>('GET', '/chat/canned'),
  addCanned: (body: { title: string; text: string }) => adminCall<ChatCanned>('POST', '/chat/canned', body),
  deleteCanned: (id: number) => adminCall<ChatCanned>('DELETE', `/chat/canned/${id}`),
};
