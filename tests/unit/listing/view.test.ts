import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compact,
  productFromReviews,
  toArticleView,
  toMerchantView,
  toProductCard,
  toProductReviewItem,
  toProductReviewItems,
  toProductView,
} from '../../../src/listing/view';
import { toReviewView } from '../../../src/review/view';
import type { Review } from '../../../src/storefront/types';

const img = (u: string, w = 800, h = 800) => ({
  full: { url: u, width: w, height: h, format: 'jpg' },
  thumbnail: { url: `${u}?t`, width: 240, height: 240, format: 'jpg' },
});

const detail = {
  id: 100001,
  name: 'Acme Soft Tee',
  nameCN: '阿克米 柔软T恤',
  brand: { id: 1, name: 'Acme', nameCN: '阿克米' },
  merchant: { id: 2, name: 'Shop', nameCN: '商店' },
  categoryId: '800',
  images: [img('/media/a.jpg', 800, 600), img('javascript:alert(1)'), img('/media/b.jpg')],
  cents: 1999,
  listCents: 2999,
  exchangeRate: 7.2,
  origin: '美国',
  marks: ['直邮', '', null],
  labels: ['包税'],
  descriptionCN: '好T恤',
  promo: { label: '限时9折' },
};

test('product view: price from cents x rate, list price only when higher, unsafe images dropped', () => {
  const v = toProductView(detail)!;
  assert.equal(v.id, '100001');
  assert.equal(v.nameCN, '阿克米 柔软T恤');
  assert.equal(v.name, 'Acme Soft Tee');
  assert.equal(v.price, '¥143.93');
  assert.equal(v.listPrice, '¥215.93');
  assert.deepEqual(
    v.images.map((i) => [i.url, i.width, i.height]),
    [
      ['/media/a.jpg', 800, 600],
      ['/media/b.jpg', 800, 800],
    ],
  );
  assert.deepEqual(v.marks, ['直邮']);
  assert.deepEqual(v.labels, ['包税']);
  assert.equal(v.brand, '阿克米');
  assert.equal(v.merchant, '商店');
  assert.equal(v.origin, '美国');
  assert.equal(v.promo, '限时9折');
  assert.equal(v.partial, false);
  assert.equal(toProductView({ ...detail, listCents: 1999 })!.listPrice, null);
  assert.equal(toProductView({ ...detail, cents: null })!.price, null);
});

test('product view: records without a usable id are rejected; missing fields defaulted', () => {
  assert.equal(toProductView(null), null);
  assert.equal(toProductView({ name: 'x' }), null);
  assert.equal(toProductView({ id: '../x' }), null);
  const v = toProductView({ id: 7 })!;
  assert.equal(v.nameCN, '商品 7');
  assert.deepEqual([v.images, v.marks, v.labels, v.price, v.origin], [[], [], [], null, null]);
});

test('product card: thumbnail image with its size, Chinese name first', () => {
  const c = toProductCard(detail)!;
  assert.deepEqual(c.image, { url: '/media/a.jpg?t', width: 240, height: 240 });
  assert.equal(c.name, '阿克米 柔软T恤');
  assert.equal(c.price, '¥143.93');
  assert.deepEqual(c.marks, ['直邮']);
  assert.equal(toProductCard({ id: 'x', images: [img('javascript:1')] })!.image, null);
});

const review = (id: string, tags: string[], extra: Partial<Review> = {}): Review => ({
  id,
  productId: '9',
  content: `评价${id}`,
  postedAt: 1_700_000_000_000,
  likes: 2,
  productCommentLabel: { productSatisfyScore: 4, wordTags: tags },
  pictures: [
    {
      id: 1,
      full: { url: '/media/p.jpg', width: 1000, height: 750 },
      thumbnail: { url: '/media/p-t.jpg', width: 240, height: 180 },
    },
  ],
  sku: {
    productId: '9',
    name: '阿克米 柔软T恤|黑色 M',
    cents: 1000,
    color: { name: '黑色' },
    size: { name: 'M' },
    attributes: { attributes: { exchangeRateUsed: { choices: [7] } } },
  },
  ...extra,
});

test('product review items: spec line, thumbnails, malformed comments left out', () => {
  const v = toReviewView(review('1', ['舒适']))!;
  assert.ok(v.ok);
  const item = toProductReviewItem(v.review);
  assert.equal(item.spec, '黑色｜M');
  assert.deepEqual(item.images, [{ url: '/media/p-t.jpg', width: 240, height: 180 }]);
  assert.equal(item.score, 4);
  const items = toProductReviewItems(
    [review('1', []), { ...review('2', []), postedAt: 'x' as unknown as number }, null, review('3', [])],
    '9',
  );
  assert.deepEqual(
    items.map((i) => i.id),
    ['1', '3'],
  );
  assert.deepEqual(toProductReviewItems(undefined, '9'), []);
});

test('fallback product from the reviews: the sku name before "|" and its price', () => {
  const r = toReviewView(review('1', []));
  assert.ok(r.ok);
  const p = productFromReviews('9', [r.review]);
  assert.equal(p.nameCN, '阿克米 柔软T恤');
  assert.equal(p.price, '¥70.00');
  assert.equal(p.partial, true);
  assert.equal(productFromReviews('5', []).nameCN, '商品 5');
});

test('merchants and articles: unsafe URLs dropped, only http(s) websites linked', () => {
  const m = toMerchantView({
    id: 1,
    name: 'Westbrook',
    nameCN: '韦斯特布鲁克百货',
    country: '美国',
    logo: 'javascript:x',
    website: 'https://westbrook.example',
    description: '百货',
  })!;
  assert.deepEqual(
    [m.name, m.nameEn, m.logo, m.website, m.country],
    ['韦斯特布鲁克百货', 'Westbrook', null, 'https://westbrook.example/', '美国'],
  );
  assert.equal(toMerchantView({ id: 2, name: 'X', website: '/local' })!.website, null);
  assert.equal(toMerchantView({ id: 3 }), null);
  const a = toArticleView({
    id: 701,
    title: '黑五攻略',
    summary: '摘要',
    content: '第一段\n\n第二段',
    cover: '/media/c.jpg',
    coverImage: { url: '/media/c.jpg', width: 690, height: 388 },
    publishedAt: 1,
    url: '/articles/701',
  })!;
  assert.deepEqual(a.cover, { url: '/media/c.jpg', width: 690, height: 388 });
  assert.deepEqual(a.paragraphs, ['第一段', '第二段']);
  assert.equal(a.url, null);
  assert.equal(toArticleView({ id: 1, title: 't', url: 'https://mp.example/a' })!.url, 'https://mp.example/a');
  assert.equal(toArticleView({ id: 1 }), null);
});

test('compact keeps order, drops malformed and duplicate ids, honours the limit', () => {
  const out = compact([{ id: 1 }, null, { id: 1 }, { id: 2 }, { id: 3 }], toProductCard, 2);
  assert.deepEqual(
    out.map((p) => p.id),
    ['1', '2'],
  );
  assert.deepEqual(compact('nope', toProductCard), []);
});
