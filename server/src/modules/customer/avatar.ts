import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { AVATAR_MAX_BYTES, type AvatarUploadResult } from '@mall/shared/contract/account';
import { badRequest, payloadTooLarge } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { avatarFolder } from './service.ts';

/** The picture type of `bytes` by its magic bytes (never the declared type or the name), or null. */
export const imageTypeOf = (bytes: Buffer): { type: string; ext: string } | null => {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'image/png', ext: 'png' };
  if (starts([0xff, 0xd8, 0xff])) return { type: 'image/jpeg', ext: 'jpg' };
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return { type: 'image/webp', ext: 'webp' };
  const gif = bytes.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return { type: 'image/gif', ext: 'gif' };
  return null;
};

export const TOO_LARGE = 'The picture is larger than 2 MB.';
export const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF pictures can be uploaded.';
export const CHOOSE_A_PICTURE = { field: 'file', message: 'Choose a picture to upload.' };

/** Reads the uploaded file (at most AVATAR_MAX_BYTES), checks it is a picture and stores it. */
export const storeAvatar = async (
  storage: Storage,
  memberId: number,
  file: MultipartFile | undefined,
): Promise<AvatarUploadResult> => {
  if (file?.fieldname !== 'file') throw badRequest(CHOOSE_A_PICTURE);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(TOO_LARGE);
    throw err;
  }
  if (file.file.truncated || bytes.length > AVATAR_MAX_BYTES) throw payloadTooLarge(TOO_LARGE);
  const image = imageTypeOf(bytes);
  if (!image) throw badRequest(NOT_AN_IMAGE);
  const name = `${randomBytes(12).toString('hex')}.${image.ext}`;
  const key = `${avatarFolder(memberId)}${name}`;
  await storage.put(key, bytes, image.type);
  return { url: storage.urlOf(key), name };
};
