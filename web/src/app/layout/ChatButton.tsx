import { useEffect, useRef, useState } from 'react';
import { useOnFirstUse } from '../../components/on-first-use.ts';
import { chatPart } from './chat-part.ts';

/**
 * docs/chat.md: "Chat with us" on every shop page. The panel (and its socket) downloads on the
 * first click; a shopper who never chats downloads nothing more.
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
      className="fixed right-6 bottom-6 z-40 rounded-full bg-brand px-5 py-3 font-semibold text-white shadow-lg hover:bg-brand-dark"
    >
      Chat with us
    </button>
  );
}
