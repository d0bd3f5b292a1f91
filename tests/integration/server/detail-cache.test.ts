// The guest review-detail answer is kept as JSON text (server/repositories/reviews.ts
// guestDetailJson): it must stay the answer the repository builds, and follow every change,
// including commits by another process (an editor's SQL, a re-seed) seen through data_version.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startTestServer, type TestServer } from './helper';

describe('guest review detail kept as JSON text', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 40 });
  });
  after(async () => {
    await s.close();
  });

  const detailPath = (pid: number, id: number) => `/api/v1/product-comment/products/${pid}/comments?commentId=${id}`;

  test('the kept answer is the one the repository builds, for every review, twice', async () => {
    const rows = s.app.db.prepare('SELECT id, product_id AS p FROM reviews ORDER BY id').all() as Array<{
      id: number;
      p: number;
    }>;
    for (let round = 0; round < 2; round++) {
      for (const r of rows) {
        const res = await s.get(detailPath(r.p, r.id));
        assert.equal(res.status, 200);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(
          res.body,
          JSON.parse(JSON.stringify({ comments: [s.app.repos.reviews.getReview(r.p, r.id, null)] })),
          `review ${r.id}`,
        );
      }
    }
    // Another product's id still answers 404 with the contract's error shape.
    const other = rows.find((r) => r.p !== rows[0].p)!;
    const miss = await s.get(detailPath(other.p, rows[0].id));
    assert.equal(miss.status, 404);
    assert.ok(miss.body.messages[0]);
  });

  test('a commit by another connection shows at once', async () => {
    const r = s.app.db.prepare('SELECT id, product_id AS p FROM reviews ORDER BY id LIMIT 1').get() as {
      id: number;
      p: number;
    };
    assert.equal((await s.get(detailPath(r.p, r.id))).status, 200); // kept now
    const other = new Database(join(s.dir, 'storefront.sqlite'));
    try {
      other.prepare('UPDATE reviews SET content = ?, likes = 4242 WHERE id = ?').run('编辑改过的晒单内容', r.id);
    } finally {
      other.close();
    }
    const review = (await s.get(detailPath(r.p, r.id))).body.comments[0];
    assert.equal(review.content, '编辑改过的晒单内容');
    assert.equal(review.likes, 4242);
  });
});
