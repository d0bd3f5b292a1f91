// Issue 23: paging a whole listing page by page returns every review exactly once, in order,
// through ties of the sort key and while reviews are added between pages (the cursor is a
// key, not a count of rows skipped). Real server, real SQLite, the pinned feed and the f/t
// windows of a product's comments.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_PRODUCT_SKIP } from '../../../server/repositories/products';
import { MAX_SKIP } from '../../../server/repositories/reviews';
import { assertError, startTestServer, type Res, type TestServer } from './helper';

type Sort = 'posted_at' | 'likes';
interface Key {
  id: number;
  likes: number;
  posted_at: number;
}

describe('paging whole listings by cursor', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 400 });
  });
  after(async () => {
    await s.close();
  });

  const keyOf = (id: number) =>
    s.app.db.prepare('SELECT id, likes, posted_at FROM reviews WHERE id = ?').get(id) as Key;
  /** a comes strictly before b in the listing's order. */
  const before_ = (sort: Sort, a: Key, b: Key) =>
    sort === 'likes'
      ? a.likes > b.likes ||
        (a.likes === b.likes && (a.posted_at > b.posted_at || (a.posted_at === b.posted_at && a.id > b.id)))
      : a.posted_at > b.posted_at || (a.posted_at === b.posted_at && a.id > b.id);
  /** A copy of review `from` with the given key; the new id is above every other. */
  const insertLike = (from: number, likes: number, postedAt: number): number =>
    Number(
      s.app.db
        .prepare(
          `INSERT INTO reviews (product_id, category_id, sku_id, user_id, content, score, word_tags, pictures, videos, likes, posted_at)
           SELECT product_id, category_id, sku_id, user_id, '翻页时新加的晒单', score, word_tags, pictures, videos, ?, ? FROM reviews WHERE id = ?`,
        )
        .run(likes, postedAt, from).lastInsertRowid,
    );

  for (const sort of ['posted_at', 'likes'] as const) {
    test(`the feed sorted by ${sort}: every review once, in order, ties kept, reviews added between pages`, async () => {
      const group = (
        s.app.db.prepare('SELECT group_id AS g FROM reviews GROUP BY group_id ORDER BY count(*) DESC').get() as {
          g: string;
        }
      ).g;
      for (const category of ['0', group]) {
        const where = category === '0' ? '' : 'WHERE group_id = ?';
        const ids = (category === '0' ? [] : [category]) as unknown[];
        const atStart = new Set(
          (s.app.db.prepare(`SELECT id FROM reviews ${where}`).all(...ids) as Array<{ id: number }>).map((r) => r.id),
        );
        const seen: number[] = [];
        const added: { ahead: number[]; behind: number[] } = { ahead: [], behind: [] };
        let delimiter: string | null = '0';
        for (let page = 0; delimiter !== null; page++) {
          const res: Res<any> = await s.get(
            `/api/v2/product_comment/haul?delimiter=${delimiter}&size=3&category=${category}&sort=${sort}`,
          );
          assert.equal(res.status, 200, JSON.stringify(res.body));
          seen.push(...res.body.waterFall.waterDrops.map((d: { commentId: number }) => d.commentId));
          delimiter = res.body.waterFall.delimiter;
          if (page === 2 || page === 20) {
            // One review ahead of the cursor (newest, most liked: paging on must not repeat a
            // row because of it) and one behind it with the last row's likes (a tie): it must
            // come exactly once.
            const last = keyOf(seen[seen.length - 1]);
            const top = s.app.db.prepare('SELECT max(likes) AS l, max(posted_at) AS t FROM reviews').get() as {
              l: number;
              t: number;
            };
            added.ahead.push(insertLike(seen[0], top.l + 1, top.t + 60_000));
            added.behind.push(insertLike(seen[seen.length - 1], last.likes, last.posted_at - 60_000));
          }
        }
        assert.equal(new Set(seen).size, seen.length, 'no review twice');
        for (const id of atStart) assert.ok(seen.includes(id), `review ${id} missing (${category}, ${sort})`);
        for (const id of added.behind) assert.ok(seen.includes(id), `review ${id} added behind the cursor missing`);
        for (const id of added.ahead) assert.ok(!seen.includes(id), `review ${id} added ahead of the cursor shown`);
        assert.equal(seen.length, atStart.size + added.behind.length);
        const keys = seen.map(keyOf);
        for (let i = 1; i < keys.length; i++) assert.ok(before_(sort, keys[i - 1], keys[i]), `order at ${i}`);
        const tie = keys.some(
          (k, i) => i > 0 && (sort === 'likes' ? k.likes === keys[i - 1].likes : k.posted_at === keys[i - 1].posted_at),
        );
        // Every listing by likes has ties; by time, the whole feed has the seed's same-time reviews.
        if (sort === 'likes' || category === '0') assert.ok(tie, 'the listing has ties of the sort key');
      }
    });

    test(`a product's comments by f/t windows sorted by ${sort}: each once, in order, reviews added between windows`, async () => {
      const { id: productId } = s.app.db
        .prepare('SELECT product_id AS id FROM reviews GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1')
        .get() as { id: number };
      const atStart = (
        s.app.db.prepare('SELECT id FROM reviews WHERE product_id = ?').all(productId) as Array<{ id: number }>
      ).map((r) => r.id);
      assert.ok(atStart.length >= 6, `${atStart.length} reviews`);
      const seen: number[] = [];
      const ahead: number[] = [];
      for (let f = 0; ; f += 2) {
        const res = await s.get(`/api/v1/product-comment/products/${productId}/comments?f=${f}&t=${f + 2}&s=${sort}`);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const page = res.body.comments.map((c: { id: number }) => c.id);
        seen.push(...page);
        if (page.length < 2) break;
        // A newer, more liked review of the product after each window: skipping f rows would
        // show the previous window's last row again.
        const top = s.app.db.prepare('SELECT max(likes) AS l, max(posted_at) AS t FROM reviews').get() as {
          l: number;
          t: number;
        };
        ahead.push(insertLike(page[0], top.l + 1, top.t + 60_000));
      }
      assert.equal(new Set(seen).size, seen.length, `no comment twice: ${seen.join(',')}`);
      assert.deepEqual(new Set(seen), new Set(atStart));
      const keys = seen.map(keyOf);
      for (let i = 1; i < keys.length; i++) assert.ok(before_(sort, keys[i - 1], keys[i]), `order at ${i}`);
    });
  }

  test('a window that continues no page is served up to f = MAX_SKIP, deeper ones answer 400', async () => {
    const { id } = s.app.db.prepare('SELECT product_id AS id FROM reviews LIMIT 1').get() as { id: number };
    const ok = await s.get(`/api/v1/product-comment/products/${id}/comments?f=${MAX_SKIP}&t=${MAX_SKIP + 10}`);
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.comments, []);
    assertError(
      await s.get(`/api/v1/product-comment/products/${id}/comments?f=${MAX_SKIP + 1}&t=${MAX_SKIP + 11}`),
      400,
      '参数 f',
    );
  });

  test('discover and search windows start at most MAX_PRODUCT_SKIP deep (each walks its order index)', async () => {
    const ok = await s.get(`/api/v2/discover?f=${MAX_PRODUCT_SKIP}&t=${MAX_PRODUCT_SKIP + 10}&sort=newest`);
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.products, []);
    assert.ok(ok.body.total > 0);
    assertError(await s.get(`/api/v2/discover?f=${MAX_PRODUCT_SKIP + 1}&t=${MAX_PRODUCT_SKIP + 2}`), 400, '参数 f');
    const search = await s.req('POST', '/api/v3/discover', {
      body: { q: 'a', f: MAX_PRODUCT_SKIP + 1, t: MAX_PRODUCT_SKIP + 2 },
    });
    assertError(search, 400, '参数 f');
  });
});
