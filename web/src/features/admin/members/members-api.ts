import type {
  CodeResent,
  MemberDetail,
  MemberPage,
  MemberProfile,
  MemberSearch,
} from '@mall/shared/contract/admin/members';
import { adminGet, adminSend } from '../admin-api.ts';

export type { MemberDetail, MemberPage } from '@mall/shared/contract/admin/members';

/** The back office's members calls (docs/back-office-members.md). */

/** The search fields as the form holds them: text, as typed (an empty one is not sent). */
export type MemberSearchForm = Record<'memberNo' | 'email' | 'phone' | 'name', string> & {
  kind: '' | NonNullable<MemberSearch['kind']>;
};

/** The members' reads: every key starts with ['admin', 'members'], so one change reads them all again. */
export const membersKeys = {
  all: ['admin', 'members'] as const,
  search: (s: MemberSearchForm, pageNum: number, pageSize: number) =>
    ['admin', 'members', 'search', s, pageNum, pageSize] as const,
  detail: (id: number) => ['admin', 'members', 'detail', id] as const,
};

const queryOf = (s: MemberSearchForm) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.trim()]));

export const membersApi = {
  search: (s: MemberSearchForm, pageNum: number, pageSize: number, signal?: AbortSignal) =>
    adminGet<MemberPage>('/members', { ...queryOf(s), pageNum, pageSize }, signal),
  detail: (id: number, signal?: AbortSignal) => adminGet<MemberDetail>(`/members/${id}`, undefined, signal),
  setDisabled: (id: number, disabled: boolean) =>
    adminSend<MemberProfile>('PATCH', `/members/${id}`, { disabled }),
  resendCode: (id: number) => adminSend<CodeResent>('POST', `/members/${id}/resend-code`),
};
