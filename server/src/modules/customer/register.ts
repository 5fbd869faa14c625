import type { LoginResult } from '@mall/shared/contract/account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withCode } from '../auth/codes.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  assertFree,
  getMember,
  insertMember,
  type RetailRegisterInput,
  type WholesaleRegisterInput,
} from './service.ts';

/**
 * Registers a member from a validated body: the e-mail and phone must be free (409 naming the
 * field), the code sent to the e-mail for `register` must be right; then the member is signed in.
 * Nothing is stored unless all of it succeeds.
 */
export const registerMember = async (
  app: FastifyInstance,
  request: FastifyRequest,
  input: ({ kind: 'retail' } & RetailRegisterInput) | ({ kind: 'wholesale' } & WholesaleRegisterInput),
): Promise<LoginResult> => {
  await assertFree(app.db, {
    email: ['userAccount', input.userAccount],
    phone: ['userPhone', input.userPhone],
  });
  const passwordHash = await hashPassword(input.password);
  return withCode(
    app.db,
    { target: input.userAccount.toLowerCase(), purpose: 'register', code: input.code, memberId: null },
    async (tx) => {
      const created = await insertMember(tx, { ...input, passwordHash });
      const tokens = await app.auth.signIn(tx, created, request);
      return { ...tokens, member: await getMember(tx, created.id) };
    },
  );
};
