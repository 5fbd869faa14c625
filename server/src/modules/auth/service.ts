import {
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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireMember } from '../../lib/auth.ts';
import { badRequest, conflict, serviceUnavailable, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import {
  EMAIL_TAKEN,
  emailOwner,
  findCredentials,
  findPasswordHash,
  getMember,
  PHONE_TAKEN,
  phoneOwner,
  setPasswordHash,
} from '../customer/service.ts';
import { type CodeTarget, codeTargetOf, issueCode, withCode, withdrawCode } from './codes.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { revokeMemberSessions, revokeSession } from './sessions.ts';

/** Sign-in, sign-out, passwords and verification codes (spec section 7, "Auth and account"). */

export const LOGIN_FAILED = 'The account or password is incorrect.';

/**
 * Signs a member of `kind` in. Every wrong credential (unknown account, wrong password, the other
 * kind's login) gets the same 401 after the same work, so the answer never tells which accounts
 * exist; the login guard counts it.
 */
export const login = async (
  app: FastifyInstance,
  request: FastifyRequest,
  kind: MemberKind,
  body: LoginBody,
): Promise<LoginResult> => {
  const guard = app.auth.loginGuard;
  await guard.check(body.account, request.ip);
  const credentials = await findCredentials(app.db, body.account);
  const passwordOk = credentials
    ? await verifyPassword(credentials.passwordHash, body.password)
    : await verifyAgainstNothing(body.password);
  if (!credentials || !passwordOk || credentials.kind !== kind) {
    await guard.failed(body.account, request.ip);
    throw unauthorized(LOGIN_FAILED);
  }
  await guard.succeeded(body.account);
  const tokens = await app.auth.signIn(app.db, credentials, request);
  return { ...tokens, member: await getMember(app.db, credentials.id) };
};

/** Ends the request's session on the server (its access and refresh tokens stop working). */
export const logout = async (app: FastifyInstance, request: FastifyRequest) => {
  if (!request.member) return;
  await revokeSession(app.db, request.member.sessionId, 'logout');
  app.auth.forgetSession(request.member.sessionId);
};

/** Changes the password with the old one and ends every session of the member, this one too. */
export const changePassword = async (app: FastifyInstance, request: FastifyRequest, body: PasswordChange) => {
  const me = requireMember(request);
  const stored = await findPasswordHash(app.db, me.id);
  if (!stored || !(await verifyPassword(stored, body.oldPassword))) {
    throw badRequest({ field: 'oldPassword', message: 'The current password is not correct.' });
  }
  const hash = await hashPassword(body.newPassword);
  await app.db.transaction(async (tx) => {
    await setPasswordHash(tx as unknown as Db, me.id, hash);
    await revokeMemberSessions(tx as unknown as Db, me.id, 'password');
  });
  app.auth.forgetMember(me.id);
};

/**
 * Sets a new password with the code sent to the account's e-mail or phone (purpose `password`)
 * and ends every session. An unknown account fails exactly like a wrong code.
 */
export const forgetPassword = async (app: FastifyInstance, body: PasswordForget) => {
  const target = codeTargetOf(body.account);
  if (!target)
    throw badRequest({
      field: 'account',
      message: 'Enter your e-mail address or phone number (digits only).',
    });
  const owner =
    target.kind === 'email' ? await emailOwner(app.db, target.value) : await phoneOwner(app.db, target.value);
  const hash = await hashPassword(body.newPassword);
  await withCode(
    app.db,
    { target: target.value, purpose: 'password', code: body.code, memberId: owner },
    async (tx) => {
      if (owner === null)
        throw badRequest({ field: 'code', message: 'The verification code is not correct.' });
      await setPasswordHash(tx, owner, hash);
      await revokeMemberSessions(tx, owner, 'password');
    },
  );
  if (owner !== null) app.auth.forgetMember(owner);
  await app.auth.loginGuard.succeeded(body.account);
};

const targetLabel = (t: CodeTarget) => (t.kind === 'email' ? 'e-mail address' : 'phone number');

/**
 * Sends a verification code to `rawTarget` for `purpose`:
 * - register: an e-mail nobody uses (409 otherwise);
 * - password: sent only when a member has this e-mail or phone, the answer is the same either way;
 * - email, phone: for the signed-in member, to a new address or number nobody else uses.
 * At most one code per target per minute (429 saying how long to wait).
 */
export const sendCode = async (
  app: FastifyInstance,
  request: FastifyRequest,
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
    t.kind === 'email' ? emailOwner(app.db, t.value) : phoneOwner(app.db, t.value);

  let memberId: number | null = null;
  let deliver = true;
  if (purpose === 'register') {
    if (target.kind !== 'email')
      throw badRequest({ field: 'target', message: 'The register code is sent to your e-mail address.' });
    if ((await ownerOf(target)) !== null) throw conflict({ field: 'target', message: EMAIL_TAKEN });
  } else if (purpose === 'password') {
    memberId = await ownerOf(target);
    deliver = memberId !== null;
  } else {
    const me = requireMember(request);
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

  const issued = await issueCode(app.db, target.value, purpose, memberId);
  if (!issued.sent) {
    throw tooManyRequests(
      `A code was sent to this ${targetLabel(target)} less than a minute ago. Please wait ${issued.waitSeconds} s before asking again.`,
      issued.waitSeconds,
    );
  }
  if (deliver) {
    const send = () => deliverCode(app, target, issued.code);
    if (purpose === 'password') {
      // Not awaited: a known account must not answer slower than an unknown one.
      send().catch(async (err: unknown) => {
        request.log.error({ err }, 'the password code could not be sent');
        await withdrawCode(app.db, target.value).catch(() => {});
      });
    } else {
      try {
        await send();
      } catch (err) {
        request.log.error({ err }, 'the verification code could not be sent');
        await withdrawCode(app.db, target.value);
        throw serviceUnavailable(
          `We could not send the code to this ${targetLabel(target)}. Please try again later.`,
        );
      }
    }
  }
  return { resendAfterSeconds: CODE_RESEND_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
};

const deliverCode = async (app: FastifyInstance, target: CodeTarget, code: string) => {
  const brand = app.config.brand;
  const minutes = Math.round(CODE_TTL_SECONDS / 60);
  const text = `Your ${brand} verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`;
  const logFields = { code };
  if (target.kind === 'email') {
    await app.mailer.send({
      to: target.value,
      subject: `Your ${brand} verification code is ${code}`,
      text,
      logFields,
    });
  } else {
    await app.sms.send({ to: target.value, text, logFields });
  }
};
