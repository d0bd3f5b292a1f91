// Review detail (pinned helper 1), a product's comment list, replies, and the seeded
// hostile / malformed records (docs/server.md).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  HOSTILE_USER_LABEL,
  JAVASCRIPT_URL,
  MALFORMED_POSTED_AT,
  SCRIPT_CONTENT,
  SPECIAL,
} from '../../../server/seed/special';
import { assertError, startTestServer, type TestServer } from './helper';

const productOf = (s: TestServer, reviewId: number) =>
  (s.app.db.prepare('SELECT product_id AS p FROM reviews WHERE id = ?').get(reviewId) as { p: number }).p;

describe('product comments', () => {
  let s: TestServer;
  let busy: { p: number; n: number };
  before(async () => {
    s = await startTestServer({ reviews: 60 });
    busy = s.app.db
      .prepare('SELECT product_id AS p, count(*) AS n FROM reviews GROUP BY product_id ORDER BY n DESC, p LIMIT 1')
      .get() as { p: number; n: number };
  });
  after(async () => {
    await s.close();
  });

  test('review detail: { comments: [review] } with every contract field', async () => {
    const id = (
      s.app.db
        .prepare(
          "SELECT id FROM reviews WHERE pictures != '[]' AND sku_id IS NOT NULL AND overrides IS NULL AND id NOT IN (5000007, 5000013, 5000021) LIMIT 1",
        )
        .get() as { id: number }
    ).id;
    const pid = productOf(s, id);
    const res = await s.get(`/api/v1/product-comment/products/${pid}/comments?commentId=${id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body), ['comments']);
    assert.equal(res.body.comments.length, 1);
    const r = res.body.comments[0];
    assert.equal(r.id, id);
    assert.equal(r.productId, pid);
    for (const k of [
      'content',
      'userLabel',
      'userAvatar',
      'userMedals',
      'likes',
      'postedAt',
      'productCommentLabel',
      'pictures',
      'videos',
      'sku',
    ])
      assert.ok(k in r, k);
    assert.equal(typeof r.postedAt, 'number');
    assert.ok(r.productCommentLabel.productSatisfyScore >= 1 && r.productCommentLabel.productSatisfyScore <= 5);
    assert.ok(Array.isArray(r.productCommentLabel.wordTags));
    for (const p of r.pictures) {
      for (const img of [p.full, p.thumbnail]) {
        assert.match(img.url, /^\/media\/picture\/r\d+\/\d+x\d+\.(jpg|webp)$/);
        assert.ok(img.url.endsWith(`/${img.width}x${img.height}.${img.format === 'jpeg' ? 'jpg' : 'webp'}`));
      }
      assert.ok(p.thumbnail.width <= p.full.width && p.thumbnail.height <= p.full.height);
      assert.ok(
        Math.abs(p.thumbnail.width / p.thumbnail.height - p.full.width / p.full.height) < 0.02,
        'same aspect ratio',
      );
    }
    assert.equal(r.sku.productId, pid);
    assert.equal(typeof r.sku.cents, 'number');
    assert.equal(typeof r.sku.attributes.attributes.exchangeRateUsed.choices[0], 'number');
    assert.ok(r.sku.images[0].full.url.startsWith('/media/sku/'));
    assert.equal('liked' in r, false, 'guests get no liked flag');
  });

  test('review detail 404s: unknown review, review of another product, unknown product', async () => {
    const id = 5_000_001;
    const pid = productOf(s, id);
    const other = (s.app.db.prepare('SELECT id FROM products WHERE id != ? LIMIT 1').get(pid) as { id: number }).id;
    assertError(await s.get(`/api/v1/product-comment/products/${pid}/comments?commentId=4999999`), 404);
    assertError(await s.get(`/api/v1/product-comment/products/${other}/comments?commentId=${id}`), 404);
    assertError(await s.get(`/api/v1/product-comment/products/999999/comments?commentId=${id}`), 404);
    assertError(await s.get('/api/v1/product-comment/products/999999/comments'), 404, '商品');
  });

  test('list: default window 0..10 newest first, total, f/t window, sort by likes, tag filter', async () => {
    const res = await s.get(`/api/v1/product-comment/products/${busy.p}/comments`);
    assert.equal(res.status, 200);
    assert.equal(res.body.total, busy.n);
    assert.equal(res.body.comments.length, Math.min(10, busy.n));
    const times = res.body.comments.map((c: any) => c.postedAt);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const window = await s.get(`/api/v1/product-comment/products/${busy.p}/comments?f=1&t=3`);
    assert.deepEqual(
      window.body.comments.map((c: any) => c.id),
      res.body.comments.slice(1, 3).map((c: any) => c.id),
    );
    const byLikes = await s.get(`/api/v1/product-comment/products/${busy.p}/comments?s=likes&t=100`);
    const likes = byLikes.body.comments.map((c: any) => c.likes);
    assert.deepEqual(
      likes,
      [...likes].sort((a, b) => b - a),
    );
    const tagged = s.app.db
      .prepare('SELECT r.product_id AS p, j.value AS tag FROM reviews r, json_each(r.word_tags) j LIMIT 1')
      .get() as { p: number; tag: string };
    const t = await s.get(
      `/api/v1/product-comment/products/${tagged.p}/comments?tag=${encodeURIComponent(tagged.tag)}&t=100`,
    );
    assert.ok(t.body.total >= 1 && t.body.comments.length === t.body.total);
    for (const c of t.body.comments) assert.ok(c.productCommentLabel.wordTags.includes(tagged.tag));
    const none = await s.get(
      `/api/v1/product-comment/products/${tagged.p}/comments?tag=${encodeURIComponent('不存在的标签')}`,
    );
    assert.deepEqual(none.body, { comments: [], total: 0 });
  });

  test('list and replies validate their query', async () => {
    const base = `/api/v1/product-comment/products/${busy.p}/comments`;
    for (const q of ['f=5&t=2', 'f=0&t=101', 'f=-1', 't=x', 's=newest', 'commentId=abc', 'commentId=0', 'tag=']) {
      assertError(await s.get(`${base}?${q}`), 400);
    }
    for (const p of ['abc', '0', '-5', '1.5', '99999999999'])
      assertError(await s.get(`/api/v1/product-comment/products/${p}/comments`), 400);
  });

  test('replies: shape, window, 404s', async () => {
    const row = s.app.db
      .prepare('SELECT review_id AS r, count(*) AS n FROM replies GROUP BY review_id ORDER BY n DESC LIMIT 1')
      .get() as { r: number; n: number };
    const pid = productOf(s, row.r);
    const res = await s.get(`/api/v1/product-comment/products/${pid}/comments/${row.r}/replies?f=0&t=1&s=posted_at`);
    assert.equal(res.status, 200);
    assert.equal(res.body.total, row.n);
    assert.equal(res.body.replies.length, 1);
    const r = res.body.replies[0];
    assert.deepEqual(Object.keys(r).sort(), [
      'commentId',
      'content',
      'id',
      'likes',
      'postedAt',
      'userAvatar',
      'userLabel',
    ]);
    assert.equal(r.commentId, row.r);
    const all = await s.get(`/api/v1/product-comment/products/${pid}/comments/${row.r}/replies?t=100`);
    assert.equal(all.body.replies.length, row.n);
    assertError(await s.get(`/api/v1/product-comment/products/${pid}/comments/4999999/replies`), 404);
    assertError(await s.get(`/api/v1/product-comment/products/${pid}/comments/${row.r}/replies?s=x`), 400);
    const detail = await s.get(`/api/v1/product-comment/products/${pid}/comments?commentId=${row.r}`);
    assert.equal(detail.body.comments[0].replyCount, row.n);
  });

  test('hostile and malformed records are served as documented', async () => {
    const detail = async (id: number) =>
      (await s.get(`/api/v1/product-comment/products/${productOf(s, id)}/comments?commentId=${id}`)).body.comments[0];
    assert.equal((await detail(SPECIAL.scriptContent)).content, SCRIPT_CONTENT);
    assert.equal((await detail(SPECIAL.htmlUserLabel)).userLabel, HOSTILE_USER_LABEL);
    const js = await detail(SPECIAL.javascriptPicture);
    assert.equal(js.pictures[0].full.url, JAVASCRIPT_URL);
    assert.equal(js.pictures[0].thumbnail.url, JAVASCRIPT_URL);
    assert.equal((await detail(SPECIAL.nullSku)).sku, null);
    const nulls = await detail(SPECIAL.nullFields);
    assert.equal(nulls.content, null);
    assert.equal(nulls.productCommentLabel, null);
    assert.equal(nulls.userMedals, null);
    assert.equal((await detail(SPECIAL.malformedPostedAt)).postedAt, MALFORMED_POSTED_AT);
    const feed = (await s.get('/api/v2/product_comment/haul?delimiter=0&size=500')).body.waterFall.waterDrops;
    assert.equal(feed.find((d: any) => d.commentId === SPECIAL.javascriptPicture).image, JAVASCRIPT_URL);
    assert.ok(
      feed.some((d: any) => d.commentId === SPECIAL.malformedPostedAt),
      'the malformed review is listed in the feed',
    );
  });
});
