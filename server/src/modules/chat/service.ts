import { chatLabels } from '@mall/shared/chat-label';
import { CHAT_HISTORY_MAX, CHAT_RATE_MAX, CHAT_RATE_WINDOW_MS } from '@mall/shared/chat-rules';
import type { Member } from '@mall/shared/contract/account';
import type { ChatCanned, ChatConversation, ChatDetails, ChatMessage } from '@mall/shared/contract/chat';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aliased, columns, counted, notNull, type RowOf } from '../../db/columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/random-tokens.ts';
import { millis, rowsOf } from '../../lib/sql.ts';
import { getMember } from '../customer/index.ts';
import { listOrders } from '../order/index.ts';
import { chatCannedReply, chatConversation, chatMessage } from './tables.ts';

/** Live chat's rules on plain inputs (docs/chat.md). Routes and the socket hub call these. */

/** Every stored message, and every change to a conversation, is announced here to every process. */
export const CHAT_CHANNEL = 'chat_events';
/** An operator process's presence, and a shopper's socket, count for this long after their last refresh. */
export const PRESENCE_MS = 30_000;

export type ChatAnnouncement = { k: 'm'; c: number; m: number } | { k: 'c'; c: number };

const announce = (db: Db, a: ChatAnnouncement) =>
  db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(a)})`);

/** What the server knows of a member when they open the chat, plus what their page says. */
export const memberDetails = (
  member: Member,
  context: {
    mode: 'store' | 'supplier';
    pagePath: string | undefined;
    cartCount: number | undefined;
    lastOrder: ChatDetails['lastOrder'];
  },
): ChatDetails => ({
  kind: member.kind,
  name: member.userName,
  email: member.userAccount,
  phone: member.userPhone || null,
  memberNo: member.userNo,
  organisation: member.kind === 'wholesale' ? member.companyTradingName : member.orgName,
  labels: chatLabels(member),
  mode: context.mode,
  pagePath: context.pagePath ?? null,
  cartCount: context.cartCount ?? null,
  lastOrder: context.lastOrder,
});

/** A member's conversation details as the server reads them now, with what their page says. */
export const readMemberDetails = async (
  db: Db,
  memberId: number,
  context: { mode: 'store' | 'supplier'; pagePath: string | undefined; cartCount: number | undefined },
): Promise<ChatDetails> => {
  const member = await getMember(db, memberId);
  const [last] = (await listOrders(db, member.id, { pageNum: 1, pageSize: 1 })).records;
  return memberDetails(member, {
    ...context,
    lastOrder: last ? { orderNo: last.orderNo, status: last.status, at: last.createdAt } : null,
  });
};

export const guestDetails = (
  guest: { name: string; email: string },
  context: { mode: 'store' | 'supplier'; pagePath: string | undefined; cartCount: number | undefined },
): ChatDetails => ({
  kind: 'guest',
  name: guest.name,
  email: guest.email,
  phone: null,
  memberNo: null,
  organisation: null,
  labels: [],
  mode: context.mode,
  pagePath: context.pagePath ?? null,
  cartCount: context.cartCount ?? null,
  lastOrder: null,
});

const conversationColumns = columns({
  id: chatConversation.id,
  member_id: chatConversation.memberId,
  status: chatConversation.status,
  details: chatConversation.details,
  assigned_operator_id: chatConversation.assignedOperatorId,
});
export type Conversation = RowOf<typeof conversationColumns>;

/** Opens the member's one conversation, or resumes it with their details as they are now. */
export const openMemberConversation = async (db: Db, memberId: number, details: ChatDetails) => {
  const [row] = await rowsOf(
    db,
    conversationColumns.query`insert into chat_conversation (member_id, details) values (${memberId}, ${JSON.stringify(details)}::jsonb)
        on conflict (member_id) do update set details = excluded.details
        returning ${conversationColumns}`,
  );
  return row!;
};

/** A new guest conversation and its token (the only copy: kept here as its SHA-256). */
export const openGuestConversation = async (db: Db, details: ChatDetails) => {
  const token = randomToken();
  const [row] = await rowsOf(
    db,
    conversationColumns.query`insert into chat_conversation (guest_token_hash, details)
        values (${sha256(token)}, ${JSON.stringify(details)}::jsonb) returning ${conversationColumns}`,
  );
  await announce(db, { k: 'c', c: row!.id });
  return { conversation: row!, token };
};

/** The guest conversation of `token`, or null. */
export const guestConversation = async (db: Db, token: string): Promise<Conversation | null> => {
  if (token.length > 200) return null;
  const [row] = await rowsOf(
    db,
    conversationColumns.query`select ${conversationColumns} from chat_conversation where guest_token_hash = ${sha256(token)}`,
  );
  return row ?? null;
};

/** A returning guest's page and cart, kept with their details. */
export const touchGuestDetails = async (
  db: Db,
  id: number,
  context: { pagePath: string | undefined; cartCount: number | undefined },
) => {
  await db.execute(
    sql`update chat_conversation set details = details || ${JSON.stringify({
      pagePath: context.pagePath ?? null,
      cartCount: context.cartCount ?? null,
    })}::jsonb where id = ${id}`,
  );
};

export const memberConversation = async (db: Db, memberId: number): Promise<Conversation | null> => {
  const [row] = await rowsOf(
    db,
    conversationColumns.query`select ${conversationColumns} from chat_conversation where member_id = ${memberId}`,
  );
  return row ?? null;
};

export const conversationById = async (db: Db, id: number): Promise<Conversation> => {
  const [row] = await rowsOf(
    db,
    conversationColumns.query`select ${conversationColumns} from chat_conversation where id = ${id}`,
  );
  if (!row) throw notFound({ field: 'id', message: 'This conversation was not found.' });
  return row;
};

const messageColumns = columns({
  id: chatMessage.id,
  conversation_id: chatMessage.conversationId,
  sender: chatMessage.sender,
  operator_id: chatMessage.operatorId,
  body: chatMessage.body,
  picture_url: chatMessage.pictureUrl,
  created_at: chatMessage.createdAt,
});

/** Operator names for replies: the caller passes what it knows (admin's operator list). */
export type OperatorNames = (ids: number[]) => Promise<Map<number, string>>;

const messagesOf = async (
  rows: RowOf<typeof messageColumns>[],
  names: OperatorNames,
): Promise<ChatMessage[]> => {
  const ids = [...new Set(rows.map((r) => r.operator_id).filter((id): id is number => id !== null))];
  const named = ids.length ? await names(ids) : new Map<number, string>();
  return rows.map((r) => ({
    id: Number(r.id),
    conversationId: r.conversation_id,
    sender: r.sender,
    operatorName: r.operator_id === null ? null : (named.get(r.operator_id) ?? 'Support'),
    text: r.body,
    pictureUrl: r.picture_url,
    at: new Date(r.created_at).toISOString(),
  }));
};

/**
 * A message as a shopper receives it: without the operator's name, which is their back-office
 * login name (not for the public: it is half of what signs into the back office).
 */
export const forShopper = (m: ChatMessage): ChatMessage =>
  m.operatorName === null ? m : { ...m, operatorName: null };

/** The newest `limit` messages of a conversation, oldest first. */
export const recentMessages = async (
  db: Db,
  conversationId: number,
  names: OperatorNames,
  limit = CHAT_HISTORY_MAX,
) =>
  messagesOf(
    (
      await rowsOf(
        db,
        messageColumns.query`select ${messageColumns} from chat_message where conversation_id = ${conversationId}
            order by id desc limit ${limit}`,
      )
    ).reverse(),
    names,
  );

/** The messages after id `after` (a reconnect's catch-up), oldest first, at most CHAT_HISTORY_MAX. */
export const messagesAfter = async (db: Db, conversationId: number, after: number, names: OperatorNames) =>
  messagesOf(
    await rowsOf(
      db,
      messageColumns.query`select ${messageColumns} from chat_message where conversation_id = ${conversationId} and id > ${after}
          order by id limit ${CHAT_HISTORY_MAX}`,
    ),
    names,
  );

export const messageById = async (db: Db, id: number, names: OperatorNames): Promise<ChatMessage | null> => {
  const rows = await rowsOf(
    db,
    messageColumns.query`select ${messageColumns} from chat_message where id = ${id}`,
  );
  return (await messagesOf(rows, names))[0] ?? null;
};

export const RATE_REFUSED = `You are sending messages too fast: at most ${CHAT_RATE_MAX} in ${CHAT_RATE_WINDOW_MS / 1000} seconds. Please wait a moment.`;

export class ChatRateLimited extends Error {
  constructor() {
    super(RATE_REFUSED);
  }
}

const insertMessage = async (
  db: Db,
  m: {
    conversationId: number;
    sender: 'shopper' | 'operator';
    operatorId: number | null;
    text: string;
    pictureUrl?: string;
  },
) => {
  const inserted = columns({ id: chatMessage.id });
  const [row] = await rowsOf(
    db,
    inserted.query`insert into chat_message (conversation_id, sender, operator_id, body, picture_url)
        values (${m.conversationId}, ${m.sender}, ${m.operatorId}, ${m.text}, ${m.pictureUrl ?? null}) returning ${inserted}`,
  );
  return Number(row!.id);
};

/**
 * A shopper's message, its text or a picture they uploaded (its URL): refused (ChatRateLimited)
 * past CHAT_RATE_MAX in the window, counted in the database so every process counts the same;
 * stored, the conversation (re)opened, announced.
 */
export const addShopperMessage = (
  db: Db,
  conversationId: number,
  message: string | { pictureUrl: string },
): Promise<number> =>
  // One transaction, so one commit a message; its NOTIFY goes out at the commit. The
  // conversation's row is updated first: it stays locked until the commit, so one conversation's
  // messages are counted and stored one at a time, on any process.
  db.transaction(async (tx) => {
    await tx.execute(
      sql`update chat_conversation set last_message_at = now(), status = 'open' where id = ${conversationId}`,
    );
    const [recent] = await rowsOf(
      tx,
      counted.query`select ${counted} from chat_message where conversation_id = ${conversationId} and sender = 'shopper'
          and created_at > now() - ${millis(CHAT_RATE_WINDOW_MS)}::interval`,
    );
    if ((recent?.n ?? 0) >= CHAT_RATE_MAX) throw new ChatRateLimited();
    const id = await insertMessage(tx, {
      conversationId,
      sender: 'shopper',
      operatorId: null,
      ...(typeof message === 'string' ? { text: message } : { text: '', pictureUrl: message.pictureUrl }),
    });
    await announce(tx, { k: 'm', c: conversationId, m: id });
    return id;
  });

/** An operator's reply: stored, counted as read by operators up to it, announced (one commit). */
export const addOperatorMessage = (db: Db, conversationId: number, operatorId: number, text: string) =>
  db.transaction(async (tx) => {
    await conversationById(tx, conversationId);
    const id = await insertMessage(tx, { conversationId, sender: 'operator', operatorId, text });
    await tx.execute(
      sql`update chat_conversation set last_message_at = now(), operator_read_id = greatest(operator_read_id, ${id})
          where id = ${conversationId}`,
    );
    await announce(tx, { k: 'm', c: conversationId, m: id });
    return id;
  });

/** The inbox's line of a conversation `c`: its newest message, "Picture" for a picture. */
const lastMessage = sql`(select case when m.picture_url is null then m.body else 'Picture' end from chat_message m
  where m.conversation_id = c.id order by m.id desc limit 1)`;

const c = aliased(chatConversation, 'c');
/** A conversation as the inbox lists it, `c`. */
const inboxColumns = columns({
  id: c.id,
  status: c.status,
  details: c.details,
  assigned_operator_id: c.assignedOperatorId,
  last_message_at: c.lastMessageAt,
  last_message: sql<string | null>`${lastMessage}`,
  unread: sql<number>`(select count(*)::int from chat_message m where m.conversation_id = c.id and m.sender = 'shopper'
              and m.id > c.operator_read_id)`,
});

/** A guest who gave their name and never wrote is no conversation for the inbox. */
const hasMessages = sql`exists (select 1 from chat_message m where m.conversation_id = c.id)`;

/** The inbox: conversations of `status` with a message, newest activity first, with unread counts. */
export const listInbox = async (
  db: Db,
  query: { status: 'open' | 'closed'; pageNum: number; pageSize: number },
  names: OperatorNames,
) => {
  const [rows, [count]] = await Promise.all([
    rowsOf(
      db,
      inboxColumns.query`select ${inboxColumns}
          from chat_conversation c where c.status = ${query.status} and ${hasMessages}
          order by c.last_message_at desc, c.id desc
          limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
    ),
    rowsOf(
      db,
      counted.query`select ${counted} from chat_conversation c where c.status = ${query.status} and ${hasMessages}`,
    ),
  ]);
  return {
    records: await conversationsOf(rows, names),
    total: count?.n ?? 0,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
};

const conversationsOf = async (
  rows: RowOf<typeof inboxColumns>[],
  names: OperatorNames,
): Promise<ChatConversation[]> => {
  const ids = [...new Set(rows.map((r) => r.assigned_operator_id).filter((id): id is number => id !== null))];
  const named = ids.length ? await names(ids) : new Map<number, string>();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    details: r.details,
    assignedTo:
      r.assigned_operator_id === null
        ? null
        : { id: r.assigned_operator_id, name: named.get(r.assigned_operator_id) ?? 'operator' },
    lastMessageAt: new Date(r.last_message_at).toISOString(),
    lastMessage: r.last_message === null ? null : r.last_message.slice(0, 140),
    unread: r.unread,
  }));
};

/** One conversation as the inbox shows it (404 when there is none). */
export const inboxEntry = async (db: Db, id: number, names: OperatorNames): Promise<ChatConversation> => {
  const rows = await rowsOf(
    db,
    inboxColumns.query`select ${inboxColumns}
        from chat_conversation c where c.id = ${id}`,
  );
  const [one] = await conversationsOf(rows, names);
  if (!one) throw notFound({ field: 'id', message: 'This conversation was not found.' });
  return one;
};

/** Operators have read the conversation up to its newest message. */
export const markRead = async (db: Db, id: number) => {
  await conversationById(db, id);
  await db.execute(
    sql`update chat_conversation set operator_read_id =
          coalesce((select max(id) from chat_message where conversation_id = ${id}), 0)
        where id = ${id}`,
  );
  await announce(db, { k: 'c', c: id });
};

/** Assigns, closes or reopens; answers the conversation before and after (for the audit log). */
export const changeConversation = async (
  db: Db,
  id: number,
  change: { assignTo: number } | { status: 'open' | 'closed' },
) => {
  const before = await conversationById(db, id);
  const set: SQL =
    'assignTo' in change ? sql`assigned_operator_id = ${change.assignTo}` : sql`status = ${change.status}`;
  await db.execute(sql`update chat_conversation set ${set} where id = ${id}`);
  await announce(db, { k: 'c', c: id });
  return {
    before: { status: before.status, assignedOperatorId: before.assigned_operator_id },
    after:
      'assignTo' in change
        ? { status: before.status, assignedOperatorId: change.assignTo }
        : { status: change.status, assignedOperatorId: before.assigned_operator_id },
  };
};

const cannedColumns = columns({
  id: chatCannedReply.id,
  title: chatCannedReply.title,
  body: chatCannedReply.body,
});

export const listCanned = async (db: Db): Promise<ChatCanned[]> =>
  (
    await rowsOf(db, cannedColumns.query`select ${cannedColumns} from chat_canned_reply order by title, id`)
  ).map((r) => ({ id: r.id, title: r.title, text: r.body }));

export const CANNED_MAX = 100;

/**
 * Adds a canned reply; refused (409) when CANNED_MAX are kept. Adds are taken one at a time (a
 * transaction-scoped lock), so two at once cannot pass the limit together.
 */
export const addCanned = async (db: Db, c: { title: string; text: string }): Promise<ChatCanned> => {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('chat_canned_reply'))`);
  const [count] = await rowsOf(db, counted.query`select ${counted} from chat_canned_reply`);
  if ((count?.n ?? 0) >= CANNED_MAX)
    throw conflict(`At most ${CANNED_MAX} canned replies are kept. Delete one first.`);
  const inserted = columns({ id: chatCannedReply.id });
  const [row] = await rowsOf(
    db,
    inserted.query`insert into chat_canned_reply (title, body) values (${c.title}, ${c.text}) returning ${inserted}`,
  );
  return { id: row!.id, title: c.title, text: c.text };
};

export const deleteCanned = async (db: Db, id: number): Promise<ChatCanned> => {
  const [row] = await rowsOf(
    db,
    cannedColumns.query`delete from chat_canned_reply where id = ${id} returning ${cannedColumns}`,
  );
  if (!row) throw notFound({ field: 'id', message: 'This canned reply was not found.' });
  return { id: row.id, title: row.title, text: row.body };
};

/** Presence: this process holds `operators` operator sockets (0 removes its row). */
export const setOperatorPresence = async (db: Db, processId: string, operators: number) => {
  if (operators > 0)
    await db.execute(
      sql`insert into chat_operator_presence (process_id, operators, seen_at) values (${processId}, ${operators}, now())
          on conflict (process_id) do update set operators = excluded.operators, seen_at = now()`,
    );
  else await db.execute(sql`delete from chat_operator_presence where process_id = ${processId}`);
};

/** Rows of processes that stopped without removing theirs. */
export const deleteStalePresence = async (db: Db, olderThanMs: number) => {
  await db.execute(
    sql`delete from chat_operator_presence where seen_at < now() - ${millis(olderThanMs)}::interval`,
  );
};

/** An operator has a socket open on some process (refreshed within PRESENCE_MS). */
export const operatorsOnline = async (db: Db): Promise<boolean> => {
  const online = columns({
    online: sql<boolean>`exists (select 1 from chat_operator_presence where operators > 0
          and seen_at > now() - ${millis(PRESENCE_MS)}::interval)`,
  });
  const [row] = await rowsOf(db, online.query`select ${online}`);
  return row?.online ?? false;
};

/** The shoppers of these conversations have a socket open here (null: no longer). */
/**
 * The heartbeat's refresh of `ids`' presence: only the rows older than `staleAfterMs`, so a row
 * is written about once per PRESENCE_MS rather than every heartbeat (each write leaves a dead row
 * of the conversation, details and all).
 */
export const refreshShoppersSeen = async (db: Db, ids: number[], staleAfterMs: number) => {
  if (!ids.length) return;
  await db.execute(
    sql`update chat_conversation set shopper_seen_at = now()
        where id = any(${`{${ids.join(',')}}`}::int[])
          and (shopper_seen_at is null or shopper_seen_at < now() - ${millis(staleAfterMs)}::interval)`,
  );
};

export const setShopperSeen = async (db: Db, ids: number[], seen: boolean) => {
  if (!ids.length) return;
  await db.execute(
    sql`update chat_conversation set shopper_seen_at = ${seen ? sql`now()` : sql`null`}
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
};

export const shopperOnline = async (db: Db, id: number): Promise<boolean> => {
  const online = columns({
    online: sql<boolean>`coalesce(shopper_seen_at > now() - ${millis(PRESENCE_MS)}::interval, false)`,
  });
  const [row] = await rowsOf(db, online.query`select ${online} from chat_conversation where id = ${id}`);
  return row?.online ?? false;
};

/**
 * The pictures members sent in the chat, by member, among `memberIds`: uploads in use, which the
 * upload sweep keeps and the unused-uploads quota does not count (docs/chat.md: pictures).
 */
export const chatPicturesOf = async (
  db: Db,
  memberIds: readonly number[],
): Promise<Map<number, Set<string>>> => {
  const sent = new Map<number, Set<string>>();
  if (memberIds.length === 0) return sent;
  const m = aliased(chatMessage, 'm');
  const pictures = columns({ member_id: notNull(c.memberId), picture_url: notNull(m.pictureUrl) });
  const rows = await rowsOf(
    db,
    pictures.query`select ${pictures} from chat_message m join chat_conversation c on c.id = m.conversation_id
        where c.member_id = any(${`{${memberIds.join(',')}}`}::int[]) and m.picture_url is not null`,
  );
  for (const r of rows) {
    const urls = sent.get(r.member_id) ?? new Set<string>();
    urls.add(r.picture_url);
    sent.set(r.member_id, urls);
  }
  return sent;
};
