// The product hub's rating summary, filter counts, thin-review rule and filter params (issue 22).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAverage, ratingSummary, reviewFacets, scoreBucket } from '../../../src/listing/rating';
import { hasOwnText, isNamedAuthor, isThin, leadWithUseful } from '../../../src/review/quality';
import { filterKey, filterParams, matchesFilter, type ReviewFilter } from '../../../src/listing/review-filter';
import { parseFilterKey, parseSort } from '../../../src/listing/comments-page';
import type { ProductReviewItem } from '../../../src/listing/types';
import { siteConfig } from '../../../src/site-config';

test('rating summary: average to one decimal over the 1-5 scores, count, histogram; other values left out', () => {
  const s = ratingSummary([5, 4, 4, 3, null, 0, 6, Number.NaN, undefined]);
  assert.deepEqual(s, { average: 4, count: 4, histogram: [0, 0, 1, 2, 1] });
  assert.equal(formatAverage(s.average!), '4.0');
  // 4.45 rounds half up to 4.5 (integer arithmetic, no float error): 5,5,5,5,4,4,4,4,4,4... = 89/20
  const scores = [...Array(9).fill(5), ...Array(11).fill(4)];
  assert.equal(ratingSummary(scores).average, 4.5);
  assert.equal(ratingSummary([5, 4, 4]).average, 4.3);
  assert.deepEqual(ratingSummary([]), { average: null, count: 0, histogram: [0, 0, 0, 0, 0] });
  assert.equal(scoreBucket(4.6), 5);
  assert.equal(scoreBucket(0.5), null);
});

test('facets: total, media count, word tags with counts (each tag once per review), most frequent first', () => {
  const f = reviewFacets([
    { tags: ['好看', '好看', '舒服'], hasMedia: true },
    { tags: ['舒服'], hasMedia: false },
    { tags: ['舒服', '偏大'], hasMedia: true },
  ]);
  assert.deepEqual(f, {
    total: 3,
    media: 2,
    tags: [
      { tag: '舒服', count: 3 },
      { tag: '好看', count: 1 },
      { tag: '偏大', count: 1 },
    ],
  });
  assert.equal(reviewFacets([{ tags: ['a', 'b', 'c'], hasMedia: false }], 2).tags.length, 2);
});

test('thin: no text of its own (empty, spaces, the default praise) and no media', () => {
  assert.equal(isThin('', false), true);
  assert.equal(isThin('  \n', false), true);
  assert.equal(isThin(siteConfig.defaultPraise, false), true);
  assert.equal(isThin(siteConfig.defaultPraise, true), false);
  assert.equal(isThin('好', false), false);
  assert.equal(hasOwnText(`  ${siteConfig.defaultPraise} `), false);
  assert.equal(isNamedAuthor('匿名用户'), false);
  assert.equal(isNamedAuthor(' 匿名用户 '), false);
  assert.equal(isNamedAuthor(null), false);
  assert.equal(isNamedAuthor('小王'), true);
});

test('a thin item never leads: useful first, each group in its order; nothing else moves', () => {
  const thin = (s: string) => s.startsWith('t');
  assert.deepEqual(leadWithUseful(['t1', 'u1', 't2', 'u2'], thin), ['u1', 'u2', 't1', 't2']);
  assert.deepEqual(leadWithUseful(['u1', 't1', 'u2'], thin), ['u1', 'u2', 't1']);
  assert.deepEqual(leadWithUseful(['t1', 't2'], thin), ['t1', 't2']);
});

const item = (over: Partial<ProductReviewItem>): ProductReviewItem => ({
  id: '1',
  productId: 'p',
  content: '好',
  userLabel: 'u',
  userAvatar: null,
  likes: 0,
  postedAt: 1,
  score: 5,
  tags: [],
  spec: '',
  images: [],
  ...over,
});

test('filters: query params (score, media are extensions) and the check of answers from servers without them', () => {
  assert.deepEqual(filterParams({ kind: 'all' }), {});
  assert.deepEqual(filterParams({ kind: 'media' }), { media: 'any' });
  assert.deepEqual(filterParams({ kind: 'score', score: 3 }), { score: 3 });
  assert.deepEqual(filterParams({ kind: 'tag', tag: '好看' }), { tag: '好看' });
  assert.equal(filterKey({ kind: 'score', score: 3 }), 'score:3');
  const img = { url: '/m.jpg', width: 1, height: 1 };
  assert.equal(matchesFilter(item({ images: [] }), { kind: 'media' }), false);
  assert.equal(matchesFilter(item({ images: [img] }), { kind: 'media' }), true);
  assert.equal(matchesFilter(item({ score: 4 }), { kind: 'score', score: 5 }), false);
  assert.equal(matchesFilter(item({ tags: ['好看'] }), { kind: 'tag', tag: '好看' }), true);
});

test("filters: a filter button's key read back (the hub's plain script reads the pressed buttons); anything else is null", () => {
  const filters: ReviewFilter[] = [
    { kind: 'all' },
    { kind: 'media' },
    ...([1, 2, 3, 4, 5] as const).map((score) => ({ kind: 'score' as const, score })),
    { kind: 'tag', tag: '质量好' },
    { kind: 'tag', tag: 'score:6' },
  ];
  for (const f of filters) assert.deepEqual(parseFilterKey(filterKey(f)), f);
  for (const bad of ['', 'tag:', 'score:0', 'score:6', 'score:2.5', 'score:', 'Media', 'all '])
    assert.equal(parseFilterKey(bad), null, bad);
  assert.equal(parseSort('likes'), 'likes');
  assert.equal(parseSort('posted_at'), 'posted_at');
  assert.equal(parseSort('relevance'), null);
  assert.equal(parseSort(''), null);
});
