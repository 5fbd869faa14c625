import { CHAT_TEXT_MAX } from '@mall/shared/chat-rules';
import type { ChatCanned, ChatConversation, ChatMessage } from '@mall/shared/contract/chat';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ChatMessageBody } from '../../../components/ChatMessageBody.tsx';
import { type ChatSocketStatus, openChatSocket } from '../../../lib/chat-socket.ts';
import { AdminApiError, adminToken, type Me } from '../admin-api.ts';
import { chatApi } from './chat-api.ts';
import { chimeOn, playChime, setChimeOn } from './chime.ts';
import { buttonClass, ChatLabels, ConversationHeader, InboxList, ReplyForm, time } from './desk-parts.tsx';

export { ChatLabels };

const messageOf = (err: unknown, fallback: string) => (err instanceof AdminApiError ? err.message : fallback);

/** How soon the desk reads the inbox again after it changed (and at most how often). */
export const INBOX_REREAD_MS = 500;

/** The document title with the unread count in front while there is any. */
export const deskTitle = (unread: number) =>
  `${unread > 0 ? `(${unread}) ` : ''}Chat - Back office - Kauri Mall`;

/**
 * docs/chat.md, the back office's chat: the inbox (newest activity first, the shopper's labels and
 * unread count beside each), one conversation with the shopper's details, live replies, assign to
 * me, close and reopen, and canned replies. New messages arrive over the socket; the tab's title
 * shows the unread count.
 */
export function ChatDesk({ me }: { me: Me }) {
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [inbox, setInbox] = useState<ChatConversation[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [canned, setCanned] = useState<ChatCanned[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [socketStatus, setSocketStatus] = useState<ChatSocketStatus>('connecting');
  const openRef = useRef<number | null>(null);
  openRef.current = openId;
  const [sound, setSound] = useState(chimeOn);
  const soundRef = useRef(sound);
  soundRef.current = sound;

  const loadInbox = useCallback(async () => {
    try {
      setInbox((await chatApi.inbox(status)).records);
    } catch (err) {
      setError(messageOf(err, 'The inbox could not be loaded.'));
    }
  }, [status]);
  useEffect(() => {
    void loadInbox();
  }, [loadInbox]);
  useEffect(() => {
    chatApi.canned().then(setCanned, () => {});
  }, []);

  const unread = inbox.reduce((n, c) => n + c.unread, 0);
  useEffect(() => {
    document.title = deskTitle(unread);
    return () => {
      document.title = 'Back office - Kauri Mall';
    };
  }, [unread]);

  const openConversation = useCallback(async (id: number) => {
    setOpenId(id);
    setError(null);
    setNotice(null);
    try {
      setMessages((await chatApi.one(id)).messages);
      await chatApi.read(id);
    } catch (err) {
      setError(messageOf(err, 'The conversation could not be loaded.'));
    }
  }, []);

  // Live: the operator's socket brings every new message and says when the inbox changed.
  const reload = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const socket = openChatSocket({
      hello: () => ({ type: 'hello', as: 'operator', token: adminToken.get() ?? '' }),
      onStatus: setSocketStatus,
      onFrame: (frame) => {
        if (frame.type === 'message') {
          const m = frame.message;
          if (m.sender === 'shopper' && soundRef.current) playChime();
          if (m.conversationId === openRef.current) {
            setMessages((held) =>
              held.some((x) => x.id === m.id) ? held : [...held, m].sort((a, b) => a.id - b.id),
            );
            if (m.sender === 'shopper') void chatApi.read(m.conversationId).catch(() => {});
          }
        } else if (frame.type === 'ready') {
          // (Re)connected: what came while the socket was down is read again.
          void loadInbox();
          const id = openRef.current;
          if (id !== null)
            chatApi.one(id).then(
              (one) =>
                setMessages((held) => {
                  const ids = new Set(held.map((x) => x.id));
                  const fresh = one.messages.filter((x) => !ids.has(x.id));
                  return fresh.length ? [...held, ...fresh].sort((a, b) => a.id - b.id) : held;
                }),
              () => {},
            );
        } else if (frame.type === 'inbox') {
          // At most one read of the inbox every INBOX_REREAD_MS, however busy the shop: a wait
          // that restarted on every change never ended while shoppers kept writing.
          reload.current ??= setTimeout(() => {
            reload.current = undefined;
            void loadInbox();
          }, INBOX_REREAD_MS);
        }
      },
    });
    return () => {
      clearTimeout(reload.current);
      reload.current = undefined;
      socket.close();
    };
  }, [loadInbox]);

  const current = inbox.find((c) => c.id === openId) ?? null;

  const act = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
      await loadInbox();
    } catch (err) {
      setError(messageOf(err, 'That did not work. Please try again.'));
    }
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (openId === null || !text.trim()) return;
    await act(async () => {
      const answer = await chatApi.reply(openId, text.trim());
      setText('');
      setNotice(answer.mailed ? 'The shopper is not in the chat now: your answer was mailed to them.' : null);
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <h1 className="text-2xl font-semibold">Chat</h1>
        <span className="text-sm text-muted">
          {socketStatus === 'open' ? 'Live' : socketStatus === 'refused' ? 'Not connected' : 'Connecting…'}
        </span>
        <button
          type="button"
          aria-pressed={sound}
          onClick={() => {
            setChimeOn(!sound);
            setSound(!sound);
          }}
          className={`${buttonClass} ml-auto ${sound ? 'bg-brand-soft' : ''}`}
        >
          Sound on new messages
        </button>
      </div>
      {error && (
        <p role="alert" className="text-accent">
          {error}
        </p>
      )}
      <div className="flex min-h-[600px] gap-4">
        <InboxList
          inbox={inbox}
          status={status}
          onStatus={setStatus}
          openId={openId}
          onOpen={(id) => void openConversation(id)}
        />
        {current ? (
          <section
            aria-label="Conversation"
            className="flex flex-1 flex-col rounded-lg border border-line bg-white"
          >
            <ConversationHeader
              current={current}
              me={me}
              onAssign={() => void act(() => chatApi.assign(current.id))}
              onClose={() => void act(() => chatApi.close(current.id))}
              onReopen={() => void act(() => chatApi.reopen(current.id))}
            />
            <div
              role="log"
              aria-live="polite"
              aria-label="Messages"
              className="flex flex-1 flex-col gap-2 overflow-y-auto p-4"
            >
              {messages.map((m) => (
                <div
                  key={m.id}
                  data-testid="desk-message"
                  className={`max-w-[75%] rounded-lg px-3 py-2 text-sm ${
                    m.sender === 'operator' ? 'self-end bg-brand text-white' : 'self-start bg-gray-100'
                  }`}
                >
                  <span className="block text-xs opacity-75">
                    {m.sender === 'operator' ? (m.operatorName ?? 'Support') : current.details.name} ·{' '}
                    {time(m.at)}
                  </span>
                  <ChatMessageBody message={m} pictureAlt={`Picture from ${current.details.name}`} />
                </div>
              ))}
            </div>
            {notice && (
              <p role="status" className="px-4 text-sm text-muted">
                {notice}
              </p>
            )}
            <ReplyForm canned={canned} text={text} onText={setText} onSend={send} />
          </section>
        ) : (
          <p className="flex-1 p-8 text-muted">Choose a conversation.</p>
        )}
      </div>
      <CannedReplies canned={canned} onChanged={() => chatApi.canned().then(setCanned, () => {})} />
    </div>
  );
}

function CannedReplies({ canned, onChanged }: { canned: ChatCanned[]; onChanged: () => void }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await chatApi.addCanned({ title, text });
      setTitle('');
      setText('');
      onChanged();
    } catch (err) {
      setError(messageOf(err, 'The canned reply could not be added.'));
    }
  };
  return (
    <section aria-label="Canned replies" className="rounded-lg border border-line bg-white p-4">
      <h2 className="mb-2 font-semibold">Canned replies</h2>
      <ul className="mb-3 flex flex-col gap-1 text-sm">
        {canned.map((c) => (
          <li key={c.id} className="flex items-center gap-2">
            <span className="font-medium">{c.title}</span>
            <span className="flex-1 truncate text-muted">{c.text}</span>
            <button
              type="button"
              className={buttonClass}
              onClick={() => void chatApi.deleteCanned(c.id).then(onChanged, () => {})}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="flex items-end gap-2">
        <label className="flex flex-col text-sm">
          Title
          <input
            value={title}
            maxLength={60}
            onChange={(e) => setTitle(e.target.value)}
            className="h-9 rounded-lg border border-gray-300 px-2"
          />
        </label>
        <label className="flex flex-1 flex-col text-sm">
          Text
          <input
            value={text}
            maxLength={CHAT_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            className="h-9 rounded-lg border border-gray-300 px-2"
          />
        </label>
        <button type="submit" className={buttonClass} disabled={!title.trim() || !text.trim()}>
          Add
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-accent">
          {error}
        </p>
      )}
    </section>
  );
}
