import { CHAT_SOCKET_PATH } from '@mall/shared/chat-rules';
import type { ChatClientFrame, ChatServerFrame } from '@mall/shared/contract/chat';

export type ChatSocketStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface ChatSocketOptions {
  /** The hello frame for each (re)connection: who is asking and the last message id the panel has. */
  hello(): ChatClientFrame & { type: 'hello' };
  onFrame(frame: ChatServerFrame): void;
  onStatus(status: ChatSocketStatus): void;
  /** Refused (not signed in any more, too many sockets): answer true to try once more. */
  onRefused?(code: number): Promise<boolean>;
  /** For tests: the WebSocket class and the wait before reconnecting. */
  WebSocketImpl?: typeof WebSocket;
  retryMs?: (attempt: number) => number;
}

export const chatSocketUrl = (loc: Location = window.location) =>
  `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${CHAT_SOCKET_PATH}`;

/**
 * The chat's socket (docs/chat.md): says hello on every (re)connection with the last message id
 * the panel holds, so the server sends what came after; reconnects after a drop, waiting a little
 * longer each time (at most 10 s).
 */
export const openChatSocket = (opts: ChatSocketOptions) => {
  const Impl = opts.WebSocketImpl ?? WebSocket;
  const retryMs = opts.retryMs ?? ((n: number) => Math.min(10_000, 500 * 2 ** n));
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retried = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    opts.onStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new Impl(chatSocketUrl());
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify(opts.hello()));
    socket.onmessage = (e) => {
      let frame: ChatServerFrame;
      try {
        frame = JSON.parse(String(e.data)) as ChatServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        attempt = 0;
        retried = false;
        opts.onStatus('open');
      }
      opts.onFrame(frame);
    };
    socket.onclose = (e) => {
      if (ws !== socket || stopped) return;
      ws = null;
      if (e.code >= 4400 && e.code < 4500) {
        if (retried || !opts.onRefused) return opts.onStatus('refused');
        retried = true;
        void opts.onRefused(e.code).then((again) => {
          if (again && !stopped) connect();
          else opts.onStatus('refused');
        });
        return;
      }
      opts.onStatus('reconnecting');
      timer = setTimeout(connect, retryMs(attempt++));
    };
  };
  connect();

  return {
    /** Sends a frame; false when the socket is not open (the panel says it is reconnecting). */
    send: (frame: ChatClientFrame): boolean => {
      if (!ws || ws.readyState !== Impl.OPEN) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
    close: () => {
      stopped = true;
      clearTimeout(timer);
      ws?.close(1000);
      ws = null;
    },
  };
};
