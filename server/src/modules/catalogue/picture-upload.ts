import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { readUploadedPicture } from '../../lib/picture-upload.ts';
import type { Storage } from '../../lib/storage.ts';

/** A goods picture the back office uploads: PNG, JPEG, WebP or GIF, judged by its bytes. */
export const GOODS_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const GOODS_PICTURE_TOO_LARGE = 'The picture is larger than 5 MB.';
export const GOODS_PICTURE_FOLDER = 'goods/';

/**
 * Stores an uploaded goods picture under a random name and answers its URL. It shows on a good
 * only once the good is saved with it; an upload never saved stays unused in the folder.
 */
export const storeGoodsPicture = async (storage: Storage, file: MultipartFile | undefined) => {
  const image = await readUploadedPicture(file, GOODS_PICTURE_MAX_BYTES, GOODS_PICTURE_TOO_LARGE);
  const key = `${GOODS_PICTURE_FOLDER}${randomBytes(12).toString('hex')}.${image.ext}`;
  await storage.put(key, image.bytes, image.type);
  return { url: storage.urlOf(key) };
};
