// The bounded build (issue 23): which reviews are built ahead (SITE_STATIC_REVIEWS), and that the
// deferred ones are neither fetched nor dropped from the listings and related lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chooseStatic,
  staticHubsLimit,
  staticReviewsLimit,
  DEFAULT_STATIC_HUBS,
  DEFAULT_STATIC_REVIEWS,
} from '../../../gatsby/sourcing/static-set';
import { fetchReviews, type ReviewSourceApi } from '../../../gatsby/sourcing/fetch-reviews';
import { buildIndex } from '../../../gatsby/pages/build-index';
import { createAllPages } from '../../../gatsby/pages/all';
import { emptyExtras } from '../../../gatsby/sourcing/fetch-extras';
import type { PageInput } from '../../../gatsby/pages/types';
import type { ReviewPageData } from '../../../src/review/page-data';
import type { RelatedReviewItem } from '../../../src/storefront/types';

const item = (commentId: string, likes: number, productId = '1') => ({ productId, commentId, likes });

test('the newest half, then the most liked of the rest (equal likes: newer first)', () => {
  // Feed order = newest first.
  const feed = [item('a', 0), item('b', 1), item('c', 9), item('d', 3), item('e', 9), item('f', 0)];
  assert.deepEqual([...chooseStatic(feed, 4)].sort(), ['1/a', '1/b', '1/c', '1/e']);
  assert.deepEqual([...chooseStatic(feed, 3)].sort(), ['1/a', '1/b', '1/c']);
  assert.deepEqual([...chooseStatic(feed, 1)], ['1/a']);
  assert.equal(chooseStatic(feed, 6).size, 6);
  assert.equal(chooseStatic(feed, 100).size, 6);
});

test('SITE_STATIC_REVIEWS: default, 0 read as 1, anything but a count refused', () => {
  assert.equal(staticReviewsLimit({}), DEFAULT_STATIC_REVIEWS);
  assert.equal(staticReviewsLimit({ SITE_STATIC_REVIEWS: '' }), DEFAULT_STATIC_REVIEWS);
  assert.equal(staticReviewsLimit({ SITE_STATIC_REVIEWS: '250' }), 250);
  assert.equal(staticReviewsLimit({ SITE_STATIC_REVIEWS: '0' }), 1);
  for (const bad of ['-1', '1e6', 'all', '12.5', '9'.repeat(12)])
    assert.throws(() => staticReviewsLimit({ SITE_STATIC_REVIEWS: bad }), /SITE_STATIC_REVIEWS must be a whole number/);
});

test('SITE_STATIC_HUBS: default, 0 read as 1, anything but a count refused', () => {
  assert.equal(staticHubsLimit({}), DEFAULT_STATIC_HUBS);
  assert.equal(staticHubsLimit({ SITE_STATIC_HUBS: '30' }), 30);
  assert.equal(staticHubsLimit({ SITE_STATIC_HUBS: '0' }), 1);
  for (const bad of ['-1', 'many', '2.5'])
    assert.throws(
      () => staticHubsLimit({ SITE_STATIC_HUBS: bad }),
      /SITE_STATIC_HUBS must be a whole number of product hubs/,
    );
});

test('a bounded sourcing fetches only the chosen details; deferred reviews stay linked', async () => {
  const drops: RelatedReviewItem[] = ['a', 'b', 'c', 'd'].map((c, i) => ({
    productId: '1',
    commentId: c,
    content: `评价${c}`,
    likes: i === 3 ? 50 : 0,
  }));
  const detailCalls: string[] = [];
  const api: ReviewSourceApi = {
    categories: async () => ({ categories: [{ id: '8', name: '女装', children: [] }] }),
    haulPage: async () => ({ waterFall: { waterDrops: drops, delimiter: null } }),
    reviewDetail: async (p, c) => {
      detailCalls.push(c);
      return { id: c, productId: p, content: `评价${c}`, postedAt: 1_700_000_000_000, likes: 0 };
    },
    similarProducts: async () => [],
  };
  const r = await fetchReviews(api, { staticLimit: 2 });
  // a (newest) and d (most liked of the rest).
  assert.deepEqual(detailCalls.sort(), ['a', 'd']);
  assert.deepEqual(
    r.pages.map((p) => p.commentId),
    ['a', 'd'],
  );
  assert.deepEqual(
    r.deferred.map((d) => d.commentId),
    ['b', 'c'],
  );
  // The listings' feed keeps every review; the related lists name the deferred ones too
  // (ranked: the most liked first, issue 44).
  assert.deepEqual(
    r.feed.map((f) => f.commentId),
    ['a', 'b', 'c', 'd'],
  );
  assert.deepEqual(
    r.pages[0].relateList.map((x) => x.commentId),
    ['d', 'b', 'c'],
  );
  const index = buildIndex(r);
  assert.deepEqual([...index.built].sort(), ['1/a', '1/b', '1/c', '1/d']);
  assert.equal(index.builtFeed.length, 4);
  // Pages: only the built ones; their related lists keep the deferred links.
  const pages: PageInput[] = [];
  createAllPages({ createPage: (p) => pages.push(p) }, (n) => n, { ...r, apiUrl: '', extras: emptyExtras() });
  const reviews = pages.filter((p) => p.component === 'review');
  assert.deepEqual(
    reviews.map((p) => p.path),
    ['/1/a/', '/1/d/'],
  );
  assert.deepEqual(
    (reviews[0].context as unknown as ReviewPageData).relateList.map((x) => x.commentId),
    ['d', 'b', 'c'],
  );
});
