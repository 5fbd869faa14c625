import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { readUploadedPicture } from '../../lib/picture-upload.ts';
import type { Storage } from '../../lib/storage.ts';

/** Banner pictures are wide: up to 4 MB. */
export const CONTENT_PICTURE_MAX_BYTES = 4 * 1024 * 1024;
export const CONTENT_PICTURE_TOO_LARGE = 'The picture is larger than 4 MB.';

/** Stores an operator's uploaded picture (checked by its bytes) under `content/`; answers its URL. */
export const storeContentPicture = async (storage: Storage, file: MultipartFile | undefined) => {
  const image = await readUploadedPicture(file, CONTENT_PICTURE_MAX_BYTES, CONTENT_PICTURE_TOO_LARGE);
  const key = `content/${randomBytes(12).toString('hex')}.${image.ext}`;
  await storage.put(key, image.bytes, image.type);
  return { url: storage.urlOf(key) };
};
