import type { MemberKind } from '@mall/shared/contract/account';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/** The member a request is made by, from a verified token whose session is live (modules/auth/plugin.ts). */
export interface RequestMember {
  id: number;
  kind: MemberKind;
  /** The session (login) the tokens belong to. */
  sessionId: string;
  /** A club member now (a change is announced to every process and shows on the next request). */
  vip: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or null for a guest (or a request whose tokens are not valid). */
    member: RequestMember | null;
    /** Why the tokens sent were not accepted; null when none were sent or they were accepted. */
    authProblem: string | null;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** Who is asking: the signed-in member or a guest, and why tokens sent were not accepted (a request is one). */
export interface Caller {
  member: RequestMember | null;
  authProblem: string | null;
}

/** The signed-in member, or 401: "Please log in first." without tokens, the session message with bad ones. */
export const requireMember = (caller: Caller): RequestMember => {
  if (caller.member) return caller.member;
  throw unauthorized(caller.authProblem ?? 'Please log in first.');
};

const KIND_LABEL: Record<MemberKind, string> = { retail: 'retail', wholesale: 'wholesale' };

/** The signed-in member of `kind`, else 401 (not signed in) or 403 (the other kind). */
export const requireKind = (request: FastifyRequest, kind: MemberKind): RequestMember => {
  const member = requireMember(request);
  if (member.kind !== kind) throw forbidden(`This call is for ${KIND_LABEL[kind]} members.`);
  return member;
};
