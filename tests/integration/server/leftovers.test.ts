// Issue 25, F9: nothing a failed or finished write leaves stays on disk. A failed photo-id
// upload left its .tmp file for good, and evicted media left one empty folder per id.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { startServer } from '../../../server/start';
import { sweepStaleTemps, writeDurably } from '../../../server/durable-write';
import { PhotoIdStore } from '../../../server/repositories/photo-ids';
import { mediaUrlsInData } from './media-data';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'leftovers-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('a write that fails leaves no temp file', async () => {
  const dir = path.join(tmp, 'write');
  // The target is a folder with a file in it: the final rename fails.
  fs.mkdirSync(path.join(dir, 'photo.jpg'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'photo.jpg', 'x'), 'x');
  await assert.rejects(writeDurably(path.join(dir, 'photo.jpg'), Buffer.from('bytes')));
  assert.deepEqual(fs.readdirSync(dir), ['photo.jpg']);
  await writeDurably(path.join(dir, 'ok.jpg'), Buffer.from('bytes'));
  assert.deepEqual(fs.readdirSync(dir).sort(), ['ok.jpg', 'photo.jpg']);
});

test("the photo-id store deletes temp files a crash left, not a writer's fresh one", async () => {
  const dir = path.join(tmp, 'photo-ids');
  fs.mkdirSync(path.join(dir, '900000001'), { recursive: true });
  const stale = path.join(dir, '900000001', 'abc.jpg.tmp');
  const fresh = path.join(dir, '900000001', 'def.jpg.tmp');
  const kept = path.join(dir, '900000001', 'ghi.jpg');
  for (const f of [stale, fresh, kept]) fs.writeFileSync(f, 'x');
  fs.utimesSync(stale, 1_000, 1_000);
  fs.utimesSync(kept, 1_000, 1_000);
  const store = new PhotoIdStore(null as never, dir, Date.now);
  assert.equal(await store.swept, 1);
  assert.deepEqual(fs.readdirSync(path.join(dir, '900000001')).sort(), ['def.jpg.tmp', 'ghi.jpg']);
  assert.equal(await sweepStaleTemps(path.join(tmp, 'missing')), 0);
});

test('evicted media leave no empty folder', async () => {
  const dir = path.join(tmp, 'media-evict');
  const server = await startServer({
    dbFile: path.join(dir, 'db.sqlite'),
    mediaDir: path.join(dir, 'media'),
    host: '127.0.0.1',
    port: 0,
    seedReviews: 20,
    logger: false,
    mediaBaseUrl: '',
    media: { maxBytes: 80_000 },
  });
  try {
    const pictures = mediaUrlsInData(server.app.db)
      .filter((u) => u.startsWith('/media/picture/'))
      .slice(0, 15);
    assert.ok(pictures.length >= 10);
    for (const u of pictures) assert.equal((await fetch(server.url + u)).status, 200, u);
    const root = path.join(dir, 'media', 'picture');
    const folders = fs.readdirSync(root);
    const empty = folders.filter((f) => fs.readdirSync(path.join(root, f)).length === 0);
    assert.ok(folders.length < pictures.length, 'some were evicted');
    assert.deepEqual(empty, [], 'no empty folder');
  } finally {
    await server.close();
  }
});
