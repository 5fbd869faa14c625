import { CHAT_RATE_MAX, CHAT_TEXT_MAX } from '@mall/shared/chat-rules';
import type { ChatOpenAnswer } from '@mall/shared/contract/chat';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED } from '../src/lib/auth.ts';
import { rowsOf } from '../src/lib/sql.ts';
import { bearer, deliveredMessages, registerMember } from './account-helpers.ts';
import { openSocket, type Socket } from './chat-helpers.ts';
import { startSecondApp, startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';

/**
 * Live chat (docs/chat.md) over HTTP and WebSocket, on two server processes sharing one database:
 * a message sent through one reaches a socket held by the other.
 */

let server: TestServer;
let other: FastifyInstance;
const ports: number[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // Sockets' logins are checked every heartbeat: short here, so a logout shows within moments.
  server = await startTestServer({ env: { CHAT_HEARTBEAT_MS: '300' } });
  other = await startSecondApp(server);
  for (const app of [server.app, other]) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    ports.push((app.server.address() as { port: number }).port);
  }
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await other.close();
  await server.close();
});

const open = async (process: 0 | 1): Promise<Socket> => {
  const socket = await openSocket(ports[process]!);
  sockets.push(socket);
  return socket;
};

const hello = async (
  process: 0 | 1,
  as: 'member' | 'guest' | 'operator',
  token: string,
  after?: number,
  context?: Record<string, unknown>,
) => {
  const s = await open(process);
  s.send({
    type: 'hello',
    as,
    token,
    ...(after === undefined ? {} : { after }),
    ...(context ? { context } : {}),
  });
  await s.next('ready');
  return s;
};

const newMember = async (kind: 'retail' | 'wholesale' = 'retail') => {
  const m = await registerMember(server, kind);
  return { ...m, headers: bearer(m) };
};

const openChat = (headers: Record<string, string>, payload: Record<string, unknown> = {}, app = server.app) =>
  app.inject({ method: 'POST', url: '/api/chat/conversation', headers: { store: '1', ...headers }, payload });

/** A member's conversation starts with their first message: opens a socket and sends it. */
const startChat = async (
  m: { accessToken: string; headers: Record<string, string> },
  process: 0 | 1 = 0,
  context?: Record<string, unknown>,
) => {
  const s = await hello(process, 'member', m.accessToken, 0, context);
  s.send({ type: 'send', text: 'Kia ora', ref: 'start' });
  const sent = await s.next('sent', (f) => f.ref === 'start');
  const mine = await s.next('message', (f) => f.message.id === sent.id);
  return { socket: s, conversationId: mine.message.conversationId, firstId: sent.id };
};

const operator = async () => {
  const o = await signInOperator(server, 'support');
  return { ...o, token: o.headers.authorization.slice('Bearer '.length) };
};

const reply = (headers: Record<string, string>, conversationId: number, text: string, app = server.app) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/chat/conversations/${conversationId}/messages`,
    headers,
    payload: { text },
  });

const heldSockets = async () => {
  let n = 0;
  for (const app of [server.app, other])
    n += (await app.inject({ url: '/api/health' })).json().data.chatSockets;
  return n;
};

/** Closes the sockets and waits until both servers have let them go (presence written). */
const closeAll = async (...list: Socket[]) => {
  for (const s of list) s.ws.close();
  await Promise.all(list.map((s) => s.closed));
  const open = sockets.filter(
    (s) => s.ws.readyState === WebSocket.OPEN && s.frames.some((f) => f.type === 'ready'),
  );
  await vi.waitFor(async () => expect(await heldSockets()).toBe(open.length), {
    timeout: 5000,
    interval: 10,
  });
};

describe(`live chat (${testDbKind})`, () => {
  it("opens a member's one conversation with their details captured by the server", async () => {
    const m = await newMember('retail');
    await server.database.db.execute(
      sql`update member set vip = true, vip_until = now() + interval '1 day' where email = ${m.member.userAccount}`,
    );
    const res = await openChat(m.headers, { pagePath: '/goods/12', cartCount: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as ChatOpenAnswer;
    // Nothing is written until the member's first message starts the conversation.
    expect(answer).toMatchObject({
      conversationId: null,
      guestToken: null,
      messages: [],
      operatorsOnline: false,
    });
    const started = await startChat(m, 0, { pagePath: '/goods/12', cartCount: 3 });
    // Resumed, not a second one, with the member's details as they are now.
    const again = (await openChat(m.headers, { pagePath: '/cart' })).json().data as ChatOpenAnswer;
    expect(again.conversationId).toBe(started.conversationId);
    expect(again.messages.map((x) => x.text)).toEqual(['Kia ora']);
    await closeAll(started.socket);
    const o = await operator();
    const one = await server.call<{ conversation: { details: Record<string, unknown> } }>({
      url: `/api/admin/chat/conversations/${started.conversationId}`,
      headers: o.headers,
    });
    expect(one.body.data.conversation.details).toMatchObject({
      kind: 'retail',
      name: m.member.userName,
      email: m.member.userAccount,
      memberNo: m.member.userNo,
      labels: ['VIP', 'Retail'],
      mode: 'store',
      pagePath: '/cart',
      lastOrder: null,
    });
    const w = await newMember('wholesale');
    const wc = await startChat(w, 1, { mode: 'supplier' });
    await closeAll(wc.socket);
    const wone = await server.call<{ conversation: { details: Record<string, unknown> } }>({
      url: `/api/admin/chat/conversations/${wc.conversationId}`,
      headers: o.headers,
    });
    expect(wone.body.data.conversation.details).toMatchObject({
      kind: 'wholesale',
      labels: ['Wholesale'],
      mode: 'supplier',
    });
  });

  it('lets a guest in with a name and e-mail and a token of their own; refuses without, or with a guessed token', async () => {
    expect((await openChat({})).statusCode).toBe(401);
    // A member whose session ended is told so, not asked for a name.
    const ended = await openChat({ authorization: 'Bearer not-a-token' });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(SESSION_EXPIRED);
    expect((await openChat({ 'x-chat-token': 'guessed-token' })).statusCode).toBe(401);
    const bad = await openChat({}, { guest: { name: 'Aroha', email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('email');
    expect((await openChat({}, { cartCount: 'many' })).statusCode).toBe(400);
    const made = (await openChat({}, { guest: { name: 'Aroha', email: 'aroha@example.co.nz' } })).json()
      .data as ChatOpenAnswer;
    expect(made.guestToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const back = (await openChat({ 'x-chat-token': made.guestToken! })).json().data as ChatOpenAnswer;
    expect(back).toMatchObject({ conversationId: made.conversationId, guestToken: null, name: 'Aroha' });
    // Stored hashed only.
    const [row] = await rowsOf<{ h: string }>(
      server.database.db,
      sql`select guest_token_hash as h from chat_conversation where id = ${made.conversationId}`,
    );
    expect(row!.h).not.toContain(made.guestToken!);
    // Not in the inbox until they write.
    const o = await operator();
    const inbox = await server.call<{ records: { id: number }[] }>({
      url: '/api/admin/chat/conversations',
      headers: o.headers,
    });
    expect(inbox.body.data.records.map((r) => r.id)).not.toContain(made.conversationId);
    const guessed = await open(1);
    guessed.send({ type: 'hello', as: 'guest', token: `${made.guestToken!}x` });
    expect(await guessed.closed).toBe(4401);
  });

  it('carries messages both ways across two processes; the operator sees the shopper live', async () => {
    const m = await newMember();
    const o = await operator();
    const desk = await hello(1, 'operator', o.token);
    const shopper = await hello(0, 'member', m.accessToken);
    shopper.send({ type: 'send', text: 'Kia ora, where is my order?', ref: 'a1' });
    const sent = await shopper.next('sent');
    expect(sent).toMatchObject({ ref: 'a1', offline: false });
    const got = await desk.next('message', (f) => f.message.id === sent.id);
    expect(got.message).toMatchObject({ sender: 'shopper', text: 'Kia ora, where is my order?' });
    const chat = { conversationId: got.message.conversationId };
    const answered = await reply(o.headers, chat.conversationId, 'It left today <b>by courier</b>.', other);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.mailed).toBe(false);
    const live = await shopper.next('message', (f) => f.message.sender === 'operator');
    // The shopper is not told the operator's back-office login name; the operators are.
    expect(live.message).toMatchObject({ text: 'It left today <b>by courier</b>.', operatorName: null });
    const atDesk = await desk.next('message', (f) => f.message.id === live.message.id);
    expect(atDesk.message.operatorName).toBe(o.name);
    // The inbox lists it with the member beside it; unread until read.
    const inbox = await server.call<{
      records: { id: number; unread: number; details: { labels: string[] } }[];
    }>({
      url: '/api/admin/chat/conversations',
      headers: o.headers,
    });
    const entry = inbox.body.data.records.find((r) => r.id === chat.conversationId);
    expect(entry).toMatchObject({ unread: 0, details: { labels: ['Retail'] } });
    await closeAll(desk, shopper);
  });

  it('catches a reconnecting shopper up from the last id seen: nothing lost, nothing twice', async () => {
    const m = await newMember();
    const o = await operator();
    const first = await startChat(m);
    const chat = { conversationId: first.conversationId };
    const seen = first.firstId;
    await closeAll(first.socket);
    for (const text of ['two', 'three'])
      expect((await reply(o.headers, chat.conversationId, text)).statusCode).toBe(200);
    const back = await hello(1, 'member', m.accessToken, seen);
    await vi.waitFor(() => expect(back.messages().map((x) => x.text)).toEqual(['two', 'three']), {
      timeout: 5000,
    });
    await closeAll(back);
  });

  it("never shows a shopper another conversation's messages; operator calls refuse members", async () => {
    const a = await newMember();
    const b = await newMember();
    const ca = await startChat(a, 0);
    const cb = await startChat(b, 1);
    const sa = ca.socket;
    const sb = cb.socket;
    sa.send({ type: 'send', text: 'only for the shop' });
    await sa.next('message', (f) => f.message.text === 'only for the shop');
    const o = await operator();
    await reply(o.headers, cb.conversationId, 'for b');
    await sb.next('message', (f) => f.message.text === 'for b');
    expect(sb.messages().every((x) => x.conversationId === cb.conversationId)).toBe(true);
    expect(sa.messages().every((x) => x.conversationId === ca.conversationId)).toBe(true);
    // A member's token is not an operator's: neither on the socket nor on the back office's calls.
    const sneaky = await open(0);
    sneaky.send({ type: 'hello', as: 'operator', token: a.accessToken });
    expect(await sneaky.closed).toBe(4401);
    expect(
      (
        await server.app.inject({
          url: `/api/admin/chat/conversations/${cb.conversationId}`,
          headers: a.headers,
        })
      ).statusCode,
    ).toBe(401);
    expect((await reply(a.headers, cb.conversationId, 'hijack')).statusCode).toBe(401);
    await closeAll(sa, sb);
  });

  it('answers bad frames with an error frame and stays up; a 1 MB frame closes only that socket', async () => {
    const m = await newMember();
    await openChat(m.headers);
    const s = await open(0);
    s.send({ type: 'send', text: 'before hello' });
    await s.next('error', (f) => f.message.includes('hello'));
    s.send({ type: 'hello', as: 'member', token: m.accessToken });
    await s.next('ready');
    const bad: unknown[] = [
      'not json',
      { type: 'send', text: 42 },
      { type: 'send', text: 'x'.repeat(CHAT_TEXT_MAX + 1) },
      { type: 'send', text: 'nul\u0000byte' },
      { type: 'send', text: '   ' },
      { type: 'explode' },
      JSON.stringify({ type: 'send', text: 'y'.repeat(20_000) }),
      [],
      null,
    ];
    for (const frame of bad) s.send(frame);
    s.ws.send(new Uint8Array([1, 2, 3]));
    await vi.waitFor(() => expect(s.frames.filter((f) => f.type === 'error')).toHaveLength(bad.length + 2), {
      timeout: 5000,
    });
    s.send({ type: 'ping' });
    await s.next('pong');
    expect(s.frames.some((f) => f.type === 'sent')).toBe(false);
    const huge = await hello(0, 'member', m.accessToken);
    huge.send(JSON.stringify({ type: 'send', text: 'z'.repeat(1024 * 1024) }));
    expect(await huge.closed).toBe(1009);
    expect((await server.app.inject('/api/health')).statusCode).toBe(200);
    await closeAll(s);
  });

  it('closes the socket of a member who logged out and of an operator whose login ended; floods of frames close it too', async () => {
    const m = await newMember();
    const shopper = await hello(0, 'member', m.accessToken);
    const o = await operator();
    const desk = await hello(1, 'operator', o.token);
    expect((await server.app.inject({ url: '/api/sys/auth/logout', headers: m.headers })).statusCode).toBe(
      200,
    );
    expect(await shopper.closed).toBe(4401);
    expect(
      (await other.inject({ method: 'POST', url: '/api/admin/logout', headers: o.headers })).statusCode,
    ).toBe(200);
    expect(await desk.closed).toBe(4401);
    const g = (await openChat({}, { guest: { name: 'Rawiri', email: 'rawiri@example.co.nz' } })).json()
      .data as ChatOpenAnswer;
    const noisy = await hello(0, 'guest', g.guestToken!);
    for (let i = 0; i < 60; i++) noisy.send({ type: 'ping' });
    expect(await noisy.closed).toBe(4429);
  });

  it(`refuses a flood past ${CHAT_RATE_MAX} messages in the window, and a member's socket past the cap`, async () => {
    const m = await newMember();
    await openChat(m.headers);
    const s = await hello(0, 'member', m.accessToken);
    for (let i = 0; i <= CHAT_RATE_MAX; i++) s.send({ type: 'send', text: `m${i}`, ref: `r${i}` });
    const refused = await s.next('error', (f) => f.ref === `r${CHAT_RATE_MAX}`);
    expect(refused.message).toContain('too fast');
    expect(s.frames.filter((f) => f.type === 'sent')).toHaveLength(CHAT_RATE_MAX);
    const more: Socket[] = [];
    for (let i = 0; i < 4; i++) more.push(await hello(0, 'member', m.accessToken));
    const sixth = await open(0);
    sixth.send({ type: 'hello', as: 'member', token: m.accessToken });
    expect(await sixth.closed).toBe(4429);
    await closeAll(s, ...more);
  });

  it('keeps a message sent while no operator is online and mails the reply to a shopper who left', async () => {
    await closeAll(); // the operators of the tests before have been let go
    const g = (
      await openChat({}, { guest: { name: 'Mere', email: `mere.${Date.now()}@example.co.nz` } })
    ).json().data as ChatOpenAnswer;
    const s = await hello(1, 'guest', g.guestToken!);
    s.send({ type: 'send', text: 'Anyone there?' });
    expect((await s.next('sent')).offline).toBe(true);
    await closeAll(s);
    const o = await operator();
    const res = await reply(o.headers, g.conversationId!, 'Yes, sorry for the wait.');
    expect(res.json().data.mailed).toBe(true);
    const [row] = await rowsOf<{ email: string }>(
      server.database.db,
      sql`select details->>'email' as email from chat_conversation where id = ${g.conversationId}`,
    );
    const mails = await deliveredMessages(server, row!.email);
    expect(mails.join('\n')).toContain('Yes, sorry for the wait.');
  });

  it('lets operators assign, close and reopen (each in the audit log) and keep canned replies', async () => {
    const m = await newMember();
    const chat = await startChat(m);
    await closeAll(chat.socket);
    const o = await operator();
    const post = (path: string, payload?: unknown) =>
      server.app.inject({
        method: 'POST',
        url: `/api/admin/chat/${path}`,
        headers: o.headers,
        payload: payload as object,
      });
    expect((await post(`conversations/${chat.conversationId}/assign`)).json().data.assignedTo).toEqual({
      id: o.id,
      name: o.name,
    });
    expect((await post(`conversations/${chat.conversationId}/close`)).json().data.status).toBe('closed');
    const closed = await server.call<{ records: { id: number }[] }>({
      url: '/api/admin/chat/conversations?status=closed',
      headers: o.headers,
    });
    expect(closed.body.data.records.map((r) => r.id)).toContain(chat.conversationId);
    expect((await post(`conversations/${chat.conversationId}/reopen`)).json().data.status).toBe('open');
    expect((await post('conversations/999999/close')).statusCode).toBe(404);
    const canned = await post('canned', { title: 'Shipping', text: 'We ship within 2 working days.' });
    expect(canned.statusCode, canned.body).toBe(200);
    expect((await post('canned', { title: '', text: 'x' })).statusCode).toBe(400);
    const list = await server.call<{ id: number; title: string }[]>({
      url: '/api/admin/chat/canned',
      headers: o.headers,
    });
    expect(list.body.data.map((c) => c.title)).toContain('Shipping');
    const id = canned.json().data.id as number;
    expect(
      (await server.app.inject({ method: 'DELETE', url: `/api/admin/chat/canned/${id}`, headers: o.headers }))
        .statusCode,
    ).toBe(200);
    const audit = await rowsOf<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where operator_id = ${o.id} and action like 'chat.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'chat.assign',
      'chat.close',
      'chat.reopen',
      'chat.canned.add',
      'chat.canned.delete',
    ]);
  });

  it('keeps at most 100 canned replies, even when two are added at once at 99', async () => {
    const o = await operator();
    const db = server.database.db;
    const add = (title: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/chat/canned',
        headers: o.headers,
        payload: { title, text: 'Thank you, we are on it.' },
      });
    const count = async () =>
      (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from chat_canned_reply`))[0]!.n;
    await db.execute(
      sql`insert into chat_canned_reply (title, body)
          select 'Filler ' || g, 'x' from generate_series(1, ${99 - (await count())}) g`,
    );
    expect(await count()).toBe(99);
    const both = await Promise.all([add('One'), add('Two')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(
      'At most 100 canned replies are kept. Delete one first.',
    );
    expect(await count()).toBe(100);
    await db.execute(sql`delete from chat_canned_reply`);
  });
});
