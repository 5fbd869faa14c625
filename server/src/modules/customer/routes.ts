import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  accountInfoSchema,
  avatarUploadResultSchema,
  emailChangeSchema,
  loginResultSchema,
  memberKindSchema,
  memberSchema,
  orderBadgeSchema,
  phoneChangeQuerySchema,
  retailProfileEditSchema,
  retailRegisterSchema,
  wholesaleProfileEditSchema,
  wholesaleRegisterSchema,
} from '@mall/shared/contract/account';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireKind, requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseOrBadRequest } from '../../lib/validate.ts';
import { withCode } from '../auth/codes.ts';
import { orderBadgeOf } from '../order/service.ts';
import { CHOOSE_A_PICTURE, storeAvatar } from './avatar.ts';
import { registerMember } from './register.ts';
import {
  accountInfoOf,
  assertFree,
  editProfile,
  emailOwner,
  getMember,
  phoneOwner,
  setEmail,
  setPhone,
} from './service.ts';

const tags = ['customer'];

/** The member's own account (spec section 7, "Auth and account"): register, profile, balances, avatar. */
export const customerRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  app.post(
    '/retail/customer/register',
    {
      schema: {
        tags,
        summary: 'Register a retail member with the code sent to the e-mail; answers signed in',
        body: retailRegisterSchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await registerMember(app, request, { kind: 'retail', ...request.body });
      reply.header('Cache-Control', 'no-store');
      return ok(result, 'Welcome! Your account has been created.');
    },
  );

  app.post(
    '/wholesale/customer/register',
    {
      schema: {
        tags,
        summary:
          'Register a wholesale member (company, NZBN) with the code sent to the e-mail; answers signed in',
        body: wholesaleRegisterSchema,
        response: { 200: envelopeOf(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await registerMember(app, request, { kind: 'wholesale', ...request.body });
      reply.header('Cache-Control', 'no-store');
      return ok(result, 'Welcome! Your account has been created.');
    },
  );

  for (const kind of memberKindSchema.options) {
    app.get(
      `/${kind}/customer/account/info`,
      {
        schema: {
          tags,
          summary: `The signed-in ${kind} member with their balances`,
          response: { 200: envelopeOf(accountInfoSchema) },
        },
      },
      async (request) => ok(await accountInfoOf(app.db, requireKind(request, kind).id)),
    );

    app.get(
      `/${kind}/customer/order/badge`,
      {
        schema: {
          tags,
          summary: `How many of the signed-in ${kind} member's orders are in each status`,
          response: { 200: envelopeOf(orderBadgeSchema) },
        },
      },
      async (request) => ok(await orderBadgeOf(app.db, requireKind(request, kind).id)),
    );
  }

  app.put(
    '/retail/customer/edit',
    {
      schema: {
        tags,
        summary:
          'Edit the profile: retail members send userName, driverLicense, address, avatarUrl; wholesale members userName (contact), address, avatarUrl',
        // Which schema applies depends on the member's kind: checked in the handler.
        body: z.looseObject({}),
        response: { 200: envelopeOf(memberSchema) },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const edit =
        me.kind === 'retail'
          ? parseOrBadRequest(retailProfileEditSchema, request.body)
          : parseOrBadRequest(wholesaleProfileEditSchema, request.body);
      return ok(await editProfile(app.db, app.storage, me.id, edit), 'Your profile has been saved.');
    },
  );

  app.patch(
    '/sys/user/email',
    {
      schema: {
        tags,
        summary: 'Change the e-mail with the code sent to the new address (purpose email)',
        body: emailChangeSchema,
        response: { 200: envelopeOf(memberSchema) },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const { email, code } = request.body;
      if ((await emailOwner(app.db, email)) === me.id) {
        throw badRequest({ field: 'email', message: 'This is already your e-mail address.' });
      }
      await assertFree(app.db, { email: ['email', email] }, me.id);
      await withCode(app.db, { target: email.toLowerCase(), purpose: 'email', code, memberId: me.id }, (tx) =>
        setEmail(tx, me.id, email),
      );
      return ok(await getMember(app.db, me.id), 'Your e-mail address has been changed.');
    },
  );

  app.patch(
    '/sys/user/phone/:value',
    {
      schema: {
        tags,
        summary: 'Change the phone with the code sent to the new number (purpose phone)',
        params: z.object({ value: z.string().regex(/^\d{1,20}$/, 'A phone number has digits only') }),
        querystring: phoneChangeQuerySchema,
        response: { 200: envelopeOf(memberSchema) },
      },
    },
    async (request) => {
      const me = requireMember(request);
      const phone = request.params.value;
      if ((await phoneOwner(app.db, phone)) === me.id) {
        throw badRequest({ field: 'value', message: 'This is already your phone number.' });
      }
      await assertFree(app.db, { phone: ['value', phone] }, me.id);
      await withCode(
        app.db,
        { target: phone, purpose: 'phone', code: request.query.code, memberId: me.id },
        (tx) => setPhone(tx, me.id, phone),
      );
      return ok(await getMember(app.db, me.id), 'Your phone number has been changed.');
    },
  );

  app.post(
    '/sys/file/upload/avatar',
    {
      schema: {
        tags,
        summary: 'Upload a profile picture (multipart field `file`; PNG, JPEG, WebP or GIF, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(avatarUploadResultSchema) },
      },
      // The file is streamed with its own limit (AVATAR_MAX_BYTES), above the global JSON body limit.
      bodyLimit: AVATAR_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      const me = requireMember(request);
      if (!request.isMultipart()) throw badRequest(CHOOSE_A_PICTURE);
      const file = await request.file();
      return ok(await storeAvatar(app.storage, me.id, file), 'The picture has been uploaded.');
    },
  );
};
