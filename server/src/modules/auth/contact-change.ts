import type { EmailChange, Member, PhoneChange } from '@mall/shared/contract/account';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestMember } from '../../lib/auth.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertFree, emailOwner, getMember, phoneOwner, setEmail, setPhone } from '../customer/index.ts';
import type { MailQueue } from '../mail/index.ts';
import { type CodeGuards, withCode } from './codes.ts';
import { withCurrentPassword } from './current-password.ts';
import type { AuthRuntime } from './plugin.ts';

/**
 * A member's e-mail or phone changes only with the code sent to the new one (purpose `email` or
 * `phone`, codes.ts) and the member's current password (current-password.ts: a wrong one is a
 * failed login try); the new one must not be the member's already, nor anyone else's (409).
 * Cheap checks first: the password is hashed only once the code is right, inside the change's
 * transaction, so a wrong password leaves the code usable and changes nothing. Once changed, the
 * old address is told by mail (docs/accounts.md: changing the e-mail or phone).
 */

export interface ContactChangeServices {
  db: Db;
  auth: Pick<AuthRuntime, 'loginGuard'>;
  /** The mail queue: a notice is queued, so the mail server being away does not lose it. */
  mailQueue: Pick<MailQueue, 'send'>;
  brand: string;
  log: { error(details: object, message: string): void };
}

export interface ContactChangeCaller {
  member: RequestMember;
  ip: string;
  /** The code guards of this check (codes.ts), taken once the cheap checks passed. */
  guards: () => Promise<CodeGuards>;
}

/** `kiri.t@example.co.nz` as `k*****@example.co.nz`: enough for its owner to know it, little for anyone else. */
export const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}*****${email.slice(at)}`;
};

const changed = async <T>(
  services: ContactChangeServices,
  caller: ContactChangeCaller,
  password: string,
  check: { target: string; purpose: 'email' | 'phone'; code: string },
  apply: (tx: Tx) => Promise<T>,
) => {
  const before = await getMember(services.db, caller.member.id);
  await withCurrentPassword(
    services,
    { id: before.id, email: before.userAccount },
    caller.ip,
    { field: 'password', password },
    async (checkPassword) =>
      withCode(
        services.db,
        { ...check, memberId: before.id },
        async (tx) => {
          await checkPassword();
          return apply(tx);
        },
        await caller.guards(),
      ),
  );
  return before;
};

/** Tells the member by mail at `to` (queued; the change is made, so a mail that cannot even be queued is only logged). */
const tell = async (services: ContactChangeServices, to: string, subject: string, text: string) => {
  try {
    await services.mailQueue.send({ to, subject, text });
  } catch (err) {
    services.log.error({ err }, 'the notice of a changed e-mail or phone could not be queued');
  }
};

const notYou = (brand: string) =>
  `If you did not make this change, someone may know your password: please contact ${brand} customer service at once, so we can give the account back to you.`;

export const changeEmail = async (
  services: ContactChangeServices,
  caller: ContactChangeCaller,
  { email, code, password }: EmailChange,
): Promise<Member> => {
  const { db, brand } = services;
  const memberId = caller.member.id;
  if ((await emailOwner(db, email)) === memberId) {
    throw badRequest({ field: 'email', message: 'This is already your e-mail address.' });
  }
  await assertFree(db, { email: ['email', email] }, memberId);
  const before = await changed(
    services,
    caller,
    password,
    { target: email.toLowerCase(), purpose: 'email', code },
    (tx) => setEmail(tx, memberId, email),
  );
  await tell(
    services,
    before.userAccount,
    `The e-mail address of your ${brand} account was changed`,
    `The e-mail address of your ${brand} account was changed from ${before.userAccount} to ${maskedEmail(email)}. From now on you log in with the new address, and our mail goes there.\n\n${notYou(brand)}`,
  );
  return getMember(db, memberId);
};

export const changePhone = async (
  services: ContactChangeServices,
  caller: ContactChangeCaller,
  phone: string,
  { code, password }: PhoneChange,
): Promise<Member> => {
  const { db, brand } = services;
  const memberId = caller.member.id;
  if ((await phoneOwner(db, phone)) === memberId) {
    throw badRequest({ field: 'value', message: 'This is already your phone number.' });
  }
  await assertFree(db, { phone: ['value', phone] }, memberId);
  const before = await changed(services, caller, password, { target: phone, purpose: 'phone', code }, (tx) =>
    setPhone(tx, memberId, phone),
  );
  const from = before.userPhone ? ` from the number ending ${before.userPhone.slice(-4)}` : '';
  await tell(
    services,
    before.userAccount,
    `The phone number of your ${brand} account was changed`,
    `The phone number of your ${brand} account was changed${from} to the number ending ${phone.slice(-4)}. You can log in with the new number.\n\n${notYou(brand)}`,
  );
  return getMember(db, memberId);
};
