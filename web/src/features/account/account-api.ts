import type {
  AccountInfo,
  AvatarUploadResult,
  CodePurpose,
  EmailChange,
  LoginBody,
  LoginResult,
  Member,
  MemberKind,
  PasswordChange,
  PasswordForget,
  PhoneChange,
  RetailProfileEdit,
  RetailRegister,
  SendCodeResult,
  WholesaleProfileEdit,
  WholesaleRegister,
} from '@mall/shared/contract/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountKeys, useSignedIn } from '../../api/account-queries.ts';
import { api } from '../../api/client.ts';
import { useSession } from '../../state/session-store.ts';

/**
 * The account calls (docs/calls.md: auth and account) and their TanStack Query hooks.
 * Forms show their own errors inline, so these calls never toast. Calls made without a session
 * (login, register, codes for register or password, password retrieval) send no token.
 */

const quiet = { toast: false } as const;
const guest = { toast: false, auth: false } as const;

export const loginRequest = (kind: MemberKind, body: LoginBody) =>
  api.post<LoginResult>(`/api/sys/auth/${kind}/login`, body, guest);

export const registerRetail = (body: RetailRegister) =>
  api.post<LoginResult>('/api/retail/customer/register', body, guest);

export const registerWholesale = (body: WholesaleRegister) =>
  api.post<LoginResult>('/api/wholesale/customer/register', body, guest);

/** PATCH /api/sys/message/send/code/{target}?purpose=: a 4-digit code to an e-mail or phone. */
export const sendCode = (target: string, purpose: CodePurpose) =>
  api.patch<SendCodeResult | null>(`/api/sys/message/send/code/${encodeURIComponent(target)}`, undefined, {
    query: { purpose },
    ...(purpose === 'register' || purpose === 'password' ? guest : quiet),
  });

export const forgetPassword = (body: PasswordForget) =>
  api.patch<null>('/api/sys/user/forget/pwd', body, guest);

export const changePassword = (body: PasswordChange) => api.patch<null>('/api/sys/user/pwd', body, quiet);

export const uploadAvatar = (file: File) =>
  api.upload<AvatarUploadResult>('/api/sys/file/upload/avatar', file, { ...quiet, field: 'file' });

/** A member in an answer, when the server sends one back (fields checked loosely). */
const memberOf = (data: unknown): Member | null =>
  data && typeof data === 'object' && 'userName' in data && 'kind' in data ? (data as Member) : null;

/** After a change: the member the server answered with, or the stored one with the changed fields. */
const applyMemberChange = (answer: unknown, patch: Partial<Member>) => {
  const fresh = memberOf(answer);
  if (fresh) useSession.getState().setMember(fresh);
  else useSession.getState().patchMember(patch);
};

/**
 * GET /api/sys/auth/user/info: the signed-in member, kept in the session store when fresher.
 * Returns the member to show: the stored one at once, null for a guest (the route loader has
 * sent guests to login; a session that ends on the page is handled by whoever ended it).
 */
export const useMemberInfo = (): Member | null => {
  const token = useSession((s) => s.token);
  const member = useSession((s) => s.member);
  const query = useQuery({
    queryKey: accountKeys.member(member?.id ?? 0),
    queryFn: () => api.get<Member>('/api/sys/auth/user/info', quiet),
    enabled: token !== null,
  });
  const fresh = query.data;
  useEffect(() => {
    if (fresh) useSession.getState().setMember(fresh);
  }, [fresh]);
  return token !== null ? member : null;
};

/** GET /api/{retail|wholesale}/customer/account/info: the member and their balances. */
export const useAccountInfo = () => {
  const member = useSignedIn();
  const kind = member?.kind ?? 'retail';
  const query = useQuery({
    queryKey: accountKeys.info(member?.id ?? 0, kind),
    queryFn: () => api.get<AccountInfo>(`/api/${kind}/customer/account/info`, quiet),
    enabled: member !== null,
  });
  const fresh = query.data?.member;
  useEffect(() => {
    if (fresh) useSession.getState().setMember(fresh);
  }, [fresh]);
  return query;
};

/** PUT /api/retail/customer/edit (both kinds, each with its own schema). */
export const useProfileEdit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetailProfileEdit | WholesaleProfileEdit) =>
      api.put<Member | null>('/api/retail/customer/edit', body, quiet),
    onSuccess: (answer, body) => {
      const patch: Partial<Member> = { userName: body.userName.trim() };
      if ('driverLicense' in body) patch.driverLicense = body.driverLicense?.trim() || null;
      if (body.address !== undefined) patch.address = body.address.trim() || null;
      if (body.avatarUrl !== undefined) patch.avatarUrl = body.avatarUrl;
      applyMemberChange(answer, patch);
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
};

/** PATCH /api/sys/user/email: the new e-mail, the code sent to it and the current password. */
export const useEmailChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailChange) => api.patch<Member | null>('/api/sys/user/email', body, quiet),
    onSuccess: (answer, body) => {
      applyMemberChange(answer, { userAccount: body.email.trim() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
};

/**
 * PATCH /api/sys/user/phone/{value}: the new phone in the path; the code sent to it and the
 * current password in the JSON body (never in the address).
 */
export const usePhoneChange = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ phone, ...body }: PhoneChange & { phone: string }) =>
      api.patch<Member | null>(`/api/sys/user/phone/${encodeURIComponent(phone)}`, body, quiet),
    onSuccess: (answer, { phone }) => {
      applyMemberChange(answer, { userPhone: phone });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
};
