import type {
  AuditEntry,
  Dashboard,
  LoginAnswer,
  LoginBody,
  Me,
  NewOperator,
  Operator,
  OperatorChange,
  TotpEnrolment,
} from '@mall/shared/contract/admin/operator';
import type { Page } from '@mall/shared/contract/admin/page';
import { ApiError, type RequestOptions, request, type TokenSource } from '../../api/client.ts';
import { queryClient } from '../../state/query-client.ts';

export { OPERATOR_ROLES, type OperatorRole, ROLE_LABEL } from '@mall/shared/contract/admin/operator';
export type { AuditEntry, Dashboard, Me, Operator };

/**
 * The back office's calls (/api/admin, docs/back-office.md) go through the shop's one client
 * (web/src/api/client.ts) with the operator's token: kept for this browser tab only
 * (sessionStorage), never a member's. Failures are shown where they happen, never as toasts.
 */

const TOKEN_KEY = 'kauri-admin-token';
const refusedListeners = new Set<() => void>();

export const adminToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => {
    sessionStorage.removeItem(TOKEN_KEY);
    queryClient.removeQueries({ queryKey: ['admin'] });
  },
  /** Called when the server refuses the token (the login ended elsewhere); answers an unsubscribe. */
  onRefused: (listener: () => void) => {
    refusedListeners.add(listener);
    return () => {
      refusedListeners.delete(listener);
    };
  },
};

const operatorCredentials: TokenSource = {
  token: adminToken.get,
  refused: () => {
    adminToken.clear();
    for (const listener of refusedListeners) listener();
  },
};

// The back office shows what is in the database now: its reads are never served from an older
// answer, and a refusal is shown at once instead of being tried again.
queryClient.setQueryDefaults(['admin'], { staleTime: 0, retry: false, refetchOnWindowFocus: true });

type AdminOptions = Omit<RequestOptions, 'credentials' | 'toast'>;

/** One back-office call: `path` under /api/admin, resolving with the envelope's data. */
export const adminRequest = <T>(path: string, opts: AdminOptions = {}) =>
  request<T>(`/api/admin${path}`, { ...opts, toast: false, credentials: operatorCredentials });

export const adminGet = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
  adminRequest<T>(path, { query, signal });
export const adminSend = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  adminRequest<T>(path, { method, body });

/** The message to show for a failed call; `fallback` when it was not the server's refusal. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message ? err.message : fallback;

/** Query keys of the operators' own reads; each area keeps its own under ['admin', area]. */
export const operatorKeys = {
  me: ['admin', 'me'] as const,
  operators: ['admin', 'operators'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  audit: (pageNum: number, pageSize: number) => ['admin', 'audit', pageNum, pageSize] as const,
};

export const adminApi = {
  login: (body: LoginBody) => adminSend<LoginAnswer>('POST', '/login', body),
  logout: () => adminSend<null>('POST', '/logout'),
  me: () => adminGet<Me>('/me'),
  startTotp: () => adminSend<TotpEnrolment>('POST', '/me/totp'),
  confirmTotp: (code: string) => adminSend<Operator>('POST', '/me/totp/confirm', { code }),
  changePassword: (currentPassword: string, newPassword: string) =>
    adminSend<Operator>('POST', '/me/password', { currentPassword, newPassword }),
  operators: () => adminGet<Operator[]>('/operators'),
  createOperator: (body: NewOperator) => adminSend<Operator>('POST', '/operators', body),
  updateOperator: (id: number, change: OperatorChange) =>
    adminSend<Operator>('PATCH', `/operators/${id}`, change),
  resetAccess: (id: number, password: string) =>
    adminSend<Operator>('POST', `/operators/${id}/reset-access`, { password }),
  dashboard: () => adminGet<Dashboard>('/dashboard'),
  audit: (pageNum: number, pageSize: number) => adminGet<Page<AuditEntry>>('/audit', { pageNum, pageSize }),
};
