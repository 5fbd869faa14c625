import { CHAT_SOCKET_PATH } from '@mall/shared/chat-rules';
import type { ChatMessage, ChatServerFrame } from '@mall/shared/contract/chat';
import { expect, vi } from 'vitest';

/** A test's chat socket (docs/chat.md): every frame it received, and waits for the one a test needs. */
export interface Socket {
  ws: WebSocket;
  frames: ChatServerFrame[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  send(frame: unknown): void;
  /** Waits for a frame of `type` matching `match` and answers it. */
  next<T extends ChatServerFrame['type']>(
    type: T,
    match?: (f: ChatServerFrame & { type: T }) => boolean,
  ): Promise<ChatServerFrame & { type: T }>;
  messages(): ChatMessage[];
}

/** Opens the chat socket of the server on `port` (Node's own WebSocket client). */
export const openSocket = async (port: number): Promise<Socket> => {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
  const frames: ChatServerFrame[] = [];
  ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data)) as ChatServerFrame));
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('error', () => reject(new Error('the socket did not open')));
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: async (type, match) => {
      let found: ChatServerFrame | undefined;
      await vi.waitFor(
        () => {
          found = frames.find((f) => f.type === type && (!match || match(f as never)));
          expect(found, `a ${type} frame; got ${JSON.stringify(frames).slice(0, 500)}`).toBeDefined();
        },
        { timeout: 5000, interval: 10 },
      );
      return found as never;
    },
    messages: () => frames.flatMap((f) => (f.type === 'message' ? [f.message] : [])),
  };
};

/** Opens a socket and says hello; resolves once the server answers `ready`. */
export const helloSocket = async (
  port: number,
  hello: {
    as: 'member' | 'guest' | 'operator';
    token: string;
    after?: number;
    context?: Record<string, unknown>;
  },
) => {
  const s = await openSocket(port);
  s.send({ type: 'hello', ...hello });
  await s.next('ready');
  return s;
};
