import {
  CODE_LOCK_SECONDS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodePurpose,
  type LoginBody,
  type LoginResult,
  type MemberKind,
  type PasswordChange,
  type PasswordForget,
  type SendCodeResult,
} from '@mall/shared/contract/account';
import type { Db } from '../../db/client.ts';
import { type Caller, type RequestMember, requireMember } from '../../lib/auth.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import type { SmsSender } from '../../lib/sms.ts';
import {
  EMAIL_TAKEN,
  emailOwner,
  findCredentials,
  findMember,
  getMember,
  memberEmail,
  PHONE_TAKEN,
  phoneOwner,
  setPasswordHash,
} from '../customer/index.ts';
import type { MailQueue } from '../mail/index.ts';
import {
  type CodeGuards,
  type CodeTarget,
  codeTargetOf,
  issueCode,
  targetLocked,
  withCode,
  withdrawCode,
} from './codes.ts';
import { withCurrentPassword } from './current-password.ts';
import type { AuthRuntime, Client } from './plugin.ts';
import { revokeMemberSessions, revokeSession } from './sessions.ts';

/** Sign-in, sign-out, passwords and verification codes (docs/accounts.md). */

/** What the account services work with: plain parts, so a back office or a command can call them too. */
export interface AccountServices {
  db: Db;
  auth: AuthRuntime;
  /** Codes are sent straight away (the member waits for them); notices go through `mailQueue`. */
  mailer: Mailer;
  mailQueue: Pick<MailQueue, 'send'>;
  sms: SmsSender;
  /** The shop's name, in the code messages. */
  brand: string;
  /** Where a code that could not be sent is reported. */
  log: { error(details: object, message: string): void };
}

export const LOGIN_FAILED = 'The account or password is incorrect.';
export const ACCOUNT_DISABLED =
  'This account has been disabled by the shop. Please contact us if you think this is a mistake.';

/**
 * Signs a member of `kind` in. Every wrong credential (unknown account, wrong password, the other
 * kind's login) gets the same 401 after the same work, so the answer never tells which accounts
 * exist; the login guard counts it.
 */
export const login = async (
  services: AccountServices,
  client: Client,
  kind: MemberKind,
  body: LoginBody,
): Promise<LoginResult> => {
  // The try is taken before any password work: parallel tries cannot all pass the guard.
  const attempt = await services.auth.loginGuard.take(body.account, client.ip);
  const credentials = await findCredentials(services.db, body.account);
  let passwordOk: boolean;
  try {
    passwordOk = credentials
      ? await verifyPassword(credentials.passwordHash, body.password)
      : await verifyAgainstNothing(body.password);
  } catch (err) {
    await attempt.released();
    throw err;
  }
  if (!credentials || !passwordOk || credentials.kind !== kind) throw unauthorized(LOGIN_FAILED);
  await attempt.succeeded();
  // Said only to whoever knows the password, so it tells a guesser nothing.
  if (credentials.disabled) throw forbidden(ACCOUNT_DISABLED);
  const tokens = await services.auth.signIn(services.db, credentials, client);
  return { ...tokens, member: await getMember(services.db, credentials.id) };
};

/** Ends the request's session on the server (its access and refresh tokens stop working). */
export const logout = async (services: AccountServices, member: RequestMember | null) => {
  if (!member) return;
  await revokeSession(services.db, member.sessionId, 'logout');
  services.auth.forgetSession(member.sessionId);
};

/**
 * Changes the password with the old one and ends every session of the member, this one too. A
 * wrong old password is a failed login try (current-password.ts).
 */
export const changePassword = async (
  services: AccountServices,
  me: RequestMember,
  ip: string,
  body: PasswordChange,
) => {
  const email = await memberEmail(services.db, me.id);
  if (email === null) throw unauthorized('Please log in first.');
  await withCurrentPassword(
    services,
    { id: me.id, email },
    ip,
    { field: 'oldPassword', password: body.oldPassword },
    async (checkPassword) => {
      await checkPassword();
      const hash = await hashPassword(body.newPassword);
      await services.db.transaction(async (tx) => {
        await setPasswordHash(tx, me.id, hash);
        await revokeMemberSessions(tx, me.id, 'password');
      });
    },
  );
  services.auth.forgetMember(me.id);
};

/**
 * Sets a new password with the code sent to the account's e-mail or phone (purpose `password`)
 * and ends every session. An unknown account fails exactly like a wrong code.
 */
export const forgetPassword = async (services: AccountServices, client: Client, body: PasswordForget) => {
  const target = codeTargetOf(body.account);
  if (!target)
    throw badRequest({
      field: 'account',
      message: 'Enter your e-mail address or phone number (digits only).',
    });
  const owner =
    target.kind === 'email'
      ? await emailOwner(services.db, target.value)
      : await phoneOwner(services.db, target.value);
  // The new password is hashed only once the code checks out: a wrong code costs no hash.
  await withCode(
    services.db,
    { target: target.value, purpose: 'password', code: body.code, memberId: owner },
    async (tx) => {
      if (owner === null)
        throw badRequest({ field: 'code', message: 'The verification code is not correct.' });
      await setPasswordHash(tx, owner, await hashPassword(body.newPassword));
      await revokeMemberSessions(tx, owner, 'password');
    },
    await codeGuards(services, client.ip),
  );
  if (owner !== null) services.auth.forgetMember(owner);
  await services.auth.loginGuard.cleared(body.account);
};

const targetLabel = (t: CodeTarget) => (t.kind === 'email' ? 'e-mail address' : 'phone number');

/**
 * The guards of one code check: the client address's try (taken now, 429 past its cap) and the
 * mail to the target's owner when the target is locked by it (docs/accounts.md: verification codes).
 */
export const codeGuards = async (services: AccountServices, ip: string): Promise<CodeGuards> => ({
  addressTry: await services.auth.codeGuard.take(ip),
  onLocked: (target) => tellOwnerOfLock(services, target),
});

/**
 * Tells whoever holds `target` that it was locked: an e-mail address by mail; a phone by mail to
 * the member who has it, else by text message.
 */
const tellOwnerOfLock = async (services: AccountServices, rawTarget: string) => {
  const target = codeTargetOf(rawTarget);
  if (!target) return;
  const { brand } = services;
  const hours = Math.round(CODE_LOCK_SECONDS / 3600);
  const text = `Too many wrong verification codes were just tried for your ${targetLabel(target)} at ${brand}. No new code will be sent to it for ${hours} hour${hours === 1 ? '' : 's'}. If this was not you, someone may be trying to get into your account: your password still works, and nobody can sign in without it.`;
  const subject = `Wrong verification codes were tried for your ${brand} account`;
  try {
    if (target.kind === 'email') {
      await services.mailQueue.send({ to: target.value, subject, text });
      return;
    }
    const owner = await phoneOwner(services.db, target.value);
    const member = owner === null ? null : await findMember(services.db, owner);
    if (member) await services.mailQueue.send({ to: member.userAccount, subject, text });
    else await services.sms.send({ to: target.value, text });
  } catch (err) {
    services.log.error({ err }, 'the notice of a locked code target could not be sent');
  }
};

/**
 * Sends a verification code to `rawTarget` for `purpose`:
 * - register: an e-mail nobody uses (409 otherwise);
 * - password: sent only when a member has this e-mail or phone, the answer is the same either way;
 * - email, phone: for the signed-in member, to a new address or number nobody else uses.
 * At most one code per target per minute (429 saying how long to wait).
 */
export const sendCode = async (
  services: AccountServices,
  caller: Caller,
  rawTarget: string,
  purpose: CodePurpose,
): Promise<SendCodeResult> => {
  const target = codeTargetOf(rawTarget);
  if (!target)
    throw badRequest({
      field: 'target',
      message: 'Enter an e-mail address or a phone number (digits only).',
    });
  const ownerOf = (t: CodeTarget) =>
    t.kind === 'email' ? emailOwner(services.db, t.value) : phoneOwner(services.db, t.value);

  let memberId: number | null = null;
  if (target.kind === 'phone' && services.sms.kind === 'none')
    throw conflict({
      field: 'target',
      message: 'This shop cannot send text messages yet. Please use your e-mail address.',
    });
  let deliver = true;
  if (purpose === 'register') {
    if (target.kind !== 'email')
      throw badRequest({ field: 'target', message: 'The register code is sent to your e-mail address.' });
    if ((await ownerOf(target)) !== null) throw conflict({ field: 'target', message: EMAIL_TAKEN });
  } else if (purpose === 'password') {
    memberId = await ownerOf(target);
    deliver = memberId !== null;
  } else {
    const me = requireMember(caller);
    if (target.kind !== purpose) {
      throw badRequest({
        field: 'target',
        message: `Enter the new ${purpose === 'email' ? 'e-mail address' : 'phone number'}.`,
      });
    }
    const owner = await ownerOf(target);
    if (owner === me.id)
      throw badRequest({ field: 'target', message: `This is already your ${targetLabel(target)}.` });
    if (owner !== null)
      throw conflict({ field: 'target', message: target.kind === 'email' ? EMAIL_TAKEN : PHONE_TAKEN });
    memberId = me.id;
  }

  const issued = await issueCode(services.db, target.value, purpose, memberId);
  if (!issued.sent) throw notSent(target, issued);
  if (deliver) {
    const send = () => deliverCode(services, target, issued.code);
    if (purpose === 'password') {
      // Not awaited: a known account must not answer slower than an unknown one.
      send().catch(async (err: unknown) => {
        services.log.error({ err }, 'the password code could not be sent');
        await withdrawCode(services.db, target.value).catch(() => {});
      });
    } else {
      try {
        await send();
      } catch (err) {
        services.log.error({ err }, 'the verification code could not be sent');
        await withdrawCode(services.db, target.value);
        throw serviceUnavailable(
          `We could not send the code to this ${targetLabel(target)}. Please try again later.`,
        );
      }
    }
  }
  return { resendAfterSeconds: CODE_RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
};

/** The 429 of a code not issued: one was sent less than a minute ago, or the target is locked. */
const notSent = (target: CodeTarget, issued: { waitSeconds: number; locked: boolean }) =>
  issued.locked
    ? targetLocked(targetLabel(target), issued.waitSeconds)
    : tooManyRequests(
        `A code was sent to this ${targetLabel(target)} less than a minute ago. Please wait ${issued.waitSeconds} s before asking again.`,
        issued.waitSeconds,
      );

/**
 * Sends member `memberId` a new verification code to their e-mail address, asked by the shop
 * (back office): the code of a forgotten password, with which they set a new one and sign in. The
 * same limits as the member asking themself: one code per address a minute, none while locked (429).
 */
export const resendMemberCode = async (
  services: AccountServices,
  memberId: number,
): Promise<SendCodeResult & { to: string }> => {
  const email = await memberEmail(services.db, memberId);
  if (email === null) throw notFound('There is no such member.');
  const target: CodeTarget = { kind: 'email', value: email.toLowerCase() };
  const issued = await issueCode(services.db, target.value, 'password', memberId);
  if (!issued.sent) throw notSent(target, issued);
  try {
    await deliverCode(services, target, issued.code);
  } catch (err) {
    services.log.error({ err }, 'the verification code could not be sent');
    await withdrawCode(services.db, target.value);
    throw serviceUnavailable('The code could not be sent to this e-mail address. Please try again later.');
  }
  return { to: email, resendAfterSeconds: CODE_RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
};

const deliverCode = async (services: AccountServices, target: CodeTarget, code: string) => {
  const { brand } = services;
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const text = `Your ${brand} verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`;
  // Written to the log only while mail goes to the outbox (development): a shop with a mail
  // server never logs a code, not even one it texts.
  const logFields = services.mailer.kind === 'outbox' ? { code } : undefined;
  if (target.kind === 'email') {
    await services.mailer.send({
      to: target.value,
      subject: `Your ${brand} verification code is ${code}`,
      text,
      logFields,
    });
  } else {
    await services.sms.send({ to: target.value, text, logFields });
  }
};
