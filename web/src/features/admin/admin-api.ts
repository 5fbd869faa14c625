/**
 * The back office's calls (/api/admin, docs/back-office.md), apart from the shop's client: an
 * operator's token, kept for this browser tab only (sessionStorage), never a member's.
 */

export type OperatorRole = 'owner' | 'catalogue' | 'orders' | 'support';
export const OPERATOR_ROLES: readonly OperatorRole[] = ['owner', 'catalogue', 'orders', 'support'];
export const ROLE_LABEL: Record<OperatorRole, string> = {
  owner: 'Owner',
  catalogue: 'Catalogue',
  orders: 'Orders',
  support: 'Support',
};

export interface Me {
  id: number;
  name: string;
  role: OperatorRole;
  totp: boolean;
}

export interface Operator extends Me {
  disabled: boolean;
  createdAt: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  operatorName: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  list: AuditEntry[];
  total: number;
  page: number;
  size: number;
}

export interface Dashboard {
  today: { orders: number; takingsCents: number };
  week: { orders: number; takingsCents: number };
  toShip: { count: number; oldestPaidAt: string | null };
  closingSoon: { orderNo: string; payDeadline: string; totalCents: number }[];
  closingWithinMinutes: number;
  lowStock: {
    atMost: number;
    total: number;
    list: {
      skuId: number;
      skuCode: string;
      goodsName: string;
      orgId: number;
      orgName: string;
      quantity: number;
    }[];
  };
}

const TOKEN_KEY = 'kauri-admin-token';

export const adminToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** A refused call: its status and the server's message (with the fields it names). */
export class AdminApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
  }
}

export const adminCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const token = adminToken.get();
  const res = await fetch(`/api/admin${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json().catch(() => null)) as { message?: string; data?: T } | null;
  if (!res.ok) throw new AdminApiError(res.status, envelope?.message ?? `The server answered ${res.status}.`);
  return envelope?.data as T;
};

export const adminApi = {
  login: (body: { name: string; password: string; code?: string }) =>
    adminCall<{ codeRequired: boolean; token: string | null; operator: Operator | null }>(
      'POST',
      '/login',
      body,
    ),
  logout: () => adminCall<null>('POST', '/logout'),
  me: () => adminCall<Me>('GET', '/me'),
  startTotp: () => adminCall<{ secret: string; uri: string; qr: string }>('POST', '/me/totp'),
  confirmTotp: (code: string) => adminCall<Operator>('POST', '/me/totp/confirm', { code }),
  changePassword: (currentPassword: string, newPassword: string) =>
    adminCall<Operator>('POST', '/me/password', { currentPassword, newPassword }),
  operators: () => adminCall<Operator[]>('GET', '/operators'),
  createOperator: (body: { name: string; password: string; role: OperatorRole }) =>
    adminCall<Operator>('POST', '/operators', body),
  updateOperator: (id: number, change: { role?: OperatorRole; disabled?: boolean }) =>
    adminCall<Operator>('PATCH', `/operators/${id}`, change),
  resetAccess: (id: number, password: string) =>
    adminCall<Operator>('POST', `/operators/${id}/reset-access`, { password }),
  dashboard: () => adminCall<Dashboard>('GET', '/dashboard'),
  audit: (page: number, size: number) => adminCall<AuditPage>('GET', `/audit?page=${page}&size=${size}`),
};
