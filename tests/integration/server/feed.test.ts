// Pinned: categories and the haul feed (contract "Pinned endpoints", "Feed paging").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { CATEGORIES_FILE } from '../../../server/catalogue';
import { getCatalogue } from '../../../src/catalogue';
import { JAVASCRIPT_URL, SPECIAL } from '../../../server/seed/special';
import { assertError, pageFeed, startTestServer, type TestServer } from './helper';

describe('categories and review feed', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 60 });
  });
  after(async () => {
    await s.close();
  });

  test('GET /api/v2/productcategories answers the whole tree of data/categories.json', async () => {
    const res = await s.get('/api/v2/productcategories');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, JSON.parse(readFileSync(CATEGORIES_FILE, 'utf8')));
    assert.ok(res.body.categories.length >= 1);
  });

  test('feed pages reach the end with no duplicates or gaps, newest first', async () => {
    const total = (s.app.db.prepare('SELECT count(*) AS n FROM reviews').get() as { n: number }).n;
    assert.equal(total, 60);
    for (const size of [1, 7, 60, 500]) {
      const { ids, pages } = await pageFeed(s, size);
      assert.equal(ids.length, total, `size ${size}`);
      assert.equal(new Set(ids).size, total, `no duplicates at size ${size}`);
      assert.equal(pages, Math.max(1, Math.ceil(total / size)), `pages at size ${size}`);
      const keys = ids.map(
        (id) => s.app.db.prepare('SELECT posted_at AS t FROM reviews WHERE id = ?').get(id) as { t: number },
      );
      for (let i = 1; i < ids.length; i++) {
        const [a, b] = [keys[i - 1].t, keys[i].t];
        assert.ok(a > b || (a === b && ids[i - 1] > ids[i]), `order at ${i}`);
      }
    }
  });

  test('reviews with the same postedAt are ordered by id and never lost across a page break', async () => {
    const { ids } = await pageFeed(s, 2);
    const pos = SPECIAL.sameTime.map((id) => ids.indexOf(id));
    assert.ok(pos.every((p) => p >= 0));
    assert.deepEqual(
      pos,
      [...pos].sort((a, b) => b - a),
      'higher id first',
    );
    assert.equal(pos[0] - pos[2], 2, 'adjacent');
  });

  test('feed item shape (RelatedReviewItem)', async () => {
    const res = await s.get('/api/v2/product_comment/haul?delimiter=0&size=30&category=0');
    assert.equal(res.body.waterFall.waterDrops.length, 30);
    for (const d of res.body.waterFall.waterDrops) {
      assert.equal(typeof d.commentId, 'number');
      assert.equal(typeof d.productId, 'number');
      assert.equal(typeof d.likes, 'number');
      assert.ok(d.image === null || typeof d.image === 'string');
      assert.ok(typeof d.userLabel === 'string');
      assert.ok(d.content === null || typeof d.content === 'string');
      // The pinned fields and the extensions (docs/api-client.md): postedAt, epoch ms; score
      // and wordTags, as the detail's label has them.
      assert.equal(typeof d.postedAt, 'number');
      assert.deepEqual(Object.keys(d).sort(), [
        'categoryId',
        'commentId',
        'content',
        'image',
        'imageHeight',
        'imageWidth',
        'likes',
        'postedAt',
        'productId',
        'productImage',
        'score',
        'userAvatar',
        'userLabel',
        'wordTags',
      ]);
      // Issue 44's extensions: the image's own size (its URL names it), the product's picture,
      // the product's leaf category. The hostile record's image is a javascript: URL with no size.
      if (d.commentId === SPECIAL.javascriptPicture) assert.equal(d.image, JAVASCRIPT_URL);
      else if (d.image) {
        const m = /\/(\d+)x(\d+)\.(jpg|webp)$/.exec(d.image);
        assert.ok(m, d.image);
        assert.deepEqual([d.imageWidth, d.imageHeight], [Number(m[1]), Number(m[2])], d.image);
      } else assert.deepEqual([d.imageWidth, d.imageHeight], [null, null]);
      assert.match(d.productImage, /^\/media\/product\/p\d+-0\/240x240\.jpg$/);
      assert.equal(getCatalogue().byId.get(d.categoryId)?.level, 3, `leaf category ${d.categoryId}`);
    }
  });

  test("feed items' score and wordTags are the detail's label, for every review", async () => {
    const res = await s.get('/api/v2/product_comment/haul?delimiter=0&size=60&category=0');
    const drops = res.body.waterFall.waterDrops as Array<{
      commentId: number;
      productId: number;
      score: unknown;
      wordTags: unknown;
    }>;
    assert.equal(drops.length, 60);
    assert.ok(drops.some((d) => d.commentId === SPECIAL.nullFields));
    for (const d of drops) {
      const detail = await s.get(`/api/v1/product-comment/products/${d.productId}/comments?commentId=${d.commentId}`);
      assert.equal(detail.status, 200);
      const label = detail.body.comments[0].productCommentLabel as {
        productSatisfyScore: number;
        wordTags: string[];
      } | null;
      assert.equal(d.score, label?.productSatisfyScore ?? null, `score of ${d.commentId}`);
      assert.deepEqual(d.wordTags, label?.wordTags ?? null, `tags of ${d.commentId}`);
    }
  });

  test('defaults: delimiter 0, size 10, category 0', async () => {
    const res = await s.get('/api/v2/product_comment/haul');
    assert.equal(res.status, 200);
    assert.equal(res.body.waterFall.waterDrops.length, 10);
  });

  test('category filter matches the node and its descendants', async () => {
    const groups = s.app.db
      .prepare(
        'SELECT p.group_id AS g, p.category_id AS c, count(*) AS n FROM reviews r JOIN products p ON p.id = r.product_id GROUP BY g, c',
      )
      .all() as Array<{ g: string; c: string; n: number }>;
    const byGroup = new Map<string, number>();
    for (const x of groups) byGroup.set(x.g, (byGroup.get(x.g) ?? 0) + x.n);
    let checked = 0;
    for (const [g, n] of byGroup) {
      const { ids } = await pageFeed(s, 4, g);
      assert.equal(ids.length, n, `group ${g}`);
      for (const id of ids) {
        const row = s.app.db
          .prepare('SELECT p.group_id AS g FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = ?')
          .get(id) as { g: string };
        assert.equal(row.g, g);
      }
      checked++;
    }
    assert.ok(checked >= 2);
    // A leaf and its second-level parent.
    const leaf = groups[0];
    assert.equal((await pageFeed(s, 3, leaf.c)).ids.length, leaf.n);
    const parent = s.app.catalogue.leafById.get(leaf.c)!.parentId;
    const underParent = groups
      .filter((x) => s.app.catalogue.leafById.get(x.c)!.parentId === parent)
      .reduce((a, x) => a + x.n, 0);
    assert.equal((await pageFeed(s, 3, parent)).ids.length, underParent);
  });

  test('a category without reviews is an empty last page', async () => {
    const used = new Set(
      (s.app.db.prepare('SELECT DISTINCT category_id AS c FROM reviews').all() as Array<{ c: string }>).map((x) => x.c),
    );
    const empty = s.app.catalogue.leaves.find((l) => !used.has(l.id))!;
    const res = await s.get(`/api/v2/product_comment/haul?delimiter=0&size=10&category=${empty.id}`);
    assert.deepEqual(res.body, { waterFall: { waterDrops: [], delimiter: null } });
  });

  test('bad input answers 400 / unknown category 404, with the error shape', async () => {
    for (const q of [
      'size=0',
      'size=501',
      'size=abc',
      'size=1.5',
      'size=-3',
      'delimiter=not-a-cursor',
      'delimiter=%2F%2F',
      'delimiter=' + Buffer.from('x:y').toString('base64url'),
      'category=%3Cscript%3E',
      'size=1&size=2',
    ]) {
      assertError(await s.get(`/api/v2/product_comment/haul?${q}`), 400);
    }
    assertError(await s.get('/api/v2/product_comment/haul?delimiter=0&size=10&category=zz9'), 404, '分类');
  });
});

describe('feed paging at a larger size', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ reviews: 3000, seed: 7 });
  });
  after(async () => {
    await s.close();
  });

  test('3000 reviews page to the end at size 500 and 137', async () => {
    for (const size of [500, 137]) {
      const { ids } = await pageFeed(s, size);
      assert.equal(ids.length, 3000);
      assert.equal(new Set(ids).size, 3000);
    }
  });
});
