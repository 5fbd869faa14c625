import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { AVATAR_MAX_BYTES, type AvatarUploadResult } from '@mall/shared/contract/account';
import type { Db } from '../../db/client.ts';
import { columns } from '../../db/columns.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { readUploadedPicture } from '../../lib/picture-upload.ts';
import { rowsOf } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { avatarFolder } from './service.ts';
import { member } from './tables.ts';

export const TOO_LARGE = 'The picture is larger than 2 MB.';

/**
 * A member's uploads (docs/accounts.md: profile picture; docs/chat.md: pictures): a picture
 * uploaded and neither put on the profile nor sent in the chat is unused; the sweep deletes unused ones older than UNUSED_UPLOAD_MS, and a member may
 * hold at most UNUSED_UPLOADS_MAX of them at once.
 */
export const UNUSED_UPLOADS_MAX = 10;
/** @fastify/multipart's options for a route taking one picture (the profile's, the chat's). */
export const PICTURE_MULTIPART = { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } };
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;
export const TOO_MANY_UPLOADS = `You have uploaded ${UNUSED_UPLOADS_MAX} pictures in the last day without using them. Use one, or try again tomorrow.`;

const avatarColumns = columns({ id: member.id, avatar_url: member.avatarUrl });

/** The member's avatar URLs, by member id, of the members that still exist among `ids`. */
const avatarsOf = async (db: Db, ids: number[]) =>
  new Map(
    (
      await rowsOf(
        db,
        avatarColumns.query`select ${avatarColumns} from member where id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    ).map((r) => [r.id, r.avatar_url]),
  );

/**
 * The URLs of members' uploads that other modules keep, by member id, among `memberIds` (the
 * pictures sent in the chat): given by the app (app.ts), as this module knows no other's tables.
 */
export type PicturesInUse = (db: Db, memberIds: readonly number[]) => Promise<Map<number, Set<string>>>;

/**
 * The storage keys of the members' uploads in use, by member id, among `ids` that still exist:
 * the profile picture and what `others` keep (docs/chat.md: pictures).
 */
const uploadsInUse = async (db: Db, storage: Storage, ids: number[], others: PicturesInUse) => {
  const [avatars, sent] = await Promise.all([avatarsOf(db, ids), others(db, ids)]);
  return new Map(
    [...avatars].map(([id, avatar]) => {
      const urls = [...(avatar ? [avatar] : []), ...(sent.get(id) ?? [])];
      return [id, new Set(urls.map((u) => storage.keyOf(u)).filter((k): k is string => k !== null))];
    }),
  );
};

/** The member's uploaded pictures that neither their profile shows nor the chat holds. */
const unusedUploads = async (db: Db, storage: Storage, memberId: number, others: PicturesInUse) => {
  const inUse = (await uploadsInUse(db, storage, [memberId], others)).get(memberId) ?? new Set();
  return (await storage.list(avatarFolder(memberId))).filter((f) => !inUse.has(f.key));
};

/**
 * Deletes the pictures no profile shows and no chat message holds that are older than
 * `olderThanMs` (and every picture of a member who no longer exists): what a member uploaded and
 * never used. Answers how many went.
 */
export const sweepUnusedUploads = async (
  db: Db,
  storage: Storage,
  others: PicturesInUse,
  olderThanMs = UNUSED_UPLOAD_MS,
  now = new Date(),
): Promise<number> => {
  const cutoff = now.getTime() - olderThanMs;
  const ids = (await storage.folders('avatars/')).filter((f) => /^\d{1,9}$/.test(f)).map(Number);
  const inUse = await uploadsInUse(db, storage, ids, others);
  let deleted = 0;
  for (const id of ids) {
    const kept = inUse.get(id);
    for (const f of await storage.list(avatarFolder(id))) {
      if (kept?.has(f.key) || f.modifiedAt.getTime() > cutoff) continue;
      await storage.delete(f.key);
      deleted += 1;
    }
  }
  return deleted;
};

/**
 * A member's picture upload, for their profile or for the chat: at most UNUSED_UPLOADS_MAX unused
 * at once; the file (at most AVATAR_MAX_BYTES) must be a picture by its bytes; stored in their
 * own folder under a random name.
 */
export const storeMemberPicture = async (
  db: Db,
  storage: Storage,
  memberId: number,
  file: MultipartFile | undefined,
  others: PicturesInUse,
): Promise<AvatarUploadResult> => {
  if (
    file?.fieldname === 'file' &&
    (await unusedUploads(db, storage, memberId, others)).length >= UNUSED_UPLOADS_MAX
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
