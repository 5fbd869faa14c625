import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
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
  /** The files under a folder key (`avatars/12/`), one level deep, with their size and last change. */
  list(folder: string): Promise<StoredFile[]>;
  /** The folder names directly under a folder key (`avatars/`). */
  folders(folder: string): Promise<string[]>;
  /** The public URL of a key. */
  urlOf(key: string): string;
  /** The key of one of our URLs, or null when the URL is not ours. */
  keyOf(url: string): string | null;
}

export interface StoredFile {
  key: string;
  bytes: number;
  modifiedAt: Date;
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
    list: async (folder) => {
      const dir = fileOf(folder.replace(/\/$/, ''));
      const names = await readdir(dir).catch(() => [] as string[]);
      const files: StoredFile[] = [];
      for (const name of names) {
        const key = `${folder.replace(/\/$/, '')}/${name}`;
        if (!isStorageKey(key)) continue;
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile()) files.push({ key, bytes: info.size, modifiedAt: info.mtime });
      }
      return files;
    },
    folders: async (folder) => {
      const dir = fileOf(folder.replace(/\/$/, ''));
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      return entries.filter((e) => e.isDirectory() && isStorageKey(e.name)).map((e) => e.name);
    },
    urlOf: (key) => `${UPLOADS_PREFIX}${checked(key)}`,
    keyOf: (url) => {
      if (!url.startsWith(UPLOADS_PREFIX)) return null;
      const key = url.slice(UPLOADS_PREFIX.length);
      return isStorageKey(key) ? key : null;
    },
  };
};
