// Issue 22's optional extensions of the reference server (docs/api-client.md): the comment list's
// `score` and `media` filters and the haul feed's `media`, `score` and `sort=likes` (keyset paging
// that meets every matching review once). Real HTTP on a random port, real SQLite.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from './helper';

interface Row {
  id: number;
  product_id: number;
  score: number;
  likes: number;
  pics: number;
  vids: number;
}

describe('review filters (issue 22 extensions)', () => {
  let s: TestServer;
  let rows: Row[];
  before(async () => {
    s = await startTestServer({ reviews: 300 });
    rows = s.app.db
      .prepare(
        `SELECT id, product_id, score, likes, json_array_length(pictures) AS pics, json_array_length(videos) AS vids
         FROM reviews WHERE hidden_at IS NULL`,
      )
      .all() as Row[];
  });
  after(async () => {
    await s.close();
  });

  test('comment list: score and media filter, total counts the matches, likes sort', async () => {
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.product_id, (counts.get(r.product_id) ?? 0) + 1);
    const busy = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const mine = rows.filter((r) => r.product_id === busy);
    for (const score of [1, 2, 3, 4, 5]) {
      const res = await s.get(`/api/v1/product-comment/products/${busy}/comments?f=0&t=100&score=${score}`);
      assert.equal(res.status, 200);
      const expected = mine.filter((r) => r.score === score).map((r) => r.id);
      assert.equal(res.body.total, expected.length);
      assert.deepEqual(res.body.comments.map((c: { id: number }) => c.id).sort(), expected.sort());
    }
    const media = await s.get(`/api/v1/product-comment/products/${busy}/comments?f=0&t=100&media=any`);
    assert.equal(media.body.total, mine.filter((r) => r.pics + r.vids > 0).length);
    for (const c of media.body.comments) assert.ok(c.pictures.length + c.videos.length > 0);
    const liked = await s.get(`/api/v1/product-comment/products/${busy}/comments?f=0&t=100&s=likes`);
    const likes = liked.body.comments.map((c: { likes: number }) => c.likes);
    assert.deepEqual(
      likes,
      [...likes].sort((a: number, b: number) => b - a),
    );
    assert.equal((await s.get(`/api/v1/product-comment/products/${busy}/comments?score=6`)).status, 400);
    assert.equal((await s.get(`/api/v1/product-comment/products/${busy}/comments?media=all`)).status, 400);
  });

  async function walk(
    query: string,
    size = 7,
  ): Promise<Array<{ commentId: number; likes: number; image: string | null }>> {
    const out: Array<{ commentId: number; likes: number; image: string | null }> = [];
    let delimiter = '0';
    for (let i = 0; i < 200; i++) {
      const res = await s.get(`/api/v2/product_comment/haul?category=0&size=${size}&delimiter=${delimiter}${query}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      out.push(...res.body.waterFall.waterDrops);
      if (res.body.waterFall.delimiter == null) return out;
      delimiter = res.body.waterFall.delimiter;
    }
    throw new Error('feed did not end');
  }

  test('haul feed: media and score filters page through exactly the matching reviews', async () => {
    const video = await walk('&media=video');
    assert.deepEqual(
      video.map((d) => d.commentId).sort(),
      rows
        .filter((r) => r.vids > 0)
        .map((r) => r.id)
        .sort(),
    );
    const picture = await walk('&media=picture&score=5');
    assert.deepEqual(
      picture.map((d) => d.commentId).sort(),
      rows
        .filter((r) => r.pics > 0 && r.score === 5)
        .map((r) => r.id)
        .sort(),
    );
  });

  test('haul feed sorted by likes: most first, every review once across pages (keyset cursor)', async () => {
    const all = await walk('&sort=likes');
    assert.equal(all.length, rows.length);
    assert.equal(new Set(all.map((d) => d.commentId)).size, rows.length);
    const likes = all.map((d) => d.likes);
    assert.deepEqual(
      likes,
      [...likes].sort((a, b) => b - a),
    );
    // A posted_at cursor is not a likes cursor: a clear 400, not a wrong page.
    const first = await s.get('/api/v2/product_comment/haul?category=0&size=5&delimiter=0');
    const bad = await s.get(
      `/api/v2/product_comment/haul?category=0&size=5&sort=likes&delimiter=${first.body.waterFall.delimiter}`,
    );
    assert.equal(bad.status, 400);
    // Without the extensions the pinned feed is unchanged: newest first.
    const plain = await walk('');
    assert.equal(plain.length, rows.length);
  });
});
