// Demo review videos over real HTTP (issue 21 item 1): every video the data names is an MP4
// served with Content-Type, immutable caching and an ETag, and shows a product of the review's
// category (issue 44: the file of its subject and shape); byte ranges answer 206 with exactly
// those bytes, read from the file's range alone; an unsatisfiable range is 416; URLs the data
// does not reference are 404; MEDIA_BASE_URL prefixes the video URL like every media URL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, mock, test } from 'node:test';
import { SUBJECTS, subjectOfCategory } from '../../../server/media/subjects';
import { DEMO_VIDEOS, VIDEO_DIR, demoVideoFile } from '../../../server/media/videos';
import { assertError, startTestServer, type TestServer } from './helper';

interface VideoRow {
  id: number;
  p: number;
  category: string;
}

/** The file a review's video is served from: its category's subject, its cover's shape. */
const fileOf = (r: VideoRow, v: { width: number; height: number }) =>
  demoVideoFile(
    subjectOfCategory(r.category),
    DEMO_VIDEOS.find((d) => d.width === v.width && d.height === v.height)!,
  );

describe('demo review videos', () => {
  let s: TestServer;
  let rows: VideoRow[];
  before(async () => {
    s = await startTestServer({ reviews: 300 });
    rows = s.app.db
      .prepare("SELECT id, product_id AS p, category_id AS category FROM reviews WHERE videos != '[]'")
      .all() as VideoRow[];
  });
  after(async () => {
    await s.close();
  });

  const detail = async (r: VideoRow) =>
    (await s.get(`/api/v1/product-comment/products/${r.p}/comments?commentId=${r.id}`)).body.comments[0];

  test('every review with a video has a playable url, width, height and duration; the file is an MP4', async () => {
    assert.ok(rows.length >= 3, `${rows.length} reviews with a video`);
    for (const r of rows) {
      const v = (await detail(r)).videos[0];
      assert.match(v.url, new RegExp(`^/media/video/v${r.id}/\\d+x\\d+\\.mp4$`));
      assert.ok(v.width > 0 && v.height > 0 && v.duration > 0, JSON.stringify(v));
      // The video has the cover's shape.
      assert.ok(Math.abs(v.width / v.height - v.cover.width / v.cover.height) < 0.01, JSON.stringify(v));
      const res = await fetch(s.url + v.url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'video/mp4');
      assert.equal(res.headers.get('accept-ranges'), 'bytes');
      assert.match(res.headers.get('cache-control') ?? '', /max-age=31536000/);
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.subarray(4, 8).toString('latin1'), 'ftyp', 'an ISO BMFF (MP4) file');
      assert.equal(Number(res.headers.get('content-length')), bytes.length);
      assert.ok(bytes.equals(fs.readFileSync(path.join(VIDEO_DIR, fileOf(r, v)))), `${v.url}: ${fileOf(r, v)}`);
    }
    const subjects = new Set(rows.map((r) => subjectOfCategory(r.category)));
    assert.ok(subjects.size >= 2, `videos of ${[...subjects].join(', ')}`);
  });

  test('every subject has a file of every shape, each of its shape and 4 s', () => {
    for (const subject of SUBJECTS)
      for (const v of DEMO_VIDEOS) {
        const bytes = fs.readFileSync(path.join(VIDEO_DIR, demoVideoFile(subject, v)));
        assert.equal(bytes.subarray(4, 8).toString('latin1'), 'ftyp', demoVideoFile(subject, v));
        // +faststart: the moov atom right after ftyp, before the media data.
        assert.equal(bytes.subarray(bytes.readUInt32BE(0) + 4, bytes.readUInt32BE(0) + 8).toString('latin1'), 'moov');
      }
    assert.equal(
      fs.readdirSync(VIDEO_DIR).filter((f) => f.endsWith('.mp4')).length,
      SUBJECTS.length * DEMO_VIDEOS.length,
    );
  });

  test('a byte range is 206 with exactly those bytes, read from that range of the file only', async () => {
    const v = (await detail(rows[0])).videos[0];
    const whole = (await (await fetch(s.url + v.url)).arrayBuffer()).byteLength;
    const onDisk = fs.readFileSync(path.join(VIDEO_DIR, fileOf(rows[0], v)));
    assert.equal(whole, onDisk.length);
    const reads = mock.method(fs, 'createReadStream');
    try {
      for (const [header, start, end] of [
        ['bytes=0-', 0, whole - 1],
        ['bytes=100-1099', 100, 1099],
        ['bytes=-500', whole - 500, whole - 1],
        [`bytes=${whole - 10}-${whole + 1000}`, whole - 10, whole - 1],
      ] as const) {
        const res = await fetch(s.url + v.url, { headers: { Range: header } });
        assert.equal(res.status, 206, header);
        assert.equal(res.headers.get('content-range'), `bytes ${start}-${end}/${whole}`, header);
        const got = Buffer.from(await res.arrayBuffer());
        assert.equal(got.length, end - start + 1, header);
        assert.ok(got.equals(onDisk.subarray(start, end + 1)), `${header}: the file's bytes`);
        const opts = reads.mock.calls.at(-1)?.arguments[1] as { start: number; end: number };
        assert.deepEqual({ start: opts.start, end: opts.end }, { start, end }, `${header}: only the range is read`);
      }
    } finally {
      reads.mock.restore();
    }
  });

  test('a range past the end is 416 with the size; If-Range with another ETag gets the whole file', async () => {
    const v = (await detail(rows[0])).videos[0];
    const full = await fetch(s.url + v.url);
    const size = Number(full.headers.get('content-length'));
    const etag = full.headers.get('etag')!;
    const past = await s.get(v.url, { Range: `bytes=${size}-` });
    assertError(past, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${size}`);
    const stale = await fetch(s.url + v.url, { headers: { Range: 'bytes=0-9', 'If-Range': '"other"' } });
    assert.equal(stale.status, 200);
    const fresh = await fetch(s.url + v.url, { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    assert.equal(fresh.status, 206);
    const cached = await fetch(s.url + v.url, { headers: { 'If-None-Match': etag } });
    assert.equal(cached.status, 304);
    const head = await fetch(s.url + v.url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(Number(head.headers.get('content-length')), size);
  });

  test('only videos the data references: other ids, sizes and names are 404', async () => {
    const v = (await detail(rows[0])).videos[0];
    const other = (s.app.db.prepare("SELECT id FROM reviews WHERE videos = '[]' LIMIT 1").get() as { id: number }).id;
    const size = v.url.split('/').pop();
    const sizes = ['180x320.mp4', '320x180.mp4', '240x240.mp4'].filter((x) => x !== size);
    for (const url of [
      `/media/video/v${other}/${size}`,
      `/media/video/v${rows[0].id}/${sizes[0]}`,
      `/media/video/v${rows[0].id}/${size?.replace('.mp4', '.mov')}`,
      `/media/video/x${rows[0].id}/${size}`,
      `/media/video/v${rows[0].id}/..%2f..%2fpackage.json`,
      `/media/video/v99999999999/${size}`,
    ])
      assertError(await s.get(url), 404);
  });

  test('MEDIA_BASE_URL prefixes the video URL', async () => {
    const cdn = await startTestServer({ reviews: 300, mediaBaseUrl: 'https://media.example.com' });
    try {
      const r = cdn.app.db
        .prepare("SELECT id, product_id AS p, category_id AS category FROM reviews WHERE videos != '[]'")
        .get() as VideoRow;
      const v = (await cdn.get(`/api/v1/product-comment/products/${r.p}/comments?commentId=${r.id}`)).body.comments[0]
        .videos[0];
      assert.match(v.url, /^https:\/\/media\.example\.com\/media\/video\//);
    } finally {
      await cdn.close();
    }
  });
});
