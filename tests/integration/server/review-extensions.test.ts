// The reference server's optional extensions of issue 21 (docs/api-client.md): merchant replies
// (`fromMerchant`, the shop's name as userLabel) and the verified purchase of a review.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from './helper';

describe('review extensions (issue 21)', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 300 });
  });
  after(async () => {
    await s.close();
  });

  test('the merchant answers some reviews: fromMerchant and the shop name; other replies carry neither', async () => {
    const rows = s.app.db
      .prepare(
        `SELECT r.id, r.product_id AS p, m.name_cn AS shop FROM replies rp JOIN reviews r ON r.id = rp.review_id
         JOIN merchants m ON m.id = rp.merchant_id`,
      )
      .all() as Array<{ id: number; p: number; shop: string }>;
    assert.ok(rows.length >= 3, `${rows.length} merchant replies`);
    const { n } = s.app.db.prepare('SELECT count(*) AS n FROM replies WHERE merchant_id IS NULL').get() as {
      n: number;
    };
    assert.ok(n > rows.length, 'most replies are by shoppers');
    for (const r of rows.slice(0, 5)) {
      const all = (await s.get(`/api/v1/product-comment/products/${r.p}/comments/${r.id}/replies?f=0&t=10`)).body;
      const merchant = all.replies.filter((x: { fromMerchant?: boolean }) => x.fromMerchant === true);
      assert.equal(merchant.length, 1, JSON.stringify(all));
      assert.equal(merchant[0].userLabel, r.shop);
      for (const x of all.replies.filter((y: { fromMerchant?: boolean }) => !y.fromMerchant))
        assert.ok(!('fromMerchant' in x), 'absent, not false, on shoppers’ replies');
    }
  });

  test('verified purchase: most reviews have a received order of their sku, a few not; the variant is the sku', async () => {
    const rows = s.app.db
      .prepare(
        `SELECT r.id, r.product_id AS p, r.user_id AS u, r.sku_id AS sku, s.color, s.size FROM reviews r
         LEFT JOIN skus s ON s.id = r.sku_id ORDER BY r.id LIMIT 120`,
      )
      .all() as Array<{
      id: number;
      p: number;
      u: number;
      sku: number | null;
      color: string | null;
      size: string | null;
    }>;
    let verified = 0;
    for (const r of rows) {
      const review = (await s.get(`/api/v1/product-comment/products/${r.p}/comments?commentId=${r.id}`)).body
        .comments[0];
      const order = s.app.db
        .prepare(
          `SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
           WHERE o.user_id = ? AND oi.sku_id = ? AND o.status = 'RECEIVED'`,
        )
        .get(r.u, r.sku);
      assert.equal(!!review.verifiedPurchase, !!order, `review ${r.id}: label only with an order behind it`);
      if (!review.verifiedPurchase) continue;
      verified++;
      const variant = [r.color, r.size].filter(Boolean);
      for (const v of variant) assert.ok(review.verifiedPurchase.variant.includes(v), `${r.id}: ${v}`);
    }
    assert.ok(verified > rows.length * 0.6 && verified < rows.length, `${verified} of ${rows.length} verified`);
  });

  test('an order cancelled or received after the review does not verify it', async () => {
    const r = s.app.db
      .prepare('SELECT r.id, r.product_id AS p FROM reviews r JOIN orders o ON o.id = r.id LIMIT 1')
      .get() as { id: number; p: number };
    const url = `/api/v1/product-comment/products/${r.p}/comments?commentId=${r.id}`;
    assert.ok((await s.get(url)).body.comments[0].verifiedPurchase);
    // Written through the server's own connection: its kept guest answer is dropped by hand.
    s.app.db.prepare("UPDATE orders SET status = 'CANCELLED' WHERE id = ?").run(r.id);
    s.app.repos.reviews.forgetDetail(r.p, r.id);
    assert.equal((await s.get(url)).body.comments[0].verifiedPurchase, undefined);
    s.app.db.prepare("UPDATE orders SET status = 'RECEIVED', created_at = 9e15 WHERE id = ?").run(r.id);
    s.app.repos.reviews.forgetDetail(r.p, r.id);
    assert.equal((await s.get(url)).body.comments[0].verifiedPurchase, undefined);
  });
});
