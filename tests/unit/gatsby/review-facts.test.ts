// Issue 45 in the review pages' data: the build (gatsby/pages/all.ts, for `gatsby build` and the
// patch build alike) gives every review page its product's facts as the hub's markup, with the
// size its reviewer bought marked; one view per product and one rendering per size bought; in a
// bounded build the fit counts the deferred reviews too, and a review built ahead whose hub is
// deferred still has its product's facts (gatsby/sourcing/static-set.ts sourcedProductIds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getCatalogue, getLeafCategories } from '../../../src/catalogue';
import { fetchReviews, type ReviewSourceApi } from '../../../gatsby/sourcing/fetch-reviews';
import { emptyExtras } from '../../../gatsby/sourcing/fetch-extras';
import { sourcedProductIds } from '../../../gatsby/sourcing/static-set';
import { buildIndex } from '../../../gatsby/pages/build-index';
import { createAllPages, productFacts } from '../../../gatsby/pages/all';
import { ReviewFacts, productFactsView } from '../../../gatsby/pages/facts';
import type { PageInput } from '../../../gatsby/pages/types';
import { toProductFacts } from '../../../src/listing/facts';
import { toProductView } from '../../../src/listing/view';
import type { ProductView } from '../../../src/listing/types';
import type { ReviewPageData } from '../../../src/review/page-data';
import type { ProductPageContext } from '../../../src/templates/product';
import type { RelatedReviewItem, Review } from '../../../src/storefront/types';
import type { DomesticShipping, ProductDetail } from '../../../src/storefront/products';

const catalogue = getCatalogue();
const leaf = (name: string) => getLeafCategories(catalogue).find((c) => c.name === name)!.id;
const shipping: DomesticShipping = {
  merchantId: 1,
  currency: 'USD',
  freeShippingThresholdCents: 4900,
  rules: [{ minCents: 0, maxCents: null, feeCents: 599 }],
  estimatedDays: { min: 2, max: 5 },
  carrier: 'UPS Ground',
  note: null,
  feeCents: 599,
};
const chart = {
  productId: 1,
  name: '裤装尺码表',
  unit: 'cm',
  rows: [
    ['尺码', '腰围'],
    ['S', '66-70'],
    ['M', '70-74'],
    ['L', '74-80'],
  ],
  note: null,
};

/** A product as the build sources it: its detail's view and its facts (gatsby/sourcing/product-facts.ts). */
function product(id: number, categoryId: string, withChart: boolean): ProductView {
  const detail: ProductDetail = {
    id,
    name: `Product ${id}`,
    nameCN: `商品${id}`,
    cents: 2999,
    exchangeRate: 7.12,
    marks: [],
    categoryId,
    merchant: { id: 1, name: 'Westbrook' },
  };
  const facts = toProductFacts(detail, { shipping, ...(withChart ? { sizeChart: { ...chart, productId: id } } : {}) });
  return { ...toProductView(detail)!, facts };
}

/**
 * Jeans 1 (a chart S/M/L): reviews a (S), b (M), c (S, deferred in the bounded build), d (no
 * size), e (均码: no row); lipstick 2 (no chart): f; product 3 (its call failed): g says 尺码正;
 * product 4 (its call failed, no fit): h.
 */
const reviews: Array<[string, string, string | null, string]> = [
  ['1', 'a', 'S', '尺码正，很喜欢'],
  ['1', 'b', 'M', '偏大，建议拍小一码'],
  ['1', 'c', 'S', '有点偏小'],
  ['1', 'd', null, '不错'],
  ['1', 'e', '均码', '合身'],
  ['2', 'f', '色号05', '颜色好看'],
  ['3', 'g', 'M', '尺码正'],
  ['4', 'h', null, '好'],
];
const drops: RelatedReviewItem[] = reviews.map(([p, c, , content]) => ({
  productId: p,
  commentId: c,
  content,
  likes: c === 'f' ? 9 : 0,
  // The feed's score extension: a deferred review's fit is read from its item.
  score: 5,
  wordTags: [],
}));
const api: ReviewSourceApi = {
  categories: async () => ({ categories: [{ id: '8', name: '女装', children: [] }] }),
  haulPage: async () => ({ waterFall: { waterDrops: drops, delimiter: null } }),
  reviewDetail: async (p, c) => {
    const [, , size, content] = reviews.find((r) => r[1] === c)!;
    return {
      id: c,
      productId: p,
      content,
      postedAt: 1_700_000_000_000,
      likes: 0,
      productCommentLabel: { productSatisfyScore: 5, wordTags: [] },
      sku: { productId: p, name: `商品${p}|款式`, cents: 2999, ...(size ? { size: { name: size } } : {}) },
    } as Review;
  },
  similarProducts: async () => [],
};
const products = new Map([
  ['1', product(1, leaf('牛仔裤'), true)],
  ['2', product(2, leaf('口红'), false)],
]);

async function build(opts: { staticLimit?: number; staticHubs?: number } = {}) {
  const data = await fetchReviews(api, opts);
  const pages: PageInput[] = [];
  createAllPages({ createPage: (p) => pages.push(p) }, (n) => n, {
    ...data,
    apiUrl: '',
    extras: { ...emptyExtras(), products },
  });
  const review = (c: string) =>
    pages.find((p) => p.component === 'review' && p.path.endsWith(`/${c}/`))?.context as unknown as
      ReviewPageData | undefined;
  const hub = (id: string) =>
    pages.find((p) => p.path === `/pd/${id}/`)?.context as unknown as ProductPageContext | undefined;
  return { data, review, hub };
}

/** The rows marked in a page's facts (their labels, the mark's words left out). */
const markedRows = (html: string | undefined) =>
  [...(html ?? '').matchAll(/<tr[^>]*aria-current="true"[^>]*><th scope="row">([^<]*)</g)].map((m) => m[1]);
const count = (html: string | undefined, fit: string) =>
  Number(new RegExp(`data-fit="${fit}">[^<]*<b>(\\d+)</b>`).exec(html ?? '')?.[1]);

test("every review page carries its product's facts, the size its reviewer bought marked", async () => {
  const { review, hub } = await build();
  assert.deepEqual(markedRows(review('a')!.facts), ['S']);
  assert.deepEqual(markedRows(review('b')!.facts), ['M']);
  assert.deepEqual(markedRows(review('c')!.facts), ['S']);
  // No size, or one the chart does not list: the chart, nothing marked: the hub's very markup.
  assert.deepEqual(markedRows(review('d')!.facts), []);
  assert.deepEqual(markedRows(review('e')!.facts), []);
  assert.equal(review('d')!.facts, hub('1')!.facts!.html);
  assert.equal(review('e')!.facts, hub('1')!.facts!.html);
  // The marked markup is the hub's with the one row marked.
  const unmark = (html: string) =>
    html
      .replace(' class="pd-chart__bought" aria-current="true"', '')
      .replace(/<span class="pd-chart__mark">[^<]*<\/span>/, '');
  assert.equal(unmark(review('a')!.facts!), hub('1')!.facts!.html);
  // The fit of every review of the product: a and e 正好 (尺码正, 合身), b 偏大, c 偏小.
  assert.deepEqual(
    ['large', 'true', 'small'].map((f) => count(review('a')!.facts, f)),
    [1, 2, 1],
  );
  // A lipstick: delivery and landed cost, no chart, nothing marked.
  const lipstick = review('f')!.facts!;
  assert.match(lipstick, /data-part="total"/);
  assert.ok(!lipstick.includes('pd-chart') && !lipstick.includes('aria-current'), lipstick);
  // No product call: what the reviews tell (a fit), nothing else; nothing at all to tell: no facts.
  assert.match(review('g')!.facts!, /class="pd-fit"/);
  assert.ok(!review('g')!.facts!.includes('pd-facts__landed'));
  assert.ok(!('facts' in review('h')!), 'no facts key');
  // The page data's keys: the buy path, then the facts after the rest, as the site server's
  // render writes them too.
  assert.deepEqual(Object.keys(review('a')!), [
    'productId',
    'commentId',
    'info',
    'relateList',
    'similarProducts',
    'buy',
    'facts',
  ]);
});

test('a bounded build: the same facts, the deferred reviews counted; a review whose hub is deferred has them too', async () => {
  const full = await build();
  // Built ahead: a (the newest) and f (the most liked of the others); one hub ahead (product 1).
  const { data, review, hub } = await build({ staticLimit: 2, staticHubs: 1 });
  assert.deepEqual(
    data.pages.map((p) => p.commentId),
    ['a', 'f'],
  );
  assert.equal(review('b'), undefined, 'b is deferred');
  assert.equal(hub('2'), undefined, "the lipstick's hub is deferred");
  // The deferred reviews' fits count through their feed items: the full build's facts, byte for byte.
  assert.equal(review('a')!.facts, full.review('a')!.facts);
  assert.equal(count(review('a')!.facts, 'large'), 1, "b's 偏大");
  assert.equal(review('f')!.facts, full.review('f')!.facts);
  assert.match(review('f')!.facts!, /data-part="total"/);
  // The products whose facts the build sources: the hubs', then those of the other reviews built ahead.
  assert.deepEqual(
    sourcedProductIds(
      data.hubIds,
      data.pages.map((p) => p.productId),
    ),
    ['1', '2'],
  );
  assert.deepEqual(sourcedProductIds(['2', '1'], ['1', '3', '3']), ['2', '1', '3']);
  assert.deepEqual(sourcedProductIds(['1', '2'], []), ['1', '2']);
});

test('one view per product, one rendering per size bought, whatever the number of reviews', async () => {
  const data = await fetchReviews(api, {});
  const index = buildIndex(data);
  const factsOf = productFacts(catalogue, index, products);
  assert.equal(factsOf('1'), factsOf('1'), 'the same facts for every review of product 1');
  assert.equal(factsOf('4'), null);
  let renders = 0;
  const facts = new ReviewFacts(
    productFactsView(catalogue, products.get('1'), [])!,
    (v, mark) => `${++renders}:${mark}`,
  );
  const sku = (size: string | null) => ({ sku: { ...data.pages[0].info.sku, size } });
  const out = ['S', 'M', 'S', null, '均码', 's', 'M', null].map((size) => facts.of(sku(size)));
  assert.equal(renders, 3, 'S, M and the unmarked chart');
  assert.deepEqual(out, ['1:S', '2:M', '1:S', '3:null', '3:null', '1:S', '2:M', '3:null']);
});
