// uploadPhotoId (src/storefront/profile.ts) against the reference server: JPEG, PNG and WebP
// are stored as progressive JPEGs per user; wrong type, too large, too small or oversized
// images and guests are refused; a user keeps at most PHOTO_ID_LIMITS.perUser photos.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { StorefrontClient } from '../../../src/storefront/client';
import * as profile from '../../../src/storefront/profile';
import { PHOTO_ID_LIMITS } from '../../../server/repositories/photo-ids';
import { until } from '../../helpers/deadline';
import { clientAs, refuses, signInByPhone, startTestServer, type TestServer } from './helper';

/** A test picture with some detail (noise), so that the encoders have something to encode. */
async function picture(format: 'jpeg' | 'png' | 'webp', width = 640, height = 400): Promise<Blob> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const buf = await sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
  return new Blob([new Uint8Array(buf)], { type: `image/${format}` });
}

describe('photo-id upload', () => {
  let s: TestServer;
  let alice: StorefrontClient;
  let aliceId: string;
  let bob: StorefrontClient;
  let bobHeaders: Record<string, string>;

  const dirOf = (userId: string) => join(s.dir, 'photo-ids', userId);

  before(async () => {
    s = await startTestServer({ reviews: 10 });
    const a = await signInByPhone(s, '13800000011');
    alice = a.c;
    aliceId = a.r.userId;
    const b = await signInByPhone(s, '13800000012');
    bob = b.c;
    bobHeaders = { 'X-Session-User': b.r.userId, 'X-Session-Key': b.r.userKey };
  });
  after(() => s?.close());

  for (const format of ['jpeg', 'png', 'webp'] as const) {
    test(`${format}: stored as a progressive JPEG under the user's folder`, async () => {
      const { photoId } = await profile.uploadPhotoId(alice, await picture(format), `front.${format}`);
      assert.match(photoId, /^[0-9a-f]{24}$/);
      const file = join(dirOf(aliceId), `${photoId}.jpg`);
      const meta = await sharp(readFileSync(file)).metadata();
      assert.equal(meta.format, 'jpeg');
      assert.equal(meta.isProgressive, true, 'interlaced (progressive) JPEG');
      assert.equal(meta.width, 640);
    });
  }

  test('large pictures are scaled down to fit the output square', async () => {
    const { photoId } = await profile.uploadPhotoId(alice, await picture('png', 3000, 1000));
    const meta = await sharp(join(dirOf(aliceId), `${photoId}.jpg`)).metadata();
    assert.equal(meta.width, PHOTO_ID_LIMITS.maxOutputSide);
    assert.equal(meta.isProgressive, true);
  });

  test('the photo ids are usable in a payer identity, only by their owner', async () => {
    const { photoId } = await profile.uploadPhotoId(alice, await picture('jpeg'));
    const p = await profile.createPayerIdentity(alice, {
      name: '张三',
      idNumber: '11010519491231002X',
      photoIds: [photoId],
    });
    assert.deepEqual(p.photoIds, [photoId]);
    await refuses(
      profile.createPayerIdentity(bob, { name: '张三', idNumber: '11010519491231002X', photoIds: [photoId] }),
      400,
      '证件照片',
    );
  });

  test('refused: guest (401), wrong type (415), too large (413), too small, oversized, not an image', async () => {
    await refuses(profile.uploadPhotoId(clientAs(s), await picture('jpeg')), 401, '请先登录');
    const gif = new Blob([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')], { type: 'image/gif' });
    await refuses(profile.uploadPhotoId(bob, gif, 'x.gif'), 415, 'JPEG、PNG 或 WebP');
    await refuses(profile.uploadPhotoId(bob, new Blob(['hello']), 'x.txt'), 415);
    const big = Buffer.alloc(PHOTO_ID_LIMITS.maxBytes + 1024, 1);
    big.set([0xff, 0xd8, 0xff], 0);
    await refuses(profile.uploadPhotoId(bob, new Blob([new Uint8Array(big)])), 413, '图片不能超过5MB');
    await refuses(profile.uploadPhotoId(bob, await picture('png', 50, 50)), 400, '图片太小');
    await refuses(profile.uploadPhotoId(bob, await picture('png', PHOTO_ID_LIMITS.maxSide + 1, 120)), 400, '尺寸');
    // Issue 25, F8: pixels are capped before decoding (6000 x 4500 = 27 MP; the sides alone pass).
    const huge = await sharp({ create: { width: 6000, height: 4500, channels: 3, background: '#ddd' } })
      .jpeg()
      .toBuffer();
    await refuses(profile.uploadPhotoId(bob, new Blob([new Uint8Array(huge)])), 400, '不超过2500万像素');
    const broken = Buffer.alloc(2000, 7);
    broken.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    await refuses(profile.uploadPhotoId(bob, new Blob([new Uint8Array(broken)])), 400, '无法识别');
    // A body that is not multipart at all.
    const json = await s.req('POST', '/api/v2/profile/photo-ids', { body: { image: 'x' }, headers: bobHeaders });
    assert.equal(json.status, 415);
    assert.match(json.body.messages[0], /multipart/);
  });

  test(`a user keeps at most ${PHOTO_ID_LIMITS.perUser} photo ids: the oldest are replaced`, async () => {
    const { c, r } = await signInByPhone(s, '13800000013');
    const ids: string[] = [];
    for (let i = 0; i < PHOTO_ID_LIMITS.perUser + 2; i++)
      ids.push((await profile.uploadPhotoId(c, await picture('jpeg', 200, 200))).photoId);
    const files = readdirSync(dirOf(r.userId)).sort();
    assert.deepEqual(
      files,
      ids
        .slice(2)
        .map((id) => `${id}.jpg`)
        .sort(),
    );
    assert.ok(!existsSync(join(dirOf(r.userId), `${ids[0]}.jpg`)));
    await refuses(
      profile.createPayerIdentity(c, { name: '李四', idNumber: '11010519491231002X', photoIds: [ids[0]] }),
      400,
      '证件照片',
    );
  });

  test('at most 8 uploads are received at once (503 beyond); stalled ones free their place when they go', async () => {
    const { url } = s;
    const { port } = new URL(url);
    const stalled: net.Socket[] = [];
    for (let i = 0; i < 8; i++) {
      // From eight addresses: one address holds at most two (tests/integration/server/slow-uploads.test.ts).
      const sock = net.connect({ port: Number(port), host: '127.0.0.1', localAddress: `127.0.9.${i + 1}` });
      await new Promise((r) => sock.once('connect', r));
      sock.write(
        `POST /api/v2/profile/photo-ids HTTP/1.1\r\nHost: x\r\nX-Session-User: ${bobHeaders['X-Session-User']}\r\n` +
          `X-Session-Key: ${bobHeaders['X-Session-Key']}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
          `Content-Length: 100000\r\n\r\n--b\r\n`,
      );
      stalled.push(sock);
    }
    // Wait until the server counts the 8 (it has read their headers), then until it has freed
    // their places: a small bad upload answers 503 while 8 are in flight, 400 otherwise.
    const probe = async () => {
      const r = await fetch(`${url}/api/v2/profile/photo-ids`, {
        method: 'POST',
        headers: { ...bobHeaders, 'content-type': 'multipart/form-data; boundary=b' },
        body: 'not a multipart body',
      });
      await r.arrayBuffer();
      return r.status;
    };
    await until('8 stalled uploads counted', async () => (await probe()) === 503);
    await refuses(profile.uploadPhotoId(bob, await picture('jpeg')), 503, '上传的人太多了');
    for (const sock of stalled) sock.destroy();
    await until("the stalled uploads' places freed", async () => (await probe()) !== 503);
    const { photoId } = await profile.uploadPhotoId(bob, await picture('jpeg'));
    assert.match(photoId, /^[0-9a-f]{24}$/);
  });
});
