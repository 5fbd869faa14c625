import type { AdminPart } from '../admin-part.ts';
import { ChatDesk } from './ChatDesk.tsx';

/** The back office's live chat (docs/chat.md): support and owner. */
export const chatParts: AdminPart[] = [
  { path: 'chat', label: 'Chat', roles: ['owner', 'support'], render: ({ me }) => <ChatDesk me={me} /> },
];
