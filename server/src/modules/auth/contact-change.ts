import type { Member } from '@mall/shared/contract/account';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertFree, emailOwner, getMember, phoneOwner, setEmail, setPhone } from '../customer/service.ts';
import { type CodeGuards, withCode } from './codes.ts';

/**
 * A member's e-mail or phone changes only with the code sent to the new one (purpose `email` or
 * `phone`, codes.ts); the new one must not be the member's already, nor anyone else's (409).
 */

export const changeEmail = async (
  db: Db,
  memberId: number,
  { email, code }: { email: string; code: string },
  guards: () => Promise<CodeGuards>,
): Promise<Member> => {
  if ((await emailOwner(db, email)) === memberId) {
    throw badRequest({ field: 'email', message: 'This is already your e-mail address.' });
  }
  await assertFree(db, { email: ['email', email] }, memberId);
  await withCode(
    db,
    { target: email.toLowerCase(), purpose: 'email', code, memberId },
    (tx) => setEmail(tx, memberId, email),
    await guards(),
  );
  return getMember(db, memberId);
};

export const changePhone = async (
  db: Db,
  memberId: number,
  { phone, code }: { phone: string; code: string },
  guards: () => Promise<CodeGuards>,
): Promise<Member> => {
  if ((await phoneOwner(db, phone)) === memberId) {
    throw badRequest({ field: 'value', message: 'This is already your phone number.' });
  }
  await assertFree(db, { phone: ['value', phone] }, memberId);
  await withCode(
    db,
    { target: phone, purpose: 'phone', code, memberId },
    (tx) => setPhone(tx, memberId, phone),
    await guards(),
  );
  return getMember(db, memberId);
};
