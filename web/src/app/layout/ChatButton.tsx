import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import { appConfig } from '../../lib/app-config.ts';
import { useCartStore } from '../../state/cart/cart-store.ts';
import { chatPart } from './chat-part.ts';

// A tab on the right edge, beside the page's 1,200 px column at every width the shop allows
// (1,326 px and up), so it never covers the page's own buttons and links.
const tabClass =
  'fixed top-1/2 right-0 z-40 -translate-y-1/2 rounded-l-lg bg-brand px-2 py-4 font-semibold text-sm text-white shadow-lg [writing-mode:vertical-rl] hover:bg-brand-dark';

/**
 * docs/chat.md: "Chat with us" on every shop page, a tab on the right edge. The panel (and its
 * socket) downloads on the first click; a shopper who never chats downloads nothing more. A shop
 * on Chatwoot (CHAT_PROVIDER=chatwoot; docs/chatwoot.md) opens Chatwoot's widget instead, loaded
 * on the first click too.
 */
export function ChatButton() {
  const chat = appConfig.chat;
  return chat.provider === 'chatwoot' ? <ChatwootButton settings={chat} /> : <BuiltInChatButton />;
}

function BuiltInChatButton() {
  const [open, setOpen] = useState(false);
  const [closedOnce, setClosedOnce] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const Panel = useOnFirstUse(chatPart, open);
  // Closing the panel gives the focus back to the button that opened it.
  useEffect(() => {
    if (!open && closedOnce) button.current?.focus();
  }, [open, closedOnce]);
  if (open && Panel)
    return (
      <Panel
        onClose={() => {
          setOpen(false);
          setClosedOnce(true);
        }}
      />
    );
  return (
    <button
      ref={button}
      type="button"
      onClick={() => setOpen(true)}
      onPointerEnter={() => void chatPart.preload().catch(() => {})}
      aria-busy={open}
      className={tabClass}
    >
      Chat with us
    </button>
  );
}

function ChatwootButton({
  settings,
}: {
  settings: Extract<typeof appConfig.chat, { provider: 'chatwoot' }>;
}) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const { openChatwoot } = await import('../../features/chatwoot/chatwoot.ts');
      await openChatwoot(settings, {
        pagePath: window.location.pathname + window.location.search,
        cartCount: Math.min(useCartStore.getState().items.length, 100_000),
      });
    } catch {
      toast.error('The chat could not be opened. Please try again in a moment.');
    } finally {
      setOpening(false);
    }
  };
  return (
    <button type="button" onClick={() => void open()} aria-busy={opening} className={tabClass}>
      Chat with us
    </button>
  );
}
