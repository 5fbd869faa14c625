import type { ChatServerFrame } from '@mall/shared/contract/chat';

/**
 * A stand-in for the browser's WebSocket in the chat tests (`vi.stubGlobal('WebSocket',
 * FakeSocket)`): keeps every socket made and the frames sent on it; a test accepts it and
 * delivers the server's frames.
 */
export class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: ChatServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}
