import { type FieldError, fieldErrorText } from '@mall/shared/envelope';
import { type RefusalReason, reasonOfStatus } from '@mall/shared/reasons';
import { vi } from 'vitest';

/** One call as the stub saw it. */
export interface SeenCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, or the FormData of an upload. */
  body: unknown;
}

/**
 * What a handler answers: data (success), or a refusal with an HTTP status and a message, the
 * fields it names (`data.errors`) and its reason (its status's unless given) as the server sends them.
 */
export type Reply =
  | { data: unknown }
  | { status: number; message: string; errors?: FieldError[]; reason?: RefusalReason };
export type Handler = Reply | ((call: SeenCall) => Reply | Promise<Reply>);

const respond = (reply: Reply) => {
  const ok = 'data' in reply;
  const status = ok ? 200 : reply.status;
  return new Response(
    JSON.stringify(
      ok
        ? { success: true, code: 200, message: 'ok', data: reply.data }
        : {
            success: false,
            code: reply.status,
            message: reply.message,
            data: reply.errors ? { errors: reply.errors } : null,
            reason: reply.reason ?? reasonOfStatus(reply.status),
          },
    ),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
};

/** A refusal naming one field, as the server words it: message "field: message", the field as data. */
export const fieldRefusal = (status: number, field: string, message: string): Reply => ({
  status,
  message: fieldErrorText({ field, message }),
  errors: [{ field, message }],
});

/**
 * Stubs `fetch` for the account calls: handlers by "METHOD /path" (no query string). Unknown
 * calls answer a 404 envelope. Returns the calls seen, in order.
 */
export const stubAccountApi = (handlers: Record<string, Handler>) => {
  const calls: SeenCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === 'string' ? JSON.parse(raw) : undefined;
    const call: SeenCall = {
      method,
      path: decodeURIComponent(url.pathname),
      url,
      headers: new Headers(init?.headers),
      body,
    };
    calls.push(call);
    const handler = handlers[`${method} ${call.path}`] ?? handlers[`${method} ${url.pathname}`];
    if (!handler) return respond({ status: 404, message: `No stub for ${method} ${url.pathname}` });
    return respond(typeof handler === 'function' ? await handler(call) : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
};
