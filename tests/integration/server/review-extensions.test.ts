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
});
