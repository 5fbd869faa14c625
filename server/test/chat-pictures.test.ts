import { utimesSync } from 'node:fs';
import path from 'node:path';
import type { AvatarUploadResult } from '@mall/shared/contract/account';
import type { ChatConversation, ChatOpenAnswer } from '@mall/shared/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE } from '../src/lib/picture-upload.ts';
import { PICTURE_NOT_UPLOADED, PICTURES_FOR_MEMBERS } from '../src/modules/chat/routes.ts';
import { chatPicturesOf } from '../src/modules/chat/service.ts';
import {
  sweepUnusedUploads,
  TOO_LARGE,
  TOO_MANY_UPLOADS,
  UNUSED_UPLOAD_MS,
  UNUSED_UPLOADS_MAX,
} from '../src/modules/customer/avatar.ts';
import { bearer, registerMember, type SignedIn } from './account-helpers.ts';
import { helloSocket, type Socket } from './chat-helpers.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';
import { signInOperator } from './operator-helpers.ts';

/**
 * docs/chat.md: pictures. A member sends a picture in the chat: uploaded through the chat's call
 * with the profile picture's checks and quota, sent by its name on the socket, kept by the upload
 * sweep as long as its message is there.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let port: number;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server.close();
});

const uploadPicture = (headers: Record<string, string>, file: Buffer, type = 'image/png') => {
  const boundary = `----chat${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return server.call<AvatarUploadResult>({
    method: 'POST',
    url: '/api/chat/picture',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

const memberSocket = async (m: SignedIn) => {
  const s = await helloSocket(port, { as: 'member', token: m.accessToken });
  sockets.push(s);
  return s;
};

const uploaded = async (m: SignedIn) => {
  const res = await uploadPicture(bearer(m), PNG);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe(`pictures in the chat (${testDbKind})`, () => {
  it('takes a picture by its bytes, refusing what is not one, one too large, and guests', async () => {
    const m = await registerMember(server, 'retail');
    const picture = await uploaded(m);
    expect(picture.name).toMatch(/^[0-9a-f]{24}\.png$/);
    expect((await server.app.inject(picture.url)).statusCode).toBe(200);

    const fake = await uploadPicture(bearer(m), Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect([fake.status, fake.body.message]).toEqual([400, NOT_AN_IMAGE]);
    const huge = await uploadPicture(bearer(m), Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect([huge.status, huge.body.message]).toEqual([413, TOO_LARGE]);
    expect((await uploadPicture({}, PNG)).status).toBe(401);
  });

  it("sends a member's picture to the operators and back, as the inbox's last message", async () => {
    const m = await registerMember(server, 'retail');
    const s = await memberSocket(m);
    s.send({ type: 'send', text: 'Is this the right jar?', ref: 't' });
    await s.next('sent', (f) => f.ref === 't');
    const picture = await uploaded(m);
    s.send({ type: 'picture', name: picture.name, ref: 'p' });
    const sent = await s.next('sent', (f) => f.ref === 'p');
    const echoed = await s.next('message', (f) => f.message.id === sent.id);
    expect(echoed.message).toMatchObject({ sender: 'shopper', text: '', pictureUrl: picture.url });

    const history = await server.call<ChatOpenAnswer>({
      method: 'POST',
      url: '/api/chat/conversation',
      headers: bearer(m),
      payload: {},
    });
    expect(history.body.data.messages.map((x) => [x.text, x.pictureUrl])).toEqual([
      ['Is this the right jar?', null],
      ['', picture.url],
    ]);
    const o = await signInOperator(server, 'support');
    const inbox = await server.call<{ records: ChatConversation[] }>({
      url: '/api/admin/chat/conversations?status=open',
      headers: o.headers,
    });
    const mine = inbox.body.data.records.find((c) => c.id === echoed.message.conversationId);
    expect(mine?.lastMessage).toBe('Picture');
  });

  it("refuses another member's picture, a made-up name, and pictures from guests, storing nothing", async () => {
    const owner = await registerMember(server, 'retail');
    const theirs = await uploaded(owner);
    const m = await registerMember(server, 'retail');
    const s = await memberSocket(m);
    s.send({ type: 'picture', name: theirs.name, ref: 'a' });
    expect((await s.next('error', (f) => f.ref === 'a')).message).toBe(PICTURE_NOT_UPLOADED);
    s.send({ type: 'picture', name: '../../avatars/1/x.png', ref: 'b' });
    expect((await s.next('error', (f) => f.ref === undefined || f.ref === null)).message).toMatch(
      /must be the name the picture upload answered/,
    );
    expect(s.messages()).toEqual([]);

    const guest = await server.call<ChatOpenAnswer>({
      method: 'POST',
      url: '/api/chat/conversation',
      payload: { guest: { name: 'Tama', email: 'tama@example.co.nz' } },
    });
    const g = await helloSocket(port, { as: 'guest', token: guest.body.data.guestToken! });
    sockets.push(g);
    g.send({ type: 'picture', name: theirs.name, ref: 'g' });
    expect((await g.next('error', (f) => f.ref === 'g')).message).toBe(PICTURES_FOR_MEMBERS);
  });

  it('keeps a picture sent in the chat from the sweep and from the unused quota', async () => {
    const m = await registerMember(server, 'retail');
    const s = await memberSocket(m);
    const sentPicture = await uploaded(m);
    s.send({ type: 'picture', name: sentPicture.name, ref: 's' });
    await s.next('sent', (f) => f.ref === 's');
    const unsent = await uploaded(m);
    const dayAgo = new Date(Date.now() - UNUSED_UPLOAD_MS - 60_000);
    for (const { url } of [sentPicture, unsent])
      utimesSync(path.join(server.config.uploadsDir, url.slice('/uploads/'.length)), dayAgo, dayAgo);
    await sweepUnusedUploads(server.database.db, server.app.storage, chatPicturesOf);
    expect((await server.app.inject(sentPicture.url)).statusCode).toBe(200);
    expect((await server.app.inject(unsent.url)).statusCode).toBe(404);

    // The sent one is in use: the member may still hold the whole quota of unused uploads.
    for (let i = 0; i < UNUSED_UPLOADS_MAX; i++) await uploaded(m);
    const refused = await uploadPicture(bearer(m), PNG);
    expect([refused.status, refused.body.message]).toEqual([429, TOO_MANY_UPLOADS]);
  });
});
