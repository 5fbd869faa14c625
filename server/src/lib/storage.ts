import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The local adapter keeps them under `DATA_DIR/uploads`, served at
 * `/uploads/...` (lib/spa.ts); an S3-compatible adapter implements the same interface later.
 * A key is a relative path of lower-case words, digits, dots, dashes and slashes, e.g.
 * `avatars/12/3f9c….png`.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The public URL of a key. */
  urlOf(key: string): string;
  /** The key of one of our URLs, or null when the URL is not ours. */
  keyOf(url: string): string | null;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;
export const isStorageKey = (key: string) => KEY.test(key) && !key.split('/').some((p) => p.startsWith('.'));

const checked = (key: string) => {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
};

export const UPLOADS_PREFIX = '/uploads/';

export const createLocalStorage = (root: string): Storage => {
  const fileOf = (key: string) => path.join(root, ...checked(key).split('/'));
  return {
    put: async (key, body) => {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    exists: async (key) => {
      if (!isStorageKey(key)) return false;
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    delete: async (key) => {
      await rm(fileOf(key), { force: true });
    },
    urlOf: (key) => `${UPLOADS_PREFIX}${checked(key)}`,
    keyOf: (url) => {
      if (!url.startsWith(UPLOADS_PREFIX)) return null;
      const key = url.slice(UPLOADS_PREFIX.length);
      return isStorageKey(key) ? key : null;
    },
  };
};
