import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest, payloadTooLarge } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { imageTypeOf, NOT_AN_IMAGE } from '../customer/avatar.ts';

/** A goods picture the back office uploads: PNG, JPEG, WebP or GIF, judged by its bytes. */
export const GOODS_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const GOODS_PICTURE_TOO_LARGE = 'The picture is larger than 5 MB.';
export const GOODS_PICTURE_FOLDER = 'goods/';

/**
 * Stores an uploaded goods picture under a random name and answers its URL. It shows on a good
 * only once the good is saved with it; an upload never saved stays unused in the folder.
 */
export const storeGoodsPicture = async (storage: Storage, file: MultipartFile | undefined) => {
  if (file?.fieldname !== 'file') throw badRequest({ field: 'file', message: 'Choose a picture to upload.' });
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(GOODS_PICTURE_TOO_LARGE);
    throw err;
  }
  if (file.file.truncated || bytes.length > GOODS_PICTURE_MAX_BYTES)
    throw payloadTooLarge(GOODS_PICTURE_TOO_LARGE);
  const image = imageTypeOf(bytes);
  if (!image) throw badRequest(NOT_AN_IMAGE);
  const key = `${GOODS_PICTURE_FOLDER}${randomBytes(12).toString('hex')}.${image.ext}`;
  await storage.put(key, bytes, image.type);
  return { url: storage.urlOf(key) };
};
