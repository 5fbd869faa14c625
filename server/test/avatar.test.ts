import { existsSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES, type AvatarUploadResult, type Member } from '@mall/shared/contract/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { chatPicturesOf } from '../src/modules/chat/service.ts';
import {
  sweepUnusedUploads,
  TOO_MANY_UPLOADS,
  UNUSED_UPLOAD_MS,
  UNUSED_UPLOADS_MAX,
} from '../src/modules/customer/avatar.ts';
import { bearer, registerMember, type SignedIn } from './account-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
let member: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  member = await registerMember(server, 'retail');
});
afterAll(() => server.close());

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_SIGNATURE = PNG.subarray(0, 8);

/** A multipart/form-data body with one file part. */
const multipart = (file: Buffer, filename: string, contentType: string, field = 'file') => {
  const boundary = `----mall${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

const upload = (
  file: Buffer,
  filename: string,
  contentType: string,
  headers = bearer(member),
  field = 'file',
) => {
  const body = multipart(file, filename, contentType, field);
  return server.call<AvatarUploadResult>({
    method: 'POST',
    url: '/api/sys/file/upload/avatar',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

const storedFiles = () => {
  const dir = path.join(server.config.uploadsDir, 'avatars', String(member.member.id));
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe(`avatar upload (${testDbKind})`, () => {
  it('stores a PNG under the member, serves it with long caching and nosniff, and the profile can use it', async () => {
    const res = await upload(PNG, 'me.png', 'image/png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { url, name } = res.body.data;
    expect(url).toBe(`/uploads/avatars/${member.member.id}/${name}`);
    expect(name).toMatch(/^[0-9a-f]{24}\.png$/);

    const served = await server.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const edited = await server.call<Member>({
      method: 'PUT',
      url: '/api/retail/customer/edit',
      headers: bearer(member),
      payload: { userName: member.member.userName, avatarUrl: url },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.avatarUrl).toBe(url);

    // A newer picture replaces it: the old file goes.
    const next = (await upload(PNG, 'me2.png', 'image/png')).body.data;
    await server.call({
      method: 'PUT',
      url: '/api/retail/customer/edit',
      headers: bearer(member),
      payload: { userName: member.member.userName, avatarUrl: next.url },
    });
    expect((await server.app.inject(url)).statusCode).toBe(404);
    expect((await server.app.inject(next.url)).statusCode).toBe(200);
  });

  it('takes JPEG, WebP and GIF by their content, naming the file by what it is', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(100),
    ]);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
    for (const [bytes, ext, type] of [
      [jpeg, 'jpg', 'image/jpeg'],
      [webp, 'webp', 'image/webp'],
      [gif, 'gif', 'image/gif'],
    ] as const) {
      // The declared type and name do not matter.
      const res = await upload(bytes, 'picture.bin', 'application/octet-stream');
      expect(res.status, ext).toBe(200);
      expect(res.body.data.name.endsWith(`.${ext}`)).toBe(true);
      expect((await server.app.inject(res.body.data.url)).headers['content-type']).toBe(type);
    }
  });

  it('refuses a text file named .png, and an SVG, by their content', async () => {
    const before = storedFiles();
    for (const [bytes, name] of [
      [Buffer.from('hello, I am text pretending to be a picture'), 'fake.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg'],
      [Buffer.alloc(0), 'empty.png'],
    ] as const) {
      const res = await upload(bytes, name, 'image/png');
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 400,
        message: 'Only PNG, JPEG, WebP or GIF pictures can be uploaded.',
        data: null,
        reason: 'request.invalid',
      });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('takes a picture of exactly 2 MB and refuses 2 MB + 1 byte with 413', async () => {
    const exact = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(AVATAR_MAX_BYTES - PNG_SIGNATURE.length)]);
    expect((await upload(exact, 'big.png', 'image/png')).status).toBe(200);
    const before = storedFiles();
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const res = await upload(over, 'bigger.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      code: 413,
      message: 'The picture is larger than 2 MB.',
      data: null,
      reason: 'request.too_large',
    });
    expect(storedFiles()).toEqual(before);
  });

  it('needs a signed-in member, a multipart body and the field "file"', async () => {
    expect((await upload(PNG, 'me.png', 'image/png', {})).status).toBe(401);
    const wrongField = await upload(PNG, 'me.png', 'image/png', bearer(member), 'picture');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('file: Choose a picture to upload.');
    const json = await server.call({
      method: 'POST',
      url: '/api/sys/file/upload/avatar',
      headers: bearer(member),
      payload: { file: 'x' },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toMatch(/^file: /);
  });

  it('answers a missing upload with a plain 404, never the app shell', async () => {
    for (const url of ['/uploads/avatars/1/nothing.png', '/uploads/avatars/nothing']) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
  });

  it('holds at most 10 unused pictures per member, then says why with 429', async () => {
    const other = await registerMember(server, 'retail');
    const h = bearer(other);
    const urls: string[] = [];
    for (let i = 0; i < UNUSED_UPLOADS_MAX; i += 1) {
      const res = await upload(PNG, `p${i}.png`, 'image/png', h);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      urls.push(res.body.data.url);
    }
    const refused = await upload(PNG, 'one-more.png', 'image/png', h);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_UPLOADS);
    // Putting one on the profile makes it used: one more may come.
    await server.call({
      method: 'PUT',
      url: '/api/retail/customer/edit',
      headers: h,
      payload: { userName: other.member.userName, avatarUrl: urls[0] },
    });
    expect((await upload(PNG, 'one-more.png', 'image/png', h)).status).toBe(200);
  });

  it('sweeps pictures never used after a day, keeping the profile picture and recent uploads', async () => {
    const m = await registerMember(server, 'retail');
    const h = bearer(m);
    const used = (await upload(PNG, 'used.png', 'image/png', h)).body.data.url;
    const stale = (await upload(PNG, 'stale.png', 'image/png', h)).body.data.url;
    await server.call({
      method: 'PUT',
      url: '/api/retail/customer/edit',
      headers: h,
      payload: { userName: m.member.userName, avatarUrl: used },
    });
    const dayAgo = new Date(Date.now() - UNUSED_UPLOAD_MS - 60_000);
    for (const url of [used, stale]) {
      utimesSync(path.join(server.config.uploadsDir, url.slice('/uploads/'.length)), dayAgo, dayAgo);
    }
    const fresh = (await upload(PNG, 'fresh.png', 'image/png', h)).body.data.url;
    expect(
      await sweepUnusedUploads(server.database.db, server.app.storage, chatPicturesOf),
    ).toBeGreaterThanOrEqual(1);
    expect((await server.app.inject(stale)).statusCode).toBe(404);
    expect((await server.app.inject(used)).statusCode).toBe(200);
    expect((await server.app.inject(fresh)).statusCode).toBe(200);
  });
});

describe('the upload folder', () => {
  it('is DATA_DIR/uploads unless UPLOAD_DIR names another, apart from the database', () => {
    expect(loadConfig({ DATA_DIR: '/srv/mall' }).uploadsDir).toBe('/srv/mall/uploads');
    expect(loadConfig({ DATA_DIR: '/srv/mall', UPLOAD_DIR: '/mnt/files/uploads' }).uploadsDir).toBe(
      '/mnt/files/uploads',
    );
  });
});
