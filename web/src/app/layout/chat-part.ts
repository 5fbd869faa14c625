import type { ComponentType } from 'react';
import { onFirstUse } from '../../components/on-first-use.ts';

/** The chat panel and its socket download on the first click of "Chat with us" (docs/chat.md). */
export const chatPart = onFirstUse<ComponentType<{ onClose: () => void }>>(() =>
  import('../../features/chat/ChatPanel.tsx').then((m) => m.ChatPanel),
);
