import type { ChatMessage } from '@mall/shared/contract/admin/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ChatMessageBody } from '../../../components/ChatMessageBody.tsx';
import { type ChatSocketStatus, openChatSocket } from '../../../lib/chat-socket.ts';
import { adminToken, type Me, messageOf } from '../admin-api.ts';
import { CannedReplies } from './CannedReplies.tsx';
import { chatApi, chatKeys } from './chat-api.ts';
import { chimeOn, playChime, setChimeOn } from './chime.ts';
import { buttonClass, ChatLabels, ConversationHeader, InboxList, ReplyForm, time } from './desk-parts.tsx';

export { ChatLabels };

/** How soon the desk reads the inbox again after it changed (and at most how often). */
export const INBOX_REREAD_MS = 500;

/** The document title with the unread count in front while there is any. */
export const deskTitle = (unread: number) =>
  `${unread > 0 ? `(${unread}) ` : ''}Chat - Back office - Kauri Mall`;

/** `held` with the messages of `more` it lacks, in the order they were written. */
const withMessages = (held: ChatMessage[], more: readonly ChatMessage[]) => {
  const ids = new Set(held.map((x) => x.id));
  const fresh = more.filter((x) => !ids.has(x.id));
  return fresh.length ? [...held, ...fresh].sort((a, b) => a.id - b.id) : held;
};

type Change = 'assign' | 'close' | 'reopen';

/**
 * docs/chat.md, the back office's chat: the inbox (newest activity first, the shopper's labels and
 * unread count beside each), one conversation with the shopper's details, live replies, assign to
 * me, close and reopen, and canned replies. The inbox, a conversation and the canned replies are
 * read through TanStack Query (chatKeys); new messages arrive over the socket and are held beside
 * the conversation's read, and the socket's word that the inbox changed reads it again. The tab's
 * title shows the unread count.
 */
export function ChatDesk({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [openId, setOpenId] = useState<number | null>(null);
  /** Messages the socket brought for the open conversation. */
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [socketStatus, setSocketStatus] = useState<ChatSocketStatus>('connecting');
  const openRef = useRef<number | null>(null);
  openRef.current = openId;
  const [sound, setSound] = useState(chimeOn);
  const soundRef = useRef(sound);
  soundRef.current = sound;

  const inboxQuery = useQuery({
    queryKey: chatKeys.inbox(status),
    queryFn: ({ signal }) => chatApi.inbox(status, signal),
  });
  const inbox = inboxQuery.data?.records ?? [];
  const canned = useQuery({ queryKey: chatKeys.canned, queryFn: ({ signal }) => chatApi.canned(signal) });
  const conversationRead = (id: number) => ({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => chatApi.one(id, signal),
  });
  const conversation = useQuery({ ...conversationRead(openId ?? 0), enabled: openId !== null });
  const messages = withMessages(conversation.data?.messages ?? [], live);

  const unread = inbox.reduce((n, c) => n + c.unread, 0);
  useEffect(() => {
    document.title = deskTitle(unread);
    return () => {
      document.title = 'Back office - Kauri Mall';
    };
  }, [unread]);

  const inboxChanged = useCallback(
    () => queryClient.invalidateQueries({ queryKey: chatKeys.inboxes }),
    [queryClient],
  );

  /** Opens a conversation: its messages are read, then it is marked read (its unread count goes). */
  const openConversation = (id: number) => {
    setOpenId(id);
    setLive([]);
    setError(null);
    setNotice(null);
    queryClient
      .fetchQuery(conversationRead(id))
      .then(() => chatApi.read(id))
      .then(inboxChanged, (err: unknown) =>
        setError(messageOf(err, 'The conversation could not be loaded.')),
      );
  };

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
            setLive((held) => withMessages(held, [m]));
            if (m.sender === 'shopper') void chatApi.read(m.conversationId).catch(() => {});
          }
        } else if (frame.type === 'ready') {
          // (Re)connected: what came while the socket was down is read again.
          void inboxChanged();
          const id = openRef.current;
          if (id !== null) void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) });
        } else if (frame.type === 'inbox') {
          // At most one read of the inbox every INBOX_REREAD_MS, however busy the shop: a wait
          // that restarted on every change never ended while shoppers kept writing.
          reload.current ??= setTimeout(() => {
            reload.current = undefined;
            void inboxChanged();
          }, INBOX_REREAD_MS);
        }
      },
    });
    return () => {
      clearTimeout(reload.current);
      reload.current = undefined;
      socket.close();
    };
  }, [inboxChanged, queryClient]);

  const current = inbox.find((c) => c.id === openId) ?? null;

  const failed = (err: unknown) => setError(messageOf(err, 'That did not work. Please try again.'));
  const change = useMutation({
    mutationFn: ({ id, to }: { id: number; to: Change }) => chatApi[to](id),
    onMutate: () => setError(null),
    onSuccess: inboxChanged,
    onError: failed,
  });
  const reply = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => chatApi.reply(id, text),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      setText('');
      setNotice(answer.mailed ? 'The shopper is not in the chat now: your answer was mailed to them.' : null);
      return inboxChanged();
    },
    onError: failed,
  });

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (openId === null || !text.trim()) return;
    reply.mutate({ id: openId, text: text.trim() });
  };
  const shownError =
    error ??
    (inboxQuery.isError ? messageOf(inboxQuery.error, 'The inbox could not be loaded.') : null) ??
    (conversation.isError ? messageOf(conversation.error, 'The conversation could not be loaded.') : null);

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
      {shownError && (
        <p role="alert" className="text-accent">
          {shownError}
        </p>
      )}
      <div className="flex min-h-[600px] gap-4">
        <InboxList
          inbox={inbox}
          status={status}
          onStatus={setStatus}
          openId={openId}
          onOpen={openConversation}
        />
        {current ? (
          <section
            aria-label="Conversation"
            className="flex flex-1 flex-col rounded-lg border border-line bg-white"
          >
            <ConversationHeader
              current={current}
              me={me}
              onAssign={() => change.mutate({ id: current.id, to: 'assign' })}
              onClose={() => change.mutate({ id: current.id, to: 'close' })}
              onReopen={() => change.mutate({ id: current.id, to: 'reopen' })}
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
            <ReplyForm canned={canned.data ?? []} text={text} onText={setText} onSend={send} />
          </section>
        ) : (
          <p className="flex-1 p-8 text-muted">Choose a conversation.</p>
        )}
      </div>
      <CannedReplies canned={canned.data ?? []} />
    </div>
  );
}
