import type { ChatMessage } from '@mall/shared/contract/chat';
import { ChatText } from './ChatText.tsx';

/**
 * A chat message's body (docs/chat.md): its text (links clickable, nothing as HTML), or the
 * picture the shopper sent, shown small and opened full size in a new tab.
 */
export function ChatMessageBody({ message, pictureAlt }: { message: ChatMessage; pictureAlt: string }) {
  const url = message.pictureUrl;
  // Only the shop's own upload addresses are shown as pictures.
  if (url?.startsWith('/uploads/'))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="block">
        <img src={url} alt={pictureAlt} loading="lazy" className="max-h-48 max-w-full rounded bg-white" />
      </a>
    );
  return <ChatText text={message.text} />;
}
