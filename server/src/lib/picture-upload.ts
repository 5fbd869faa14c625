import type { MultipartFile } from '@fastify/multipart';
import { badRequest, payloadTooLarge } from './errors.ts';

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

export const NOT_AN_IMAGE = 'Only PNG, JPEG, WebP or GIF pictures can be uploaded.';
export const CHOOSE_A_PICTURE = { field: 'file', message: 'Choose a picture to upload.' };

/**
 * Reads an uploaded picture (the multipart field `file`) of at most `maxBytes`: 400 without one,
 * 413 with `tooLarge` past the limit, 400 when its bytes are not a PNG, JPEG, WebP or GIF
 * (whatever its name or declared type say).
 */
export const readUploadedPicture = async (
  file: MultipartFile | undefined,
  maxBytes: number,
  tooLarge: string,
): Promise<{ bytes: Buffer; type: string; ext: string }> => {
  if (file?.fieldname !== 'file') throw badRequest(CHOOSE_A_PICTURE);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(tooLarge);
    throw err;
  }
  if (file.file.truncated || bytes.length > maxBytes) throw payloadTooLarge(tooLarge);
  const image = imageTypeOf(bytes);
  if (!image) throw badRequest(NOT_AN_IMAGE);
  return { bytes, ...image };
};
