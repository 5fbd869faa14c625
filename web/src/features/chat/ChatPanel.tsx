import { CHAT_CALLS, CHAT_GUEST_HEADER, CHAT_OFFLINE_NOTICE, CHAT_TEXT_MAX } from '@mall/shared/chat-rules';
import type { ChatMessage, ChatOpenAnswer, ChatServerFrame } from '@mall/shared/contract/chat';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from '../../api/client.ts';
import { ChatMessageBody } from '../../components/ChatMessageBody.tsx';
import { ImageIcon } from '../../components/icons.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { type ChatSocketStatus, openChatSocket } from '../../lib/chat-socket.ts';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../lib/storage.ts';
import { useCartStore } from '../../state/cart/cart-store.ts';
import { useSession } from '../../state/session-store.ts';

/** The shopper-facing words of the chat, in one place. */
export const CHAT_WORDS = {
  title: 'Chat with us',
  close: 'Close chat',
  log: 'Messages',
  input: 'Your message',
  send: 'Send',
  empty: 'Ask us anything: an order, a delivery, a product. We usually answer within minutes.',
  guestIntro: 'Tell us who you are, so we can answer you (by e-mail if you leave).',
  name: 'Your name',
  email: 'Your e-mail',
  start: 'Start chat',
  you: 'You',
  support: 'Kauri Mall support',
  reconnecting: 'Connection lost. Reconnecting…',
  refused: 'The chat could not connect. Please reload the page.',
  loadFailed: 'The chat could not be opened. Please try again later.',
  attach: 'Send a picture',
  sendingPicture: 'Sending your picture…',
  pictureYou: 'Picture you sent',
  pictureSupport: 'Picture from Kauri Mall support',
};

/** Adds messages the panel does not hold yet (by id), in id order: nothing shown twice. */
export const mergeMessages = (held: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] => {
  const ids = new Set(held.map((m) => m.id));
  const fresh = incoming.filter((m) => !ids.has(m.id));
  if (!fresh.length) return held;
  return [...held, ...fresh].sort((a, b) => a.id - b.id);
};

type Phase = 'loading' | 'guest' | 'ready' | 'failed';

const context = () => ({
  pagePath: window.location.pathname.slice(0, 500),
  cartCount: Math.min(useCartStore.getState().items.length, 100_000),
});

/**
 * docs/chat.md: the in-page chat panel (500x750): the conversation's history,
 * live messages both ways over the socket, the offline notice, and a guest's name and e-mail
 * first. Messages are shown as text, with web links made clickable.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const token = useSession((s) => s.token);
  const [phase, setPhase] = useState<Phase>('loading');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<ChatSocketStatus>('connecting');
  const [offline, setOffline] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [guestToken, setGuestToken] = useState<string | null>(() =>
    token ? null : (readStored<string>(STORAGE_KEYS.chatGuest) ?? null),
  );
  const socket = useRef<ReturnType<typeof openChatSocket> | null>(null);
  const lastId = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const add = useCallback((incoming: ChatMessage[]) => {
    setMessages((held) => {
      const next = mergeMessages(held, incoming);
      lastId.current = next.at(-1)?.id ?? 0;
      return next;
    });
  }, []);

  const open = useCallback(
    async (guest?: { name: string; email: string }) => {
      const stored = token ? null : (readStored<string>(STORAGE_KEYS.chatGuest) ?? null);
      const answer = await api.post<ChatOpenAnswer>(
        '/api/chat/conversation',
        { ...context(), ...(guest ? { guest } : {}) },
        { toast: false, headers: stored && !guest ? { [CHAT_GUEST_HEADER]: stored } : {} },
      );
      if (answer.guestToken) {
        writeStored(STORAGE_KEYS.chatGuest, answer.guestToken);
        setGuestToken(answer.guestToken);
      }
      setOffline(!answer.operatorsOnline);
      add(answer.messages);
      setPhase('ready');
    },
    [token, add],
  );

  // Opens (or resumes) the conversation; a guest without one is asked who they are.
  useEffect(() => {
    open().catch((err: unknown) => {
      if (err instanceof ApiError && err.code === 401 && !token) {
        removeStored(STORAGE_KEYS.chatGuest);
        setGuestToken(null);
        setPhase('guest');
      } else setPhase('failed');
    });
  }, [open, token]);

  // The socket, once the conversation is open.
  useEffect(() => {
    if (phase !== 'ready') return;
    const as = token ? 'member' : 'guest';
    const s = openChatSocket({
      hello: () => ({
        type: 'hello',
        as,
        token: (as === 'member' ? useSession.getState().token : guestToken) ?? '',
        after: lastId.current,
        context: { ...context(), mode: appConfig.mode },
      }),
      onStatus: setStatus,
      // A member's access token may have expired: an HTTP call refreshes it, then try again.
      onRefused: async () => {
        if (as !== 'member') return false;
        try {
          await open();
          return true;
        } catch {
          return false;
        }
      },
      onFrame: (frame: ChatServerFrame) => {
        if (frame.type === 'message') add([frame.message]);
        else if (frame.type === 'ready') setOffline(!frame.operatorsOnline);
        else if (frame.type === 'sent') setOffline(frame.offline);
        else if (frame.type === 'error') setProblem(frame.message);
      },
    });
    socket.current = s;
    return () => {
      s.close();
      socket.current = null;
    };
  }, [phase, token, guestToken, add, open]);

  // Focus goes into the panel: the text box, or the guest form's first field.
  useEffect(() => {
    if (phase === 'ready') inputRef.current?.focus();
  }, [phase]);

  // The newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the messages change
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);

  // A member's picture: uploaded with the profile picture's checks, then sent by its name.
  const [sendingPicture, setSendingPicture] = useState(false);
  const sendPicture = async (file: File) => {
    setProblem(null);
    setSendingPicture(true);
    try {
      const { name } = await api.upload<{ name: string }>(`/api${CHAT_CALLS.picture}`, file, {
        toast: false,
      });
      if (!socket.current?.send({ type: 'picture', name, ref: String(Date.now()) }))
        setProblem(CHAT_WORDS.reconnecting);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : CHAT_WORDS.loadFailed);
    } finally {
      setSendingPicture(false);
    }
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setProblem(null);
    if (socket.current?.send({ type: 'send', text: body, ref: String(Date.now()) })) setText('');
    else setProblem(CHAT_WORDS.reconnecting);
    inputRef.current?.focus();
  };

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      className="fixed right-6 bottom-6 z-50 flex h-[750px] max-h-[calc(100vh-3rem)] w-[500px] flex-col overflow-hidden rounded-lg border border-line bg-white shadow-2xl"
    >
      <header className="flex items-center justify-between bg-brand px-4 py-3 text-white">
        <h2 id={titleId} className="font-semibold text-lg">
          {CHAT_WORDS.title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={CHAT_WORDS.close}
          className="rounded px-2 text-2xl leading-none hover:bg-brand-dark"
        >
          ×
        </button>
      </header>
      {phase === 'loading' && <p className="p-4 text-muted">Loading…</p>}
      {phase === 'failed' && (
        <p role="alert" className="p-4 text-accent">
          {CHAT_WORDS.loadFailed}
        </p>
      )}
      {phase === 'guest' && <GuestForm onStart={open} />}
      {phase === 'ready' && (
        <>
          {offline && (
            <p role="status" className="border-line border-b bg-sand px-4 py-2 text-sm">
              {CHAT_OFFLINE_NOTICE}
            </p>
          )}
          {status === 'reconnecting' && (
            <p role="status" className="bg-brand-soft px-4 py-1 text-sm">
              {CHAT_WORDS.reconnecting}
            </p>
          )}
          {status === 'refused' && (
            <p role="alert" className="px-4 py-1 text-accent text-sm">
              {CHAT_WORDS.refused}
            </p>
          )}
          <div
            ref={logRef}
            role="log"
            aria-live="polite"
            aria-label={CHAT_WORDS.log}
            className="flex flex-1 flex-col gap-2 overflow-y-auto p-4"
          >
            <MessageList messages={messages} />
          </div>
          {problem && (
            <p role="alert" className="px-4 py-1 text-accent text-sm">
              {problem}
            </p>
          )}
          {sendingPicture && (
            <p role="status" className="px-4 py-1 text-muted text-sm">
              {CHAT_WORDS.sendingPicture}
            </p>
          )}
          <form onSubmit={send} className="flex items-end gap-2 border-line border-t p-3">
            {token && (
              <label className="cursor-pointer rounded border border-line px-2 py-2 text-sm hover:bg-brand-soft has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50">
                <ImageIcon size={18} />
                <input
                  type="file"
                  aria-label={CHAT_WORDS.attach}
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  className="sr-only"
                  disabled={status !== 'open' || sendingPicture}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    e.currentTarget.value = '';
                    if (file) void sendPicture(file);
                  }}
                />
              </label>
            )}
            <label htmlFor={`${titleId}-text`} className="sr-only">
              {CHAT_WORDS.input}
            </label>
            <textarea
              id={`${titleId}-text`}
              ref={inputRef}
              value={text}
              maxLength={CHAT_TEXT_MAX}
              rows={2}
              placeholder={CHAT_WORDS.input}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) send(e);
              }}
              className="flex-1 resize-none rounded border border-line px-2 py-1 text-sm"
            />
            <button
              type="submit"
              disabled={status !== 'open' || !text.trim()}
              className="rounded bg-brand px-4 py-2 font-medium text-sm text-white disabled:opacity-50"
            >
              {CHAT_WORDS.send}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** The conversation's messages, the shopper's on the right; an empty conversation says so. */
function MessageList({ messages }: { messages: readonly ChatMessage[] }) {
  return (
    <>
      {messages.length === 0 && <p className="text-muted text-sm">{CHAT_WORDS.empty}</p>}
      {messages.map((m) => (
        <div
          key={m.id}
          data-testid="chat-message"
          className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${
            m.sender === 'shopper' ? 'self-end bg-brand text-white' : 'self-start bg-brand-soft text-ink'
          }`}
        >
          {m.sender === 'shopper' ? (
            <span className="sr-only">{CHAT_WORDS.you}: </span>
          ) : (
            <span className="block font-semibold text-brand-dark text-xs">{CHAT_WORDS.support}</span>
          )}
          <ChatMessageBody
            message={m}
            pictureAlt={m.sender === 'shopper' ? CHAT_WORDS.pictureYou : CHAT_WORDS.pictureSupport}
          />
        </div>
      ))}
    </>
  );
}

function GuestForm({ onStart }: { onStart: (guest: { name: string; email: string }) => Promise<void> }) {
  const nameId = useId();
  const emailId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setProblem(null);
    try {
      await onStart({ name: String(form.get('name') ?? ''), email: String(form.get('email') ?? '') });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : CHAT_WORDS.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 p-4">
      <p className="text-sm">{CHAT_WORDS.guestIntro}</p>
      <label htmlFor={nameId} className="font-medium text-sm">
        {CHAT_WORDS.name}
      </label>
      <input
        id={nameId}
        ref={(el) => el?.focus()}
        name="name"
        required
        maxLength={60}
        className="rounded border border-line px-2 py-1"
      />
      <label htmlFor={emailId} className="font-medium text-sm">
        {CHAT_WORDS.email}
      </label>
      <input
        id={emailId}
        name="email"
        type="email"
        required
        maxLength={254}
        className="rounded border border-line px-2 py-1"
      />
      {problem && (
        <p role="alert" className="text-accent text-sm">
          {problem}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="self-start rounded bg-brand px-4 py-2 font-medium text-sm text-white disabled:opacity-50"
      >
        {CHAT_WORDS.start}
      </button>
    </form>
  );
}
