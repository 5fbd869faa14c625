import { HEADER } from '@mall/shared/constants';
import {
  codePurposeSchema,
  loginBodySchema,
  loginResultSchema,
  memberKindSchema,
  memberSchema,
  passwordChangeSchema,
  passwordForgetSchema,
  retailRegisterSchema,
  sendCodeResultSchema,
  wholesaleRegisterSchema,
} from '@mall/shared/contract/account';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { getMember } from '../customer/index.ts';
import { contactRoutes } from './contact-routes.ts';
import { clientOf } from './plugin.ts';
import { registerMember } from './register.ts';
import { accountServicesOf, customerTags } from './route-helpers.ts';
import { changePassword, forgetPassword, login, logout, sendCode } from './service.ts';

const tags = ['auth'];
const done = envelopeOf(z.null());

/** Sign-in, sign-out, passwords and verification codes (docs/accounts.md). */
export const authRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const accountServices = (request: FastifyRequest) => accountServicesOf(app, request);

  for (const kind of memberKindSchema.options) {
    app.post(
      `/sys/auth/${kind}/login`,
      {
        schema: {
          tags,
          summary: `Log in as a ${kind} member with the e-mail or phone and the password`,
          body: loginBodySchema,
          response: { 200: envelopeOf(loginResultSchema) },
        },
      },
      async (request, reply) => {
        const result = await login(accountServices(request), clientOf(request), kind, request.body);
        reply.header('Cache-Control', 'no-store');
        return ok(result);
      },
    );
  }

  app.get(
    '/sys/auth/logout',
    {
      schema: {
        tags,
        summary: "Log out: the session's access and refresh tokens stop working (succeeds without one too)",
        response: { 200: done },
      },
    },
    async (request, reply) => {
      await logout(accountServices(request), request.member);
      // A pair refreshed by this very request belongs to the session just ended.
      reply.removeHeader(HEADER.accessToken);
      reply.removeHeader(HEADER.refreshToken);
      return ok(null, 'You have logged out.');
    },
  );

  app.get(
    '/sys/auth/user/info',
    {
      schema: { tags, summary: 'The signed-in member', response: { 200: envelopeOf(memberSchema) } },
    },
    async (request) => ok(await getMember(app.db, requireMember(request).id)),
  );

  app.patch(
    '/sys/message/send/code/:target',
    {
      schema: {
        tags,
        summary:
          'Send a 4-digit verification code to an e-mail or phone: purpose register, password (no sign-in), email or phone (signed in)',
        params: z.object({ target: z.string().trim().min(1, 'is required').max(254, 'is too long') }),
        querystring: z.object({ purpose: codePurposeSchema }),
        response: { 200: envelopeOf(sendCodeResultSchema) },
      },
      // Besides one code per target per minute: one address cannot have mail sent to many targets.
      config: { rateLimit: { max: app.config.codeSendsPerMinute, timeWindow: 60_000 } },
    },
    async (request) =>
      ok(
        await sendCode(accountServices(request), request, request.params.target, request.query.purpose),
        'The verification code has been sent.',
      ),
  );

  app.patch(
    '/sys/user/pwd',
    {
      schema: {
        tags,
        summary: 'Change the password with the old one; every session of the member ends, this one too',
        body: passwordChangeSchema,
        response: { 200: done },
      },
    },
    async (request, reply) => {
      await changePassword(accountServices(request), requireMember(request), request.ip, request.body);
      reply.removeHeader(HEADER.accessToken);
      reply.removeHeader(HEADER.refreshToken);
      return ok(null, 'Your password has been changed. Please log in again.');
    },
  );

  app.patch(
    '/sys/user/forget/pwd',
    {
      schema: {
        tags,
        summary: "Set a new password with the code sent to the account's e-mail or phone; every session ends",
        body: passwordForgetSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await forgetPassword(accountServices(request), clientOf(request), request.body);
      return ok(null, 'Your password has been reset. Please log in with the new password.');
    },
  );

  app.post(
    '/retail/customer/register',
    {
      schema: {
        tags: customerTags,
        summary: 'Register a retail member with the code sent to the e-mail; answers signed in',
        body: retailRegisterSchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await registerMember(accountServices(request), clientOf(request), {
        kind: 'retail',
        ...request.body,
      });
      reply.header('Cache-Control', 'no-store');
      return ok(result, 'Welcome! Your account has been created.');
    },
  );

  app.post(
    '/wholesale/customer/register',
    {
      schema: {
        tags: customerTags,
        summary:
          'Register a wholesale member (company, NZBN) with the code sent to the e-mail; answers signed in',
        body: wholesaleRegisterSchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await registerMember(accountServices(request), clientOf(request), {
        kind: 'wholesale',
        ...request.body,
      });
      reply.header('Cache-Control', 'no-store');
      return ok(result, 'Welcome! Your account has been created.');
    },
  );

  // Changing the e-mail or the phone (contact-routes.ts).
  await app.register(contactRoutes);
};
