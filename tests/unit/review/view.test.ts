import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toReviewView, toRelatedViews, toSimilarViews } from '../../../src/review/view';
import { relatedTo } from '../../../src/review/page-data';
import { safeUrl } from '../../../src/common/safe-url';

test('unsafe URLs never become sources or links', () => {
  for (const bad of [
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example/x.jpg',
    '/\\evil',
    '',
    42,
  ]) {
    assert.equal(safeUrl(bad), null, String(bad));
  }
  assert.equal(safeUrl('/media/p/1.jpg'), '/media/p/1.jpg');
  assert.equal(safeUrl('https://cdn.example.com/a.jpg'), 'https://cdn.example.com/a.jpg');
});

test('a review with null sku, content, label and medals still makes a page', () => {
  const r = toReviewView({
    id: 7,
    productId: 3,
    sku: null,
    content: null,
    productCommentLabel: null,
    userMedals: null,
    postedAt: 1,
  });
  assert.ok(r.ok);
  if (r.ok) {
    assert.equal(r.review.content, '');
    assert.equal(r.review.sku.cents, null);
    assert.deepEqual(r.review.tags, []);
    assert.equal(r.review.medal, null);
  }
});

test('malformed reviews are rejected with a reason', () => {
  assert.match(
    String((toReviewView({ id: 1, productId: 2, postedAt: '2024-02-30' }) as { reason: string }).reason),
    /postedAt/,
  );
  assert.match(String((toReviewView({ productId: 2 }) as { reason: string }).reason), /id/);
  assert.match(String((toReviewView({ id: 1, productId: 2, pictures: 'x' }) as { reason: string }).reason), /pictures/);
  assert.equal(toReviewView(null).ok, false);
});

test('gallery: pictures with javascript: URLs are dropped; video covers when no pictures', () => {
  const r = toReviewView({
    id: 1,
    productId: 2,
    pictures: [{ id: 1, full: { url: 'javascript:alert(1)', width: 10, height: 10 } }],
    videos: [{ cover: { url: '/media/v/1.jpg' }, url: 'javascript:x' }],
  });
  assert.ok(r.ok);
  if (r.ok) {
    assert.equal(r.review.gallery.length, 1);
    assert.equal(r.review.gallery[0].isVideoCover, true);
    assert.equal(r.review.gallery[0].full.url, '/media/v/1.jpg');
    assert.equal(r.review.gallery[0].videoUrl, null);
  }
});

test('related list excludes the current review and duplicates', () => {
  const items = [
    { commentId: 1, productId: 9 },
    { commentId: 2, productId: 9, image: 'javascript:x' },
    { commentId: 2, productId: 9 },
    { productId: 9 },
  ];
  const out = relatedTo('1', toRelatedViews(items));
  assert.deepEqual(
    out.map((x) => x.commentId),
    ['2'],
  );
  assert.equal(out[0].image, null);
});

test('similar products are cut to 9', () => {
  const items = Array.from({ length: 15 }, (_, i) => ({ product: { id: i + 1, name: `p${i}` } }));
  assert.equal(toSimilarViews(items).length, 9);
});

test('sku picture: the first full image (else its thumbnail), unsafe URLs dropped', () => {
  const img = (full: string | null, thumbnail: string | null) =>
    toReviewView({
      id: 1,
      productId: 2,
      sku: { productId: 2, images: [{ full: { url: full }, thumbnail: { url: thumbnail } }] },
    });
  const a = img('/media/sku/1.jpg', '/media/sku/1-t.jpg');
  const b = img(null, '/media/sku/1-t.jpg');
  const c = img('javascript:alert(1)', null);
  assert.ok(a.ok && b.ok && c.ok);
  if (a.ok && b.ok && c.ok) {
    assert.equal(a.review.sku.image, '/media/sku/1.jpg');
    assert.equal(b.review.sku.image, '/media/sku/1-t.jpg');
    assert.equal(c.review.sku.image, null);
  }
});
