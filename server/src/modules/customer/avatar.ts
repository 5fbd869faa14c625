import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { AVATAR_MAX_BYTES, type AvatarUploadResult } from '@mall/shared/contract/account';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { readUploadedPicture } from '../../lib/picture-upload.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { avatarFolder } from './service.ts';

export const TOO_LARGE = 'The picture is larger than 2 MB.';

/**
 * A member's uploads (docs/accounts.md: profile picture): a picture uploaded and not put on the
 * profile is unused; the sweep deletes unused ones older than UNUSED_UPLOAD_MS, and a member may
 * hold at most UNUSED_UPLOADS_MAX of them at once.
 */
export const UNUSED_UPLOADS_MAX = 10;
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;
export const TOO_MANY_UPLOADS = `You have uploaded ${UNUSED_UPLOADS_MAX} pictures in the last day without using them. Put one on your profile, or try again tomorrow.`;

/** The member's avatar URLs, by member id, of the members that still exist among `ids`. */
const avatarsOf = async (db: Db, ids: number[]) =>
  new Map(
    (
      await rowsOf<{ id: number; avatar_url: string | null }>(
        db,
        sql`select id, avatar_url from member where id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((r) => [r.id, r.avatar_url]),
  );

/** The member's uploaded pictures that their profile does not show. */
const unusedUploads = async (db: Db, storage: Storage, memberId: number) => {
  const avatar = (await avatarsOf(db, [memberId])).get(memberId);
  const inUse = avatar ? storage.keyOf(avatar) : null;
  return (await storage.list(avatarFolder(memberId))).filter((f) => f.key !== inUse);
};

/**
 * Deletes the pictures no profile shows that are older than `olderThanMs` (and every picture of
 * a member who no longer exists): what a member uploaded and never used. Answers how many went.
 */
export const sweepUnusedUploads = async (
  db: Db,
  storage: Storage,
  olderThanMs = UNUSED_UPLOAD_MS,
  now = new Date(),
): Promise<number> => {
  const cutoff = now.getTime() - olderThanMs;
  const ids = (await storage.folders('avatars/')).filter((f) => /^\d{1,9}$/.test(f)).map(Number);
  const avatars = await avatarsOf(db, ids);
  let deleted = 0;
  for (const id of ids) {
    const avatar = avatars.get(id);
    const inUse = avatar ? storage.keyOf(avatar) : null;
    for (const f of await storage.list(avatarFolder(id))) {
      if (f.key === inUse || f.modifiedAt.getTime() > cutoff) continue;
      await storage.delete(f.key);
      deleted += 1;
    }
  }
  return deleted;
};

/** Reads the uploaded file (at most AVATAR_MAX_BYTES), checks it is a picture and stores it. */
export const storeAvatar = async (
  db: Db,
  storage: Storage,
  memberId: number,
  file: MultipartFile | undefined,
): Promise<AvatarUploadResult> => {
  if (
    file?.fieldname === 'file' &&
    (await unusedUploads(db, storage, memberId)).length >= UNUSED_UPLOADS_MAX
  ) {
    file.file.resume();
    throw tooManyRequests(TOO_MANY_UPLOADS, 3600);
  }
  const image = await readUploadedPicture(file, AVATAR_MAX_BYTES, TOO_LARGE);
  const name = `${randomBytes(12).toString('hex')}.${image.ext}`;
  const key = `${avatarFolder(memberId)}${name}`;
  await storage.put(key, image.bytes, image.type);
  return { url: storage.urlOf(key), name };
};
