import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { OperatorRole } from './roles.ts';
import { operatorOfToken, type SignedInOperator } from './sessions.ts';

export const OPERATOR_LOGIN_FIRST = 'Please log in to the back office first.';
export const ROLE_REFUSED = 'Your role does not allow this.';

const MAX_TOKEN_LENGTH = 200;

/**
 * The operator of the request's `Authorization: Bearer` token when their role is in `roles`:
 * 401 without a live operator token (a member's token is not one), 403 for another role.
 */
export const requireOperator = async (
  db: Db,
  request: FastifyRequest,
  roles: readonly OperatorRole[],
): Promise<SignedInOperator> => {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  const token = m && m[1]!.length <= MAX_TOKEN_LENGTH ? m[1]! : null;
  const operator = token ? await operatorOfToken(db, token) : null;
  if (!operator) throw unauthorized(OPERATOR_LOGIN_FIRST);
  if (!roles.includes(operator.role)) throw forbidden(ROLE_REFUSED);
  return operator;
};
