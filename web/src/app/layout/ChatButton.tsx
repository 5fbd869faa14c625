import { useEffect, useRef, useState } from 'react';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import { chatPart } from './chat-part.ts';

/**
 * docs/chat.md: "Chat with us" on every shop page, a tab on the right edge. The panel (and its
 * socket) downloads on the first click; a shopper who never chats downloads nothing more.
 */
export function ChatButton() {
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
      // A tab on the right edge, beside the page's 1,200 px column at every width the shop allows
      // (1,326 px and up), so it never covers the page's own buttons and links.
      className="fixed top-1/2 right-0 z-40 -translate-y-1/2 rounded-l-lg bg-brand px-2 py-4 font-semibold text-sm text-white shadow-lg [writing-mode:vertical-rl] hover:bg-brand-dark"
    >
      Chat with us
    </button>
  );
}
