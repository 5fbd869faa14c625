import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, payloadTooLarge } from '../../../lib/errors.ts';
import type { Storage } from '../../../lib/storage.ts';
import { CHOOSE_A_PICTURE, imageTypeOf, NOT_AN_IMAGE } from '../../customer/avatar.ts';

/** Banner pictures are wide: up to 4 MB. */
export const CONTENT_PICTURE_MAX_BYTES = 4 * 1024 * 1024;
export const CONTENT_PICTURE_TOO_LARGE = 'The picture is larger than 4 MB.';

/** Stores an operator's uploaded picture (checked by its bytes) under `content/`; answers its URL. */
export const storeContentPicture = async (storage: Storage, file: MultipartFile | undefined) => {
  if (file?.fieldname !== 'file') throw badRequest(CHOOSE_A_PICTURE);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(CONTENT_PICTURE_TOO_LARGE);
    throw err;
  }
  if (file.file.truncated || bytes.length > CONTENT_PICTURE_MAX_BYTES)
    throw payloadTooLarge(CONTENT_PICTURE_TOO_LARGE);
  const image = imageTypeOf(bytes);
  if (!image) throw badRequest(NOT_AN_IMAGE);
  const key = `content/${randomBytes(12).toString('hex')}.${image.ext}`;
  await storage.put(key, bytes, image.type);
  return { url: storage.urlOf(key) };
};
