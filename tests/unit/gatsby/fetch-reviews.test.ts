// The build's sourcing rules (contract "What a build may assume") on an in-memory API:
// required endpoints failing stop the build; bad records are skipped and reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchReviews, type ReviewSourceApi } from '../../../gatsby/sourcing/fetch-reviews';
import { RequiredEndpointError } from '../../../gatsby/sourcing/errors';
import { StorefrontError, NetworkError } from '../../../src/storefront/errors';
import type { RelatedReviewItem, Review, SimilarProductItem } from '../../../src/storefront/types';

const review = (productId: string, id: string, extra: Partial<Review> = {}): Review => ({
  id,
  productId,
  content: `评价${id}`,
  postedAt: 1_700_000_000_000,
  likes: 1,
  sku: { productId, name: 'Brand | 商品', cents: 1000 },
  ...extra,
});
const drop = (productId: string, commentId: string): RelatedReviewItem => ({
  productId,
  commentId,
  content: `评价${commentId}`,
});

function api(
  over: Partial<ReviewSourceApi> = {},
  feed: RelatedReviewItem[][] = [[drop('1', 'a'), drop('1', 'b')], [drop('2', 'c')]],
): ReviewSourceApi & { similarCalls: string[] } {
  const similarCalls: string[] = [];
  return {
    similarCalls,
    categories: async () => ({ categories: [{ id: '8', name: '女装', children: [] }] }),
    haulPage: async (delimiter) => {
      const i = Number(delimiter);
      return { waterFall: { waterDrops: feed[i] ?? [], delimiter: i + 1 < feed.length ? String(i + 1) : null } };
    },
    reviewDetail: async (p, c) => review(p, c),
    similarProducts: async (p) => {
      similarCalls.push(p);
      return Array.from({ length: 12 }, (_, k): SimilarProductItem => ({
        product: { id: k === 0 ? p : `s${k}`, name: `P${k}` },
      }));
    },
    ...over,
  };
}

test('pages the whole feed and builds one page per review', async () => {
  const a = api();
  const r = await fetchReviews(a, { feedPageSize: 2 });
  assert.deepEqual(
    r.pages.map((p) => `${p.info.productId}/${p.info.id}`),
    ['1/a', '1/b', '2/c'],
  );
  assert.deepEqual(r.skipped, []);
  // Related: same product, the review itself excluded; a product without other reviews gets
  // the feed's head as the page would load it in the browser (spec section 4), itself excluded.
  assert.deepEqual(
    r.pages[0].relateList.map((x) => x.commentId),
    ['b'],
  );
  assert.deepEqual(
    r.pages[2].relateList.map((x) => x.commentId),
    ['a', 'b'],
  );
  // Similar: at most 9, never the product itself, one call per product.
  assert.equal(r.pages[0].similarProducts.length, 9);
  assert.ok(r.pages[0].similarProducts.every((s) => s.id !== '1'));
  assert.deepEqual(a.similarCalls.sort(), ['1', '2']);
});

test('a malformed or vanished review is skipped and reported, the rest still built', async () => {
  const a = api(
    {
      reviewDetail: async (p, c) => {
        if (c === 'a') return { ...review(p, c), postedAt: 'yesterday' as unknown as number };
        if (c === 'b') throw new StorefrontError(404, { messages: ['评价不存在'] }, 'GET', '/x');
        return review(p, c);
      },
    },
    [[drop('1', 'a'), drop('1', 'b'), drop('2', 'c'), { productId: '3' } as RelatedReviewItem]],
  );
  const r = await fetchReviews(a);
  assert.deepEqual(
    r.pages.map((p) => p.info.id),
    ['c'],
  );
  assert.equal(r.skipped.length, 3);
  assert.match(r.skipped.find((s) => s.commentId === 'a')!.reason, /postedAt/);
  assert.match(r.skipped.find((s) => s.commentId === 'b')!.reason, /404/);
  assert.ok(r.skipped.some((s) => s.productId === '3' && s.commentId === null));
});

test('a skipped review is linked from nothing the build publishes: not in the feed, not in any related list', async () => {
  const a = api(
    {
      reviewDetail: async (p, c) =>
        c === 'b' || c === 'e' ? { ...review(p, c), postedAt: 'yesterday' as unknown as number } : review(p, c),
    },
    [[drop('1', 'a'), drop('1', 'b'), drop('2', 'c'), drop('3', 'd'), drop('4', 'e')]],
  );
  const r = await fetchReviews(a);
  assert.deepEqual(r.skipped.map((s) => s.commentId).sort(), ['b', 'e']);
  // Product 4's only review is skipped: its product page is still made (similar products link it).
  assert.deepEqual(r.productIds, ['1', '2', '3', '4']);
  assert.deepEqual(
    r.feed.map((f) => f.commentId),
    ['a', 'c', 'd'],
    'the showcase lists what has a page',
  );
  // 'a' has no other built review of its product: it falls back to the feed's head, without 'b'.
  for (const page of r.pages)
    assert.ok(
      !page.relateList.some((x) => x.commentId === 'b'),
      `${page.commentId}: ${JSON.stringify(page.relateList)}`,
    );
  assert.deepEqual(
    r.pages.find((p) => p.commentId === 'a')!.relateList.map((x) => x.commentId),
    ['c', 'd'],
  );
});

for (const [name, over] of [
  [
    'catalogue',
    {
      categories: async () => {
        throw new NetworkError('GET', '/api/v2/productcategories');
      },
    },
  ],
  [
    'feed',
    {
      haulPage: async () => {
        throw new StorefrontError(503, {}, 'GET', '/haul');
      },
    },
  ],
  [
    'detail',
    {
      reviewDetail: async () => {
        throw new StorefrontError(500, {}, 'GET', '/comments');
      },
    },
  ],
  [
    'similar',
    {
      similarProducts: async () => {
        throw new NetworkError('GET', '/similar');
      },
    },
  ],
] as Array<[string, Partial<ReviewSourceApi>]>) {
  test(`the ${name} endpoint down fails the build with a message naming it`, async () => {
    await assert.rejects(fetchReviews(api(over)), (e: unknown) => {
      assert.ok(e instanceof RequiredEndpointError);
      assert.match((e as Error).message, /Required storefront endpoint failed: (GET|POST) \//);
      return true;
    });
  });
}

test('an empty catalogue or a feed without waterDrops is a required-endpoint failure', async () => {
  await assert.rejects(fetchReviews(api({ categories: async () => ({ categories: [] }) })), RequiredEndpointError);
  await assert.rejects(fetchReviews(api({ haulPage: async () => ({}) as never })), RequiredEndpointError);
});

test('a feed whose cursor repeats is refused instead of looping forever', async () => {
  const a = api({ haulPage: async () => ({ waterFall: { waterDrops: [drop('1', 'a')], delimiter: '7' } }) });
  await assert.rejects(fetchReviews(a), /repeats/);
});

test("a bounded build keeps what the hubs count of each deferred review from the feed's score extension", async () => {
  const feed: RelatedReviewItem[][] = [
    [
      { ...drop('1', 'a'), score: 5, wordTags: ['好看'], image: 'https://img.example/a.jpg' },
      { ...drop('1', 'b'), score: 2, wordTags: ['偏小', '', 7 as never] },
      { ...drop('2', 'c'), score: 'x' as never, wordTags: null },
    ],
  ];
  const r = await fetchReviews(api({}, feed), { staticLimit: 1 });
  assert.equal(r.pages.length, 1);
  // One per deferred review, in its order, naming it.
  assert.deepEqual(
    r.deferred.map((d) => d.commentId),
    r.deferredFacts!.map((f) => f.commentId),
  );
  const byComment = new Map(r.deferredFacts!.map((f) => [f.commentId, f]));
  // Read as the detail's label is read: a bad score counts as none, bad tags are dropped.
  for (const [id, f] of byComment)
    assert.deepEqual(
      f,
      {
        a: { productId: '1', commentId: 'a', score: 5, tags: ['好看'], hasMedia: true, fit: null },
        b: { productId: '1', commentId: 'b', score: 2, tags: ['偏小'], hasMedia: false, fit: 'small' },
        c: { productId: '2', commentId: 'c', score: null, tags: [], hasMedia: false, fit: null },
      }[id],
    );
  // A server of the pinned contract (no score on feed items): nothing to count beyond the built.
  const plain = await fetchReviews(api(), { staticLimit: 1 });
  assert.equal(plain.deferred.length, 2);
  assert.equal(plain.deferredFacts, null);
});
