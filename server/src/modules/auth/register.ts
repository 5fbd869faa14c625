import type { LoginResult } from '@mall/shared/contract/account';
import { hashPassword } from '../../lib/passwords.ts';
import {
  assertFree,
  getMember,
  insertMember,
  type RetailRegisterInput,
  type WholesaleRegisterInput,
} from '../customer/index.ts';
import { withCode } from './codes.ts';
import type { Client } from './plugin.ts';
import { type AccountServices, codeGuards } from './service.ts';

/**
 * Registers a member from a validated body: the e-mail and phone must be free (409 naming the
 * field), the code sent to the e-mail for `register` must be right; then the member is signed in.
 * Nothing is stored unless all of it succeeds.
 */
export const registerMember = async (
  services: AccountServices,
  client: Client,
  input: ({ kind: 'retail' } & RetailRegisterInput) | ({ kind: 'wholesale' } & WholesaleRegisterInput),
): Promise<LoginResult> => {
  await assertFree(services.db, {
    email: ['userAccount', input.userAccount],
    phone: ['userPhone', input.userPhone],
  });
  // The password is hashed only once the code checks out: a wrong code costs no hash.
  return withCode(
    services.db,
    { target: input.userAccount.toLowerCase(), purpose: 'register', code: input.code, memberId: null },
    async (tx) => {
      const passwordHash = await hashPassword(input.password);
      const created = await insertMember(tx, { ...input, passwordHash });
      const tokens = await services.auth.signIn(tx, created, client);
      return { ...tokens, member: await getMember(tx, created.id) };
    },
    await codeGuards(services, client.ip),
  );
};
