import multipart from '@fastify/multipart';
import { CHAT_CALLS, CHAT_FRAME_MAX, CHAT_GUEST_HEADER, CHAT_SOCKET_PATH } from '@mall/shared/chat-rules';
import { AVATAR_MAX_BYTES, avatarUploadResultSchema } from '@mall/shared/contract/account';
import {
  type ChatClientFrame,
  chatClientFrameSchema,
  chatOpenAnswerSchema,
  chatOpenBodySchema,
} from '@mall/shared/contract/chat';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { CHOOSE_A_PICTURE } from '../../lib/picture-upload.ts';
import { MAY, operatorOfToken } from '../admin/index.ts';
import { avatarFolder, getMember, PICTURE_MULTIPART, storeMemberPicture } from '../customer/index.ts';
import { chatAdminRoutes, operatorNames } from './admin-routes.ts';
import { type ChatClient, type ChatHub, createChatHub } from './hub.ts';
import {
  addShopperMessage,
  ChatRateLimited,
  type Conversation,
  chatPicturesOf,
  forShopper,
  guestConversation,
  guestDetails,
  memberConversation,
  messagesAfter,
  openGuestConversation,
  openMemberConversation,
  operatorsOnline,
  readMemberDetails,
  recentMessages,
  touchGuestDetails,
} from './service.ts';

const tags = ['chat'];
const noStore = { 'Cache-Control': 'no-store' };

/** Sockets one member may hold open on one process (tabs, devices). */
export const MEMBER_SOCKETS_MAX = 5;
/** Frames one socket may send in FRAME_WINDOW_MS (of which CHAT_RATE_MAX messages) before it is closed. */
const FRAMES_PER_WINDOW = 40;
const FRAME_WINDOW_MS = 10_000;
/** A socket that has not said who it is within this long is closed. */
const HELLO_WITHIN_MS = 10_000;

export const GUEST_FIRST = 'Please give your name and e-mail to start a chat.';
export const PICTURES_FOR_MEMBERS = 'Please log in to send pictures.';
export const PICTURE_NOT_UPLOADED = 'That picture was not found. Please upload it again.';
export const GUEST_TOKEN_UNKNOWN = 'This chat was not found. Please start a new one.';

/** This process's chat sockets (hub.ts); /api/health counts them. */
export const chatHubOf = (app: FastifyInstance) =>
  createChatHub({
    database: app.database,
    log: app.log,
    names: operatorNames(app.db),
    heartbeatMs: app.config.chatHeartbeatMs,
  });

/**
 * Live chat for shoppers (docs/chat.md): opening (or resuming) the caller's conversation over
 * HTTP, then the socket at CHAT_SOCKET_PATH for live messages both ways. The back office's calls
 * are in admin-routes.ts.
 */
export const chatRoutes = async (root: FastifyInstance, opts: { hub: ChatHub }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, PICTURE_MULTIPART);
  const { db } = app;
  const { hub } = opts;
  const names = operatorNames(db);
  app.addHook('onReady', hub.start);
  app.addHook('preClose', hub.stop);

  app.post(
    CHAT_CALLS.open,
    {
      schema: {
        tags,
        summary:
          "Opens or resumes the caller's conversation: a member's own (their details captured from the session), a returning guest's (X-Chat-Token), or a new guest's (name and e-mail); answers the recent history",
        body: chatOpenBodySchema,
        response: { 200: envelopeOf(chatOpenAnswerSchema) },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const body = request.body;
      const context = { mode: request.channel, pagePath: body.pagePath, cartCount: body.cartCount };
      let conversation: Conversation;
      let guestToken: string | null = null;
      if (request.member) {
        // A member's conversation starts with their first message (on the socket); until then
        // opening the panel writes nothing.
        const known = await memberConversation(db, request.member.id);
        if (!known) {
          const member = await getMember(db, request.member.id);
          return ok({
            conversationId: null,
            status: 'open' as const,
            name: member.userName,
            guestToken: null,
            operatorsOnline: await operatorsOnline(db),
            messages: [],
          });
        }
        conversation = await startMemberConversation(db, request.member.id, context);
      } else {
        // Tokens that were sent and refused: the session has ended (not a guest's question).
        if (request.authProblem) throw unauthorized(request.authProblem);
        const header = request.headers[CHAT_GUEST_HEADER];
        const token = typeof header === 'string' && header.length > 0 ? header : null;
        const known = token ? await guestConversation(db, token) : null;
        if (known) {
          await touchGuestDetails(db, known.id, context);
          conversation = known;
        } else if (body.guest) {
          const made = await openGuestConversation(db, guestDetails(body.guest, context));
          conversation = made.conversation;
          guestToken = made.token;
        } else throw unauthorized(token ? GUEST_TOKEN_UNKNOWN : GUEST_FIRST);
      }
      return ok({
        conversationId: conversation.id,
        status: conversation.status,
        name: conversation.details.name,
        guestToken,
        operatorsOnline: await operatorsOnline(db),
        messages: (await recentMessages(db, conversation.id, names)).map(forShopper),
      });
    },
  );

  app.post(
    CHAT_CALLS.picture,
    {
      schema: {
        tags,
        summary:
          "Uploads a picture for the member's chat (multipart field `file`; PNG, JPEG, WebP or GIF, at most 2 MB; the profile picture's checks and quota); send it with the socket's picture frame",
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(avatarUploadResultSchema) },
      },
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      const member = requireMember(request);
      if (!request.isMultipart()) throw badRequest(CHOOSE_A_PICTURE);
      const file = await request.file();
      return ok(
        await storeMemberPicture(db, app.storage, member.id, file, chatPicturesOf),
        'The picture has been uploaded.',
      );
    },
  );

  app.get(CHAT_SOCKET_PATH.slice('/api'.length), { websocket: true, schema: { hide: true } }, (socket) =>
    serveSocket(app, hub, socket),
  );

  await app.register(chatAdminRoutes);
};

type Socket = WebSocket;

/** Opens (or refreshes) a member's conversation with who they are now, read on the server. */
const startMemberConversation = async (
  db: FastifyInstance['db'],
  memberId: number,
  context: { mode: 'store' | 'supplier'; pagePath: string | undefined; cartCount: number | undefined },
) => openMemberConversation(db, memberId, await readMemberDetails(db, memberId, context));

const errorFrame = (hub: ChatHub, socket: Socket, message: string, ref: string | null = null) =>
  hub.send(socket, { type: 'error', message, ref });

/** Reads a frame: text JSON of a known shape within CHAT_FRAME_MAX, else the reason it is refused. */
const readFrame = (data: RawData, isBinary: boolean): ChatClientFrame | string => {
  if (isBinary) return 'Only text frames are read.';
  const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
  if (bytes > CHAT_FRAME_MAX) return `A frame may hold at most ${CHAT_FRAME_MAX} bytes.`;
  let json: unknown;
  try {
    json = JSON.parse(
      Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'),
    );
  } catch {
    return 'A frame must be JSON.';
  }
  const parsed = chatClientFrameSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `The frame is not valid${issue ? `: ${issue.path.join('.') || 'frame'} ${issue.message}` : '.'}`;
};

/**
 * One socket: the first frame says who it is (hello: a member's access token, a guest's
 * conversation token or an operator's back-office token); frames are handled one at a time in
 * the order they came; every refusal is an error frame, never a thrown error.
 */
const serveSocket = (app: FastifyInstance, hub: ChatHub, socket: Socket) => {
  const { db } = app;
  let client: ChatClient | null = null;
  let added = false;
  let closed = false;
  let context: { mode: 'store' | 'supplier'; pagePath: string | undefined; cartCount: number | undefined } = {
    mode: app.config.mode,
    pagePath: undefined,
    cartCount: undefined,
  };
  let queue = Promise.resolve();
  const helloTimer = setTimeout(() => {
    if (!client) socket.close(4401, 'say hello first');
  }, HELLO_WITHIN_MS);

  const hello = async (frame: ChatClientFrame & { type: 'hello' }) => {
    if (client) return errorFrame(hub, socket, 'This socket has already said hello.');
    let conversation: Conversation | null = null;
    let memberId: number | null = null;
    if (frame.as === 'operator') {
      const operator = frame.token.length <= 200 ? await operatorOfToken(db, frame.token) : null;
      if (!operator || !(MAY.chat as readonly string[]).includes(operator.role)) {
        errorFrame(hub, socket, 'Please log in to the back office as support or owner.');
        return socket.close(4401, 'not an operator');
      }
      const token = frame.token;
      client = {
        kind: 'operator',
        socket,
        operatorId: operator.id,
        stillAllowed: async () => {
          const now = await operatorOfToken(db, token);
          return now !== null && (MAY.chat as readonly string[]).includes(now.role);
        },
      };
    } else {
      if (frame.as === 'member') {
        const member = await app.auth.memberOfAccessToken(frame.token);
        conversation = member ? await memberConversation(db, member.id) : null;
        memberId = member?.id ?? null;
        if (member && hub.memberSocketCount(member.id) >= MEMBER_SOCKETS_MAX) {
          errorFrame(hub, socket, `You have ${MEMBER_SOCKETS_MAX} chats open already. Please close one.`);
          return socket.close(4429, 'too many sockets');
        }
      } else conversation = await guestConversation(db, frame.token);
      if (!conversation && memberId === null) {
        errorFrame(hub, socket, 'Please open the chat again (your session may have ended).');
        return socket.close(4401, 'unknown shopper');
      }
      context = {
        mode: frame.context?.mode ?? context.mode,
        pagePath: frame.context?.pagePath,
        cartCount: frame.context?.cartCount,
      };
      const token = frame.token;
      client = {
        kind: 'shopper',
        socket,
        conversationId: conversation?.id ?? null,
        memberId,
        // A member's access token expires (the panel then refreshes it and says hello again);
        // a logout ends the session at once. A guest's token lasts as long as the conversation.
        stillAllowed: async () => memberId === null || (await app.auth.memberOfAccessToken(token)) !== null,
      };
    }
    clearTimeout(helloTimer);
    if (closed) return;
    // Listening before catching up: a message stored meanwhile may come twice, and the client drops
    // ids it has; none is lost.
    added = true;
    await hub.add(client);
    hub.send(socket, {
      type: 'ready',
      conversationId: conversation?.id ?? null,
      operatorsOnline: await operatorsOnline(db),
    });
    if (conversation && frame.after !== undefined)
      for (const message of await messagesAfter(db, conversation.id, frame.after, operatorNames(db)))
        hub.send(socket, { type: 'message', message: forShopper(message) });
  };

  const handle = async (frame: ChatClientFrame) => {
    if (frame.type === 'ping') return hub.send(socket, { type: 'pong' });
    if (frame.type === 'hello') return hello(frame);
    if (!client) return errorFrame(hub, socket, 'Say hello first.');
    if (client.kind === 'operator')
      return errorFrame(hub, socket, 'Operators reply through the back office.', frame.ref ?? null);
    // A picture is one the member uploaded to their own folder (POST /api/chat/picture).
    let pictureKey: string | null = null;
    if (frame.type === 'picture') {
      if (client.memberId === null) return errorFrame(hub, socket, PICTURES_FOR_MEMBERS, frame.ref ?? null);
      pictureKey = `${avatarFolder(client.memberId)}${frame.name}`;
      if (!(await app.storage.exists(pictureKey)))
        return errorFrame(hub, socket, PICTURE_NOT_UPLOADED, frame.ref ?? null);
    }
    try {
      if (client.conversationId === null) {
        // A member's first message starts their conversation.
        const started = await startMemberConversation(db, client.memberId!, context);
        await hub.attach(client, started.id);
      }
      const id = await addShopperMessage(
        db,
        client.conversationId!,
        frame.type === 'send' ? frame.text : { pictureUrl: app.storage.urlOf(pictureKey!) },
      );
      hub.send(socket, { type: 'sent', ref: frame.ref ?? null, id, offline: !(await operatorsOnline(db)) });
    } catch (err) {
      if (err instanceof ChatRateLimited) return errorFrame(hub, socket, err.message, frame.ref ?? null);
      throw err;
    }
  };

  let frames = 0;
  let windowStart = Date.now();
  socket.on('message', (data, isBinary) => {
    // More frames than any person types: the socket is closed, whatever they hold.
    const now = Date.now();
    if (now - windowStart > FRAME_WINDOW_MS) {
      windowStart = now;
      frames = 0;
    }
    if (++frames > FRAMES_PER_WINDOW) {
      if (frames === FRAMES_PER_WINDOW + 1) {
        errorFrame(hub, socket, 'Too many frames. Please wait a moment and reconnect.');
        socket.close(4429, 'too many frames');
      }
      return;
    }
    queue = queue.then(async () => {
      if (closed) return;
      const frame = readFrame(data, isBinary);
      if (typeof frame === 'string') return errorFrame(hub, socket, frame);
      try {
        await handle(frame);
      } catch (err) {
        app.log.error({ err }, 'a chat frame failed');
        errorFrame(hub, socket, 'Something went wrong. Please try again.');
      }
    });
  });
  socket.on('error', (err) => app.log.warn({ err }, 'a chat socket failed'));
  socket.on('close', () => {
    closed = true;
    clearTimeout(helloTimer);
    queue = queue.then(async () => {
      if (client && added)
        await hub.remove(client).catch((err) => app.log.error({ err }, 'a chat socket could not be let go'));
    });
  });
};
