import { HEADER, REQUEST_TIMEOUT_MS, storeHeaderValue } from '@mall/shared/constants';
import type { Envelope, FieldError, FieldErrors } from '@mall/shared/envelope';
import { type RefusalReason, reasonOfStatus } from '@mall/shared/reasons';
import { appConfig } from '../lib/app-config.ts';
import { useSession } from '../state/session-store.ts';

/**
 * A failed call: `code` is the envelope code (or the HTTP status when there is no envelope);
 * `fieldErrors` the fields the server named (`data.errors` of its envelope), none for a refusal
 * in plain words or a failure without an envelope.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly fieldErrors: readonly FieldError[];
  /** Seconds to wait before trying again (a 429's Retry-After header); null when not said. */
  readonly retryAfterSeconds: number | null;
  /**
   * Why the server refused (@mall/shared/reasons): what code branches on, never the message.
   * Null when no answer came (a network failure, a timeout).
   */
  readonly reason: RefusalReason | null;
  constructor(
    message: string,
    code: number,
    status: number,
    fieldErrors: readonly FieldError[] = [],
    retryAfterSeconds: number | null = null,
    reason: RefusalReason | null = status > 0 ? reasonOfStatus(status) : null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
    this.reason = reason;
  }
}

/** The reason a failure envelope gives, else its status's (an answer from something other than the shop). */
const reasonIn = (envelope: unknown, status: number): RefusalReason => {
  const reason = (envelope as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? (reason as RefusalReason) : reasonOfStatus(status);
};

/** `data.errors` of a failure envelope (read as sent, like the rest of the envelope; zod stays out of the first page). */
const fieldErrorsIn = (data: unknown): readonly FieldError[] => {
  const errors = (data as Partial<FieldErrors> | null | undefined)?.errors;
  return Array.isArray(errors) ? errors : [];
};

/**
 * Whose bearer token a call carries when it is not the member's session: the back office's
 * operator token (web/src/features/admin/admin-api.ts). Such a call sends no refresh token or
 * organisation, takes no refreshed tokens from the answer, and a refused token (body code 401)
 * is handed back to the source instead of ending the member's session.
 */
export interface TokenSource {
  token(): string | null;
  /** The server refused the token: forget it (the source tells its app to sign in again). */
  refused(message: string): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Show a failure's message as a toast (default true). */
  toast?: boolean;
  /** Send the bearer token (default true: every call is authenticated when a token exists). */
  auth?: boolean;
  /** Reject on failure (default true). When false, a failed call is left unresolved (docs/calls.md). */
  catch?: boolean;
  /** 'blob' passes binary responses straight through. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Another bearer than the member's session (default: the session's). */
  credentials?: TokenSource;
}

/** What the client needs from the app around it; set once by the app shell (and by tests). */
export interface ApiHooks {
  toast(message: string): void;
  /** Body code 401 while logged in: the session is already cleared; show 'Tip' and go to login. */
  sessionExpired(message: string): void;
}
let hooks: ApiHooks = { toast: () => {}, sessionExpired: () => {} };
export const configureApiClient = (h: ApiHooks) => {
  hooks = h;
};

const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';
const TIMEOUT_MESSAGE = 'The request timed out. Please try again.';

const buildUrl = (path: string, query?: RequestOptions['query']) => {
  const url = path.startsWith('/') ? path : `/${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
};

const requestHeaders = (opts: RequestOptions): Headers => {
  const headers = new Headers(opts.headers);
  headers.set(HEADER.store, storeHeaderValue(appConfig.mode));
  if (opts.credentials) {
    const token = opts.auth === false ? null : opts.credentials.token();
    if (token) headers.set(HEADER.authorization, `Bearer ${token}`);
  } else {
    const { token, refreshToken, orgId } = useSession.getState();
    if (opts.auth !== false && token) headers.set(HEADER.authorization, `Bearer ${token}`);
    if (opts.auth !== false && refreshToken) headers.set(HEADER.refreshToken, refreshToken);
    if (orgId !== null) headers.set(HEADER.orgId, String(orgId));
  }
  if (opts.body !== undefined && !(opts.body instanceof FormData))
    headers.set('Content-Type', 'application/json');
  return headers;
};

/** docs/accounts.md, refresh: the server may hand back a new token pair in the response headers. */
const storeRefreshedTokens = (res: Response) => {
  const accessToken = res.headers.get(HEADER.accessToken);
  const refreshToken = res.headers.get(HEADER.refreshToken);
  if (accessToken || refreshToken) useSession.getState().setTokens({ accessToken, refreshToken });
};

/** Retry-After in whole seconds (the server sends seconds, never a date); null when absent. */
const retryAfterOf = (res: Response): number | null => {
  const raw = res.headers.get('Retry-After');
  return raw && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
};

/**
 * A binary answer: a File named as its Content-Disposition says (the server names an export), else
 * the plain Blob.
 */
const fileOf = (blob: Blob, res: Response): Blob => {
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1];
  return name ? new File([blob], name, { type: blob.type }) : blob;
};

const unresolved = <T>() => new Promise<T>(() => {});

/**
 * The one HTTP client of the storefront: sends the session headers, unwraps the envelope and
 * applies the answer rules of docs/calls.md. Resolves with `data`.
 */
export const request = async <T>(path: string, opts: RequestOptions = {}): Promise<T> => {
  const fail = (
    message: string,
    code: number,
    status: number,
    toast = opts.toast !== false,
    fieldErrors: readonly FieldError[] = [],
    retryAfterSeconds: number | null = null,
    /** The answer's reason; left out, ApiError gives the status's. */
    reason?: RefusalReason,
  ): Promise<T> => {
    if (toast && message) hooks.toast(message);
    if (opts.catch === false) return unresolved<T>();
    return Promise.reject(new ApiError(message, code, status, fieldErrors, retryAfterSeconds, reason));
  };

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', abortFromCaller);
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers: requestHeaders(opts),
      body:
        opts.body === undefined
          ? undefined
          : opts.body instanceof FormData
            ? opts.body
            : JSON.stringify(opts.body),
      signal: controller.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return fail(timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE, 0, 0);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', abortFromCaller);
  }
  if (!opts.credentials) storeRefreshedTokens(res);

  if (opts.responseType === 'blob' && res.ok) return fileOf(await res.blob(), res) as T;

  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }

  const code = envelope?.code ?? res.status;
  if (code === 401 && opts.auth !== false && opts.credentials?.token()) {
    const message = envelope?.message || 'Your session has expired. Please log in again.';
    opts.credentials.refused(message);
    return fail(message, 401, res.status, false, [], null, reasonIn(envelope, res.status));
  }
  // A call sent without the token (login, register, retrieval) cannot have had it refused: its
  // 401 is an ordinary refusal (e.g. a wrong password) and leaves the session alone.
  if (code === 401 && opts.auth !== false && !opts.credentials && useSession.getState().token !== null) {
    const message = envelope?.message || 'Your session has expired. Please log in again.';
    useSession.getState().clear();
    hooks.sessionExpired(message);
    return fail(message, 401, res.status, false);
  }
  if (!res.ok || !envelope || typeof envelope !== 'object') {
    return fail(
      envelope?.message || `The server answered ${res.status}. Please try again later.`,
      code,
      res.status,
      undefined,
      fieldErrorsIn(envelope?.data),
      retryAfterOf(res),
      reasonIn(envelope, res.status),
    );
  }
  if (!envelope.success)
    return fail(
      envelope.message,
      code,
      res.status,
      undefined,
      fieldErrorsIn(envelope.data),
      null,
      reasonIn(envelope, res.status),
    );
  return envelope.data;
};

export interface UploadOptions extends Omit<RequestOptions, 'method' | 'body'> {
  /** The form field that carries the file (default 'file'). */
  field?: string;
  /** The file name sent with it (default the File's own name). */
  fileName?: string;
  /** Other form fields sent beside the file. */
  fields?: Record<string, string>;
}

/** 'UPLOAD' (docs/calls.md): one file as a multipart POST (the browser sets the boundary). */
const upload = <T>(
  path: string,
  file: Blob,
  { field = 'file', fileName, fields, ...opts }: UploadOptions = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
  const name = fileName ?? (file instanceof File ? file.name : 'upload');
  form.append(field, file, name);
  return request<T>(path, { ...opts, method: 'POST', body: form });
};

/** Bytes of an upload sent so far, of the whole body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * An upload that reports its progress (bytes sent), which `fetch` cannot: one file as a multipart
 * POST over XMLHttpRequest with the same headers and answer rules as every call, except that an
 * upload that gets no answer, or a server error, fails with `failedMessage` (docs/order-import.md: an
 * upload failure shows an upload-failed message). Never toasts: the page shows the failure.
 */
const uploadWithProgress = <T>(
  path: string,
  file: Blob,
  opts: { fileName?: string; failedMessage: string; onProgress(p: UploadProgress): void; onSent?(): void },
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, opts.fileName ?? (file instanceof File ? file.name : 'upload'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    requestHeaders({}).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.onprogress = (e) =>
      opts.onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => opts.onSent?.();
    const failed = () => reject(new ApiError(opts.failedMessage, 0, xhr.status));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.onload = () => {
      const accessToken = xhr.getResponseHeader(HEADER.accessToken);
      const refreshToken = xhr.getResponseHeader(HEADER.refreshToken);
      if (accessToken || refreshToken) useSession.getState().setTokens({ accessToken, refreshToken });
      let envelope: Envelope<T> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        envelope = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.success) return resolve(envelope.data);
      if (xhr.status >= 400 && xhr.status < 500 && envelope?.message) {
        return reject(
          new ApiError(envelope.message, envelope.code, xhr.status, [], null, reasonIn(envelope, xhr.status)),
        );
      }
      failed();
    };
    xhr.send(form);
  });

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'DELETE' }),
  upload,
  uploadWithProgress,
};
