/**
 * Live chat's numbers, paths and words (docs/chat.md), apart from its schemas (contract/chat.ts):
 * the shop's chat panel reads these without downloading zod.
 */

/** The most characters a message may hold. */
export const CHAT_TEXT_MAX = 2000;
/** A sender may send at most this many messages in CHAT_RATE_WINDOW_MS. */
export const CHAT_RATE_MAX = 10;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** A socket frame larger than this (bytes) is refused with an error frame. */
export const CHAT_FRAME_MAX = 16 * 1024;
/** How many messages a conversation's opening answer (and a reconnect's catch-up) carries at most. */
export const CHAT_HISTORY_MAX = 200;
/** The socket a shopper or an operator connects to. */
export const CHAT_SOCKET_PATH = '/api/chat/socket';
/** The header a returning guest sends their conversation token in. */
export const CHAT_GUEST_HEADER = 'x-chat-token';

export const CHAT_CALLS = {
  open: '/chat/conversation',
  picture: '/chat/picture',
  adminList: '/admin/chat/conversations',
  adminOne: '/admin/chat/conversations/:id',
  adminRead: '/admin/chat/conversations/:id/read',
  adminAssign: '/admin/chat/conversations/:id/assign',
  adminClose: '/admin/chat/conversations/:id/close',
  adminReopen: '/admin/chat/conversations/:id/reopen',
  adminReply: '/admin/chat/conversations/:id/messages',
  adminCanned: '/admin/chat/canned',
  adminCannedOne: '/admin/chat/canned/:id',
} as const;

export const CHAT_OFFLINE_NOTICE =
  'No one from our support team is online right now. Your message is kept, and we will answer you by e-mail.';

/**
 * A picture uploaded for the chat, as its name (`POST /api/chat/picture` answers it): the same
 * random names as the profile picture's uploads.
 */
export const CHAT_PICTURE_NAME = /^[0-9a-f]{24}\.(png|jpg|webp|gif)$/;
