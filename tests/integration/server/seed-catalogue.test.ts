// Issue 11, defect 9: the default demo data set leaves no category page empty. Every leaf of
// data/categories.json has products with reviews, and every group and second-level category
// answers the build's two category calls (gatsby/sourcing/extras-api.ts: discover by cids,
// haul feed by category) with something to list.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readCatalogueFile } from '../../../server/catalogue';
import { DEFAULT_REVIEWS, DEFAULT_SEED } from '../../../server/seed/generate';
import { getCatalogue } from '../../../src/catalogue';
import { createStorefrontClient } from '../../../src/storefront/client';
import { extrasSourceApi } from '../../../gatsby/sourcing/extras-api';
import { mapLimit } from '../../../publish/limit';
import { startTestServer, type TestServer } from './helper';

describe('the default demo data set fills the catalogue', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: DEFAULT_REVIEWS, seed: DEFAULT_SEED });
  });
  after(() => s.close());

  const countBy = (sql: string) =>
    new Map((s.app.db.prepare(sql).all() as Array<{ id: string; n: number }>).map((r) => [r.id, r.n]));

  test('every leaf category has at least one product and one review', () => {
    const leaves = readCatalogueFile().leaves;
    assert.ok(leaves.length > 0);
    const products = countBy('SELECT category_id AS id, count(*) AS n FROM products GROUP BY category_id');
    const reviews = countBy('SELECT category_id AS id, count(*) AS n FROM reviews GROUP BY category_id');
    const bare = leaves
      .filter((l) => !((products.get(l.id) ?? 0) >= 1 && (reviews.get(l.id) ?? 0) >= 1))
      .map((l) => l.id);
    assert.deepEqual(bare, [], `${bare.length} of ${leaves.length} leaves without a product and a review`);
  });

  // Leaves are covered row by row above; here the groups and second-level categories, whose
  // pages aggregate their leaves through the same two calls as every category page.
  test('every group and second-level category page gets products and reviews from the calls the build makes', async () => {
    const api = extrasSourceApi(createStorefrontClient({ mode: 'build', baseURL: s.url, retries: 0 }));
    const ids = [...getCatalogue().byId.values()].filter((e) => e.level < 3).map((e) => e.id);
    assert.ok(ids.length > 0);
    const empty: string[] = [];
    await mapLimit(ids, 8, async (id) => {
      const [products, feed] = await Promise.all([api.categoryProducts(id), api.categoryReviews(id, 10)]);
      if (!products.products.length || !feed.waterFall.waterDrops.length) empty.push(id);
    });
    assert.deepEqual(empty.sort(), [], `${empty.length} of ${ids.length} category pages would be empty`);
  });
});
