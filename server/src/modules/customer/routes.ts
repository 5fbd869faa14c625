import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  accountInfoSchema,
  avatarUploadResultSchema,
  memberKindSchema,
  memberSchema,
  retailProfileEditSchema,
  wholesaleProfileEditSchema,
} from '@mall/shared/contract/account';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireKind, requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { CHOOSE_A_PICTURE } from '../../lib/picture-upload.ts';
import { parseOrBadRequest } from '../../lib/validate.ts';
import { PICTURE_MULTIPART, type PicturesInUse, storeMemberPicture, sweepUnusedUploads } from './avatar.ts';
import { type AccountBalancesOf, accountInfoOf, editProfile } from './service.ts';

const tags = ['customer'];

/**
 * The member's own account (docs/accounts.md): profile, balances, avatar.
 * Registering and changing the e-mail or phone take a verification code: they are in modules/auth.
 */
export const customerRoutes = async (
  root: FastifyInstance,
  options: { balancesOf: AccountBalancesOf; picturesInUse: PicturesInUse },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, PICTURE_MULTIPART);

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
      async (request) => ok(await accountInfoOf(app.db, requireKind(request, kind).id, options.balancesOf)),
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
      return ok(
        await storeMemberPicture(app.db, app.storage, me.id, file, options.picturesInUse),
        'The picture has been uploaded.',
      );
    },
  );

  // Each process deletes the pictures members uploaded and never used (safe together: deleting
  // a file already gone is no error).
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (app.config.uploadSweepMs <= 0) return;
    sweeper = setInterval(() => {
      sweeping = sweepUnusedUploads(app.db, app.storage, options.picturesInUse).catch((err: unknown) =>
        app.log.error({ err }, 'sweeping unused uploads failed'),
      );
    }, app.config.uploadSweepMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });
};
