import { randomUUID } from 'node:crypto';
import type { ChatServerFrame } from '@mall/shared/contract/chat';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database, Listener } from '../../db/client.ts';
import {
  CHAT_CHANNEL,
  type ChatAnnouncement,
  deleteStalePresence,
  forShopper,
  messageById,
  type OperatorNames,
  PRESENCE_MS,
  refreshShoppersSeen,
  setOperatorPresence,
  setShopperSeen,
} from './service.ts';

/** A stale presence row (a process that stopped without saying so) is deleted after this long. */
const STALE_PRESENCE_MS = 60 * 60 * 1000;

/**
 * A socket and who is on it. `stillAllowed` is asked every heartbeat: a member who logged out, an
 * operator whose login ended or who was disabled, loses the socket (4401) within one heartbeat.
 */
export type ChatClient = (
  | { kind: 'shopper'; socket: WebSocket; conversationId: number | null; memberId: number | null }
  | { kind: 'operator'; socket: WebSocket; operatorId: number }
) & { stillAllowed: () => Promise<boolean> };

/**
 * The sockets of one server process (docs/chat.md, several processes). Nothing here is needed by
 * another process: messages live in the database, and each stored message is announced on
 * CHAT_CHANNEL; every process reads the announced message once and sends it to its own sockets
 * of that conversation and to its operators. Presence (is an operator online anywhere, is a
 * shopper's socket open) is kept in the database, refreshed every HEARTBEAT_MS.
 */
export const createChatHub = (deps: {
  database: Database;
  log: FastifyBaseLogger;
  names: OperatorNames;
  heartbeatMs: number;
}) => {
  const db = deps.database.db;
  const processId = randomUUID();
  const shoppers = new Map<number, Set<ChatClient & { kind: 'shopper' }>>();
  const operators = new Set<ChatClient & { kind: 'operator' }>();
  const memberSockets = new Map<number, number>();

  const send = (socket: WebSocket, frame: ChatServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  const deliver = async (a: ChatAnnouncement) => {
    const local = shoppers.get(a.c);
    if (a.k === 'm' && (local?.size || operators.size)) {
      const message = await messageById(db, a.m, deps.names);
      if (!message) return;
      const shopperCopy = forShopper(message);
      for (const c of local ?? []) send(c.socket, { type: 'message', message: shopperCopy });
      for (const o of operators) send(o.socket, { type: 'message', message });
    }
    for (const o of operators) send(o.socket, { type: 'inbox', conversationId: a.c });
  };

  const listener: Listener = {
    message: (payload) => {
      let a: ChatAnnouncement;
      try {
        a = JSON.parse(payload) as ChatAnnouncement;
      } catch {
        return;
      }
      deliver(a).catch((err) => deps.log.error({ err }, 'a chat message could not be delivered'));
    },
    // Sockets catch up themselves when they reconnect (hello with the last id); nothing to drop.
    lost: () => deps.log.warn('chat announcements lost: reconnecting'),
    listening: () => {},
  };

  // Presence writes run one at a time, each with the counts as they are when it runs: a heartbeat's
  // refresh started before a socket closed must not commit after the close's delete and revive it.
  let writes: Promise<unknown> = Promise.resolve();
  const inTurn = (write: () => Promise<unknown>) => {
    const turn = writes.then(write);
    writes = turn.catch(() => {});
    return turn;
  };
  const presence = () => inTurn(() => setOperatorPresence(db, processId, operators.size));
  /** Sockets said hello and not yet let go (their presence written): /api/health shows it. */
  let held = 0;
  const logged = (p: Promise<unknown>) =>
    p.catch((err) => deps.log.error({ err }, 'chat presence could not be written'));

  const join = async (client: ChatClient & { kind: 'shopper' }) => {
    if (client.conversationId === null) return;
    let set = shoppers.get(client.conversationId);
    if (!set) {
      set = new Set();
      shoppers.set(client.conversationId, set);
    }
    set.add(client);
    const id = client.conversationId;
    await inTurn(() => setShopperSeen(db, [id], true));
  };

  const memberClients = new Set<ChatClient>();
  const allClients = () => [...operators, ...memberClients];
  const recheck = async (c: ChatClient) => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (!(await c.stillAllowed())) c.socket.close(4401, 'signed out');
  };

  const letGo = async (client: ChatClient) => {
    if (client.kind === 'operator') {
      if (operators.delete(client)) await presence();
      return;
    }
    if (client.memberId !== null) {
      memberClients.delete(client);
      const n = (memberSockets.get(client.memberId) ?? 1) - 1;
      if (n > 0) memberSockets.set(client.memberId, n);
      else memberSockets.delete(client.memberId);
    }
    if (client.conversationId === null) return;
    const id = client.conversationId;
    const set = shoppers.get(id);
    if (!set?.delete(client)) return;
    if (set.size === 0) {
      shoppers.delete(id);
      await inTurn(() => setShopperSeen(db, [id], false));
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  return {
    processId,
    start: async () => {
      stopListening = await deps.database.listen(CHAT_CHANNEL, listener);
      // A presence row younger than this is still "seen" at the next heartbeat, with 5 s to spare.
      const staleAfter = Math.max(0, PRESENCE_MS - deps.heartbeatMs - 5_000);
      timer = setInterval(() => {
        if (operators.size) void logged(presence());
        if (shoppers.size)
          void logged(inTurn(() => refreshShoppersSeen(db, [...shoppers.keys()], staleAfter)));
        void logged(deleteStalePresence(db, STALE_PRESENCE_MS));
        for (const c of allClients()) void logged(recheck(c));
      }, deps.heartbeatMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      for (const set of shoppers.values()) for (const c of set) c.socket.close(1001, 'server stopping');
      for (const o of operators) o.socket.close(1001, 'server stopping');
      await stopListening?.();
      if (operators.size) {
        operators.clear();
        await logged(presence());
      }
    },
    /** Sockets this process holds for the member. */
    memberSocketCount: (memberId: number) => memberSockets.get(memberId) ?? 0,
    add: async (client: ChatClient) => {
      held++;
      if (client.kind === 'operator') {
        operators.add(client);
        await presence();
        return;
      }
      if (client.memberId !== null) {
        memberSockets.set(client.memberId, (memberSockets.get(client.memberId) ?? 0) + 1);
        memberClients.add(client);
      }
      await join(client);
    },
    /** A member's first message started their conversation: the socket follows it from now on. */
    attach: async (client: ChatClient & { kind: 'shopper' }, conversationId: number) => {
      client.conversationId = conversationId;
      await join(client);
    },
    remove: async (client: ChatClient) => {
      try {
        await letGo(client);
      } finally {
        held--;
      }
    },
    /** Sockets this process holds (said hello, not yet let go). */
    sockets: () => held,
    send,
  };
};

export type ChatHub = ReturnType<typeof createChatHub>;
