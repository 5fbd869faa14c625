import { CHAT_TEXT_MAX } from '@mall/shared/chat-rules';
import type { ChatCanned, ChatConversation } from '@mall/shared/contract/admin/chat';
import type { FormEvent } from 'react';
import type { Me } from '../admin-api.ts';

export const buttonClass =
  'h-9 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 disabled:opacity-50';
export const primaryClass =
  'h-10 rounded-lg bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50';
export const time = (iso: string) =>
  new Date(iso).toLocaleString('en-NZ', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
const KIND: Record<ChatConversation['details']['kind'], string> = {
  retail: 'Retail member',
  wholesale: 'Wholesale member',
  guest: 'Guest',
};

/** The shopper's labels (docs/chat.md: labels), as badges beside their name. */
export function ChatLabels({ labels }: { labels: readonly string[] }) {
  return (
    <>
      {labels.map((label) => (
        <span
          key={label}
          className={`rounded px-1.5 py-0.5 text-xs font-semibold ${
            label === 'VIP' ? 'bg-amber-100 text-amber-900' : 'bg-brand-soft text-brand-dark'
          }`}
        >
          {label}
        </span>
      ))}
    </>
  );
}

/** The inbox: open or closed conversations, newest activity first, each with its labels and unread count. */
export function InboxList({
  inbox,
  status,
  onStatus,
  openId,
  onOpen,
}: {
  inbox: readonly ChatConversation[];
  status: 'open' | 'closed';
  onStatus: (status: 'open' | 'closed') => void;
  openId: number | null;
  onOpen: (id: number) => void;
}) {
  return (
    <section aria-label="Inbox" className="w-80 shrink-0 rounded-lg border border-line bg-white">
      <div className="flex gap-2 border-b border-line p-2">
        {(['open', 'closed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => onStatus(s)}
            className={`${buttonClass} ${status === s ? 'bg-brand-soft' : ''}`}
          >
            {s === 'open' ? 'Open' : 'Closed'}
          </button>
        ))}
      </div>
      {inbox.length === 0 && <p className="p-4 text-sm text-muted">No conversations.</p>}
      <ul>
        {inbox.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onOpen(c.id)}
              aria-current={c.id === openId}
              className={`flex w-full flex-col gap-1 border-b border-line px-3 py-2 text-left hover:bg-gray-50 ${
                c.id === openId ? 'bg-brand-soft' : ''
              }`}
            >
              <span className="flex items-center gap-1.5">
                <span className="font-semibold">{c.details.name}</span>
                <ChatLabels labels={c.details.labels} />
                {c.unread > 0 && (
                  <span className="ml-auto rounded-full bg-accent px-2 text-xs font-semibold text-white">
                    {c.unread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </span>
              <span className="truncate text-sm text-muted">{c.lastMessage ?? ''}</span>
              <span className="text-xs text-muted">
                {time(c.lastMessageAt)}
                {c.assignedTo ? ` · ${c.assignedTo.name}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Who the shopper is (kind, contact, where in the shop, last order), and assign, close or reopen. */
export function ConversationHeader({
  current,
  me,
  onAssign,
  onClose,
  onReopen,
}: {
  current: ChatConversation;
  me: Me;
  onAssign: () => void;
  onClose: () => void;
  onReopen: () => void;
}) {
  return (
    <header className="flex flex-wrap items-start gap-4 border-b border-line p-4">
      <div className="flex-1">
        <p className="flex items-center gap-2 text-lg font-semibold">
          {current.details.name} <ChatLabels labels={current.details.labels} />
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-muted">Who</dt>
          <dd>
            {KIND[current.details.kind]}
            {current.details.memberNo ? ` ${current.details.memberNo}` : ''}
            {current.details.organisation ? ` · ${current.details.organisation}` : ''}
          </dd>
          <dt className="text-muted">Contact</dt>
          <dd>
            {current.details.email}
            {current.details.phone ? ` · ${current.details.phone}` : ''}
          </dd>
          <dt className="text-muted">Shop</dt>
          <dd>
            {current.details.mode === 'store' ? 'Store mode' : 'Supplier mode'}
            {current.details.pagePath ? ` · on ${current.details.pagePath}` : ''}
            {current.details.cartCount !== null ? ` · ${current.details.cartCount} in cart` : ''}
          </dd>
          <dt className="text-muted">Last order</dt>
          <dd>
            {current.details.lastOrder
              ? `${current.details.lastOrder.orderNo} (${time(current.details.lastOrder.at)})`
              : 'none'}
          </dd>
        </dl>
      </div>
      <div className="flex gap-2">
        {current.assignedTo?.id !== me.id && (
          <button type="button" className={buttonClass} onClick={onAssign}>
            Assign to me
          </button>
        )}
        {current.status === 'open' ? (
          <button type="button" className={buttonClass} onClick={onClose}>
            Close
          </button>
        ) : (
          <button type="button" className={buttonClass} onClick={onReopen}>
            Reopen
          </button>
        )}
      </div>
    </header>
  );
}

/** The reply box, with a canned reply to start from. */
export function ReplyForm({
  canned,
  text,
  onText,
  onSend,
}: {
  canned: readonly ChatCanned[];
  text: string;
  onText: (text: string) => void;
  onSend: (e: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSend} className="flex flex-col gap-2 border-t border-line p-3">
      <div className="flex items-center gap-2">
        <label htmlFor="desk-canned" className="text-sm text-muted">
          Canned reply
        </label>
        <select
          id="desk-canned"
          value=""
          onChange={(e) => {
            const c = canned.find((x) => String(x.id) === e.target.value);
            if (c) onText(c.text);
          }}
          className="h-9 rounded-lg border border-gray-300 px-2 text-sm"
        >
          <option value="">Choose…</option>
          {canned.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2">
        <label htmlFor="desk-reply" className="sr-only">
          Your reply
        </label>
        <textarea
          id="desk-reply"
          value={text}
          maxLength={CHAT_TEXT_MAX}
          rows={3}
          placeholder="Your reply"
          onChange={(e) => onText(e.target.value)}
          className="flex-1 resize-none rounded-lg border border-gray-300 px-2 py-1 text-sm"
        />
        <button type="submit" disabled={!text.trim()} className={primaryClass}>
          Send reply
        </button>
      </div>
    </form>
  );
}
