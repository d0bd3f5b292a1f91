// Page creators called as functions with a fake `actions` that records createPage calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getCatalogue, getChildren } from '../../../src/catalogue';
import { toRelatedViews, toReviewView, type RelatedView, type ReviewView } from '../../../src/review/view';
import type { ReviewPageData } from '../../../src/review/page-data';
import { buildIndex, deferredHubIds, productIdsOf } from '../../../gatsby/pages/build-index';
import { chooseHubs } from '../../../gatsby/sourcing/static-set';
import { siteConfig } from '../../../src/site-config';
import { createHomePage, homePicks } from '../../../gatsby/pages/home';
import { createCategoryPages } from '../../../gatsby/pages/category';
import { createProductAliasPage, createProductPages, PRODUCT_REVIEWS_STATIC } from '../../../gatsby/pages/product';
import { createHaulPages } from '../../../gatsby/pages/haul';
import { createArticlesPage, createMerchantsPage } from '../../../gatsby/pages/directory';
import { HAUL_MAX_PAGES } from '../../../src/listing/pagination';
import type { PageInput } from '../../../gatsby/pages/types';
import { toArticleView, toProductCard, toProductView } from '../../../src/listing/view';
import type { HomePageContext } from '../../../src/templates/home';
import type { CategoryPageContext } from '../../../src/templates/category';
import type { ProductPageContext } from '../../../src/templates/product';
import type { HaulPageContext } from '../../../src/templates/haul';

function fakeActions() {
  const pages: PageInput[] = [];
  return {
    pages,
    createPage: (p: PageInput) => {
      pages.push(p);
    },
  };
}
const template = (name: string) => `/tpl/${name}.tsx`;
const catalogue = getCatalogue();

function reviewView(productId: string, id: string, tags: string[] = []): ReviewView {
  const r = toReviewView({
    id,
    productId,
    content: `评价${id}`,
    postedAt: 1_700_000_000_000,
    likes: 1,
    productCommentLabel: { productSatisfyScore: 5, wordTags: tags },
    sku: { productId, name: `商品${productId}|默认`, cents: 1000 },
  });
  assert.ok(r.ok);
  return r.review;
}

/** 45 reviews over products p0..p8 (5 each); review r7 is in the feed but was skipped. */
function fixture() {
  const feed = toRelatedViews(
    Array.from({ length: 45 }, (_, i) => ({ commentId: `r${i}`, productId: `p${i % 9}`, content: `评价r${i}` })),
  );
  const pages: ReviewPageData[] = feed
    .filter((f) => f.commentId !== 'r7')
    .map((f) => ({
      productId: f.productId,
      commentId: f.commentId,
      info: reviewView(f.productId, f.commentId, f.commentId === 'r0' ? ['好看', '舒服'] : ['舒服']),
      relateList: [],
      similarProducts: [
        {
          id: 'p1',
          name: 'P1',
          nameCN: '商品1',
          image: null,
          priceTag: null,
          priceTagCN: null,
          marks: [],
          labels: [],
          origin: null,
        },
        {
          id: 'zz',
          name: 'ZZ',
          nameCN: '无评价商品',
          image: null,
          priceTag: null,
          priceTagCN: null,
          marks: [],
          labels: [],
          origin: null,
        },
      ],
    }));
  return { feed, pages, index: buildIndex({ feed, pages }) };
}

test('build index: built reviews only in lists, every feed product counted', () => {
  const { index } = fixture();
  assert.equal(index.builtFeed.length, 44);
  assert.ok(!index.builtFeed.some((f) => f.commentId === 'r7'));
  assert.deepEqual(index.productIds, ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
  assert.equal(index.pagesByProduct.get('p7')!.length, 4);
});

test('home: one page at /, the ten groups with links, the latest 20 built reviews, articles without bodies', () => {
  const { index } = fixture();
  const a = fakeActions();
  const articles = [toArticleView({ id: 1, title: '攻略', content: '正文' })!];
  createHomePage(a, template, { catalogue, index, articles });
  assert.equal(a.pages.length, 1);
  const [p] = a.pages;
  assert.equal(p.path, '/');
  assert.equal(p.component, '/tpl/home.tsx');
  const ctx = p.context as unknown as HomePageContext;
  assert.deepEqual(
    ctx.groups.map((g) => g.id),
    ['8', '9', 'e', 'b', 'k', 'g', 'f', 'c', 'd', 'a'],
  );
  // Issue 22: every visible sub-group (母婴童装 and 珠宝配饰 have more than 8).
  for (const g of ctx.groups)
    assert.deepEqual(
      g.children.map((c) => c.id),
      getChildren(catalogue, g.id)
        .filter((c) => c.category.disabled !== true)
        .map((c) => c.id),
    );
  assert.ok(ctx.groups.some((g) => g.children.length > 8));
  assert.equal(ctx.latest.length, 20);
  assert.equal(ctx.latest[0].commentId, 'r0');
  assert.ok(!ctx.latest.some((r) => r.commentId === 'r7'));
  assert.deepEqual(ctx.articles[0].paragraphs, []);
});

test('home picks (issue 44): media first, the newest and the most liked in turn, each once; text reviews only to fill; never thin', () => {
  const feed = toRelatedViews([
    { commentId: 'new-pic', productId: '1', content: '好看', image: '/a.jpg', likes: 1 },
    { commentId: 'text', productId: '1', content: '质量不错', likes: 500 },
    { commentId: 'thin', productId: '1', content: '', likes: 900 },
    { commentId: 'liked-pic', productId: '1', content: '喜欢', image: '/b.jpg', likes: 80 },
    { commentId: 'old-pic', productId: '1', content: '还行', image: '/c.jpg', likes: 5 },
  ]);
  assert.deepEqual(
    homePicks(feed, 4).map((r) => r.commentId),
    ['new-pic', 'liked-pic', 'old-pic', 'text'],
  );
  assert.deepEqual(
    homePicks(feed, 2).map((r) => r.commentId),
    ['new-pic', 'liked-pic'],
  );
  assert.ok(!homePicks(feed, 10).some((r) => r.commentId === 'thin'));
});

test('categories: a page for every one of the 518 nodes, with breadcrumbs, children, listings and the way on from an empty page', () => {
  const { index } = fixture();
  const a = fakeActions();
  const listings = new Map([
    [
      '8',
      {
        products: [toProductCard({ id: 'p1', nameCN: '有评价' })!, toProductCard({ id: 'nope', nameCN: '无页面' })!],
        reviews: toRelatedViews([
          { commentId: 'r1', productId: 'p1', content: '很好' },
          { commentId: 'r7', productId: 'p7', content: '很好' },
          { commentId: 'new', productId: 'p1', content: '很好' },
          // Thin (issue 22): the default praise and no picture; left out.
          { commentId: 'r10', productId: 'p1', content: siteConfig.defaultPraise },
        ]),
      },
    ],
    ['801', { products: [toProductCard({ id: 'p2', nameCN: '羽绒服' })!], reviews: [] }],
  ]);
  const n = createCategoryPages(a, template, { catalogue, index, listings });
  assert.equal(n, 518);
  assert.equal(a.pages.length, catalogue.byId.size);
  const paths = new Set(a.pages.map((p) => p.path));
  assert.equal(paths.size, 518);
  for (const id of catalogue.byId.keys()) assert.ok(paths.has(`/category/${id}/`), id);
  const women = a.pages.find((p) => p.path === '/category/8/')!.context as unknown as CategoryPageContext;
  assert.equal(women.name, '女装');
  assert.deepEqual(women.breadcrumbs, [
    { name: '首页', path: '/' },
    { name: '女装', path: '/category/8/' },
  ]);
  assert.ok(women.children.length >= 6);
  assert.deepEqual(
    women.products.map((p) => [p.id, p.hasPage]),
    [
      ['p1', true],
      ['nope', false],
    ],
  );
  assert.deepEqual(
    women.reviews.map((r) => r.commentId),
    ['r1'],
  );
  const leaf = a.pages.find((p) => p.path === '/category/800/')!.context as unknown as CategoryPageContext;
  assert.equal(leaf.breadcrumbs.length, 4);
  assert.deepEqual(leaf.children, []);
  assert.deepEqual(leaf.products, []);
  // Links onward from an empty page: the parent, and siblings that have something to list.
  assert.deepEqual(leaf.parent, { id: '80', name: '外套' });
  assert.deepEqual(leaf.siblings, [{ id: '801', name: '羽绒服' }]);
  assert.equal(women.parent, null);
  assert.deepEqual(women.siblings, [], 'no other group has listings');
  const men = a.pages.find((p) => p.path === '/category/9/')!.context as unknown as CategoryPageContext;
  assert.deepEqual(men.siblings, [{ id: '8', name: '女装' }]);
});

test('products: a page per product with reviews, detail when sourced, else from the reviews', () => {
  const { index } = fixture();
  const a = fakeActions();
  const products = new Map([
    ['p0', toProductView({ id: 'p0', nameCN: '详情商品', categoryId: '800', cents: 100, exchangeRate: 7 })!],
  ]);
  const n = createProductPages(a, template, { catalogue, index, products });
  assert.equal(n, 9);
  assert.deepEqual(
    a.pages.map((p) => p.path),
    index.productIds.map((id) => `/pd/${id}/`),
  );
  const p0 = a.pages[0].context as unknown as ProductPageContext;
  assert.equal(p0.product.nameCN, '详情商品');
  assert.equal(p0.product.partial, false);
  assert.deepEqual(
    p0.breadcrumbs.map((b) => b.path),
    ['/', '/category/8/', '/category/80/', '/category/800/'],
  );
  assert.equal(p0.facets.total, 5);
  assert.ok(p0.reviews.length <= PRODUCT_REVIEWS_STATIC);
  // Counted from the sourced reviews: every one rated 5, tags with their counts.
  assert.deepEqual(p0.summary, { average: 5, count: 5, histogram: [0, 0, 0, 0, 5] });
  assert.deepEqual(p0.facets.tags, [
    { tag: '舒服', count: 5 },
    { tag: '好看', count: 1 },
  ]);
  assert.equal(p0.facets.media, 0);
  // Similar products: only those with a page of their own.
  assert.deepEqual(
    p0.similar.map((s) => s.id),
    ['p1'],
  );
  const p7 = a.pages[7].context as unknown as ProductPageContext;
  assert.equal(p7.product.partial, true);
  assert.equal(p7.product.nameCN, '商品p7');
  assert.equal(p7.facets.total, 4);
  assert.deepEqual(p7.breadcrumbs, [{ name: '首页', path: '/' }]);
});

test('products of a bounded build: the summary and filters count the deferred reviews too', () => {
  const { feed, pages } = fixture();
  // p1's reviews r1 and r10 are deferred: their detail was never sourced, only their feed facts.
  const deferredIds = new Set(['r1', 'r10']);
  const index = buildIndex({
    feed,
    pages: pages.filter((p) => !deferredIds.has(p.commentId)),
    deferred: feed.filter((f) => deferredIds.has(f.commentId)),
    deferredFacts: [
      { productId: 'p1', commentId: 'r1', score: 1, tags: ['偏小'], hasMedia: true },
      { productId: 'p1', commentId: 'r10', score: null, tags: ['舒服'], hasMedia: false },
    ],
  });
  const a = fakeActions();
  createProductPages(a, template, { catalogue, index, products: new Map() });
  const p1 = a.pages.find((p) => p.path === '/pd/p1/')!.context as unknown as ProductPageContext;
  // Three built (score 5 each) and the deferred one with a score: 4 rated, (15 + 1) / 4 = 4.0.
  assert.deepEqual(p1.summary, { average: 4, count: 4, histogram: [1, 0, 0, 0, 3] });
  assert.equal(p1.facets.total, 5);
  assert.equal(p1.facets.media, 1);
  assert.deepEqual(p1.facets.tags, [
    { tag: '舒服', count: 4 },
    { tag: '偏小', count: 1 },
  ]);
  // The static review cards are the built ones only (a deferred review has no detail here).
  assert.equal(p1.reviews.length, 3);
});

test('products of a bounded build: hubs ahead for the products with the most reviews built ahead, the others deferred', () => {
  const { feed, pages } = fixture();
  // Every review of p2 and p3 deferred, one of p4's: p4 has 4 reviews built ahead, the others 5.
  const deferredIds = new Set(
    feed.filter((f) => ['p2', 'p3'].includes(f.productId) || f.commentId === 'r4').map((f) => f.commentId),
  );
  const built = pages.filter((p) => !deferredIds.has(p.commentId));
  const productIds = productIdsOf(feed);
  const hubsFor = (limit: number) =>
    chooseHubs(
      productIds,
      built.map((p) => p.productId),
      true,
      limit,
    );
  const data = { feed, pages: built, deferred: feed.filter((f) => deferredIds.has(f.commentId)), productIds };
  const made = (hubIds: string[]) => {
    const a = fakeActions();
    const n = createProductPages(a, template, {
      catalogue,
      index: buildIndex({ ...data, hubIds }),
      products: new Map(),
    });
    assert.equal(n, a.pages.length);
    return a.pages.map((p) => p.path);
  };
  // Room for all: every product with a review built ahead, none whose every review is deferred.
  assert.deepEqual(made(hubsFor(100)), ['/pd/p0/', '/pd/p1/', '/pd/p4/', '/pd/p5/', '/pd/p6/', '/pd/p7/', '/pd/p8/']);
  // Room for 5: the five with 5 reviews built ahead (p4 has 4: r4 deferred; p7 has 4: r7 skipped).
  const five = hubsFor(5);
  assert.deepEqual(five, ['p0', 'p1', 'p5', 'p6', 'p8']);
  // Equal counts: the one the feed names first (r13 of p4 before r16 of p7).
  assert.deepEqual(hubsFor(6), ['p0', 'p1', 'p4', 'p5', 'p6', 'p8']);
  assert.deepEqual(
    made(five),
    five.map((id) => `/pd/${id}/`),
  );
  assert.deepEqual(
    [...deferredHubIds({ productIds, hubIds: five })].sort(),
    productIds.filter((id) => !five.includes(id)).sort(),
  );
  // Every product still has a hub (deferred ones rendered on request): other pages link them.
  assert.ok(buildIndex({ ...data, hubIds: five }).productSet.has('p2'));
  // Nothing deferred: every hub is built, whatever the limit.
  assert.deepEqual(chooseHubs(productIds, [], false, 1), productIds);
  assert.deepEqual(buildIndex({ feed, pages, productIds }).hubIds, productIds);
});

test('product alias: one client-only page matching /product/:id', () => {
  const a = fakeActions();
  createProductAliasPage(a, template);
  assert.deepEqual(a.pages, [
    { path: '/product/', matchPath: '/product/:id', component: '/tpl/product-alias.tsx', context: {} },
  ]);
});

test('showcase: /haul/ and numbered pages of 20, cursor only where the page is full page 1', () => {
  const { index } = fixture();
  const a = fakeActions();
  const n = createHaulPages(a, template, { index, cursor: 'CUR' });
  assert.equal(n, 3);
  assert.deepEqual(
    a.pages.map((p) => p.path),
    ['/haul/', '/haul/page/2/', '/haul/page/3/'],
  );
  const ctx = a.pages.map((p) => p.context as unknown as HaulPageContext);
  assert.deepEqual(
    ctx.map((c) => [c.page, c.pageCount, c.items.length, c.cursor]),
    [
      [1, 3, 20, 'CUR'],
      [2, 3, 20, null],
      [3, 3, 4, null],
    ],
  );
  assert.equal(new Set(ctx.flatMap((c) => c.items.map((i) => i.commentId))).size, 44);

  const empty = fakeActions();
  assert.equal(createHaulPages(empty, template, { index: buildIndex({ feed: [], pages: [] }), cursor: null }), 1);
  assert.deepEqual((empty.pages[0].context as unknown as HaulPageContext).items, []);
});

/** Every review of `feed` built; products p0..p4 in women's wear (800), p5..p8 in bags (e00). */
function categorisedShowcase(feed: RelatedView[]) {
  const pages: ReviewPageData[] = feed.map((f) => ({
    productId: f.productId,
    commentId: f.commentId,
    info: reviewView(f.productId, f.commentId),
    relateList: [],
    similarProducts: [],
  }));
  const products = new Map(
    Array.from({ length: 9 }, (_, i) => [
      `p${i}`,
      toProductView({ id: `p${i}`, nameCN: `商品${i}`, categoryId: i < 5 ? '800' : 'e00' })!,
    ]),
  );
  return { index: buildIndex({ feed, pages }), products };
}

test('issue 22 showcase: a review with media leads every page; pages per top-level category; counts', () => {
  // Products p0..p4 in women's wear (8), p5..p8 in bags (e); r1, r2 and r10 have a picture.
  const feed = toRelatedViews(
    Array.from({ length: 45 }, (_, i) => ({
      commentId: `r${i}`,
      productId: `p${i % 9}`,
      content: `评价r${i}`,
      image: [1, 2, 10].includes(i) ? `/media/${i}.jpg` : null,
    })),
  );
  const { index, products } = categorisedShowcase(feed);
  const a = fakeActions();
  createHaulPages(a, template, { index, cursor: 'CUR', catalogue, products, pageSize: 10 });
  const byPath = new Map(a.pages.map((p) => [p.path, p.context as unknown as HaulPageContext]));
  assert.deepEqual(
    [...byPath.keys()],
    [
      '/haul/',
      '/haul/page/2/',
      '/haul/page/3/',
      '/haul/page/4/',
      '/haul/page/5/',
      '/haul/c/8/',
      '/haul/c/8/page/2/',
      '/haul/c/8/page/3/',
      '/haul/c/e/',
      '/haul/c/e/page/2/',
    ],
  );
  // Media first within the page, the rest in feed order; page 2 led by r10.
  assert.deepEqual(
    byPath.get('/haul/')!.items.map((i) => i.commentId),
    ['r1', 'r2', 'r0', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9'],
  );
  assert.equal(byPath.get('/haul/page/2/')!.items[0].commentId, 'r10');
  const women = byPath.get('/haul/c/8/')!;
  assert.deepEqual(women.category, { id: '8', name: getChildren(catalogue, null).find((g) => g.id === '8')!.name });
  assert.ok(women.items.every((i) => Number(i.productId.slice(1)) < 5));
  assert.equal(women.cursor, null, 'a category page scrolls from the start of its own feed');
  assert.deepEqual(
    women.categories.map((c) => [c.id, c.count]),
    [
      ['8', 25],
      ['e', 20],
    ],
  );
  assert.equal(women.counts.total, 25);
  assert.equal(byPath.get('/haul/')!.counts.total, 45);
  assert.equal(byPath.get('/haul/')!.counts.scores[4], 45);
});

test('issue 23 showcase: at most maxPages numbered pages per listing, counts of the whole listing', () => {
  // 45 reviews, pages of 4, cap 3: /haul/ would need 12 pages, women's wear (p0..p4, 25) 7,
  // bags (p5..p8, 20) 5; each is cut at 3, the counts are still of every review.
  const feed = toRelatedViews(
    Array.from({ length: 45 }, (_, i) => ({ commentId: `r${i}`, productId: `p${i % 9}`, content: `评价r${i}` })),
  );
  const { index, products } = categorisedShowcase(feed);
  const a = fakeActions();
  const n = createHaulPages(a, template, { index, cursor: 'CUR', catalogue, products, pageSize: 4, maxPages: 3 });
  assert.equal(n, 9);
  assert.deepEqual(
    a.pages.map((p) => p.path),
    [
      '/haul/',
      '/haul/page/2/',
      '/haul/page/3/',
      '/haul/c/8/',
      '/haul/c/8/page/2/',
      '/haul/c/8/page/3/',
      '/haul/c/e/',
      '/haul/c/e/page/2/',
      '/haul/c/e/page/3/',
    ],
  );
  const ctx = a.pages.map((p) => p.context as unknown as HaulPageContext);
  // Every page (the last included) says 3 pages, so its pagination links only built pages.
  assert.deepEqual(
    ctx.map((c) => [c.page, c.pageCount, c.items.length]),
    [1, 2, 3, 1, 2, 3, 1, 2, 3].map((page) => [page, 3, 4]),
  );
  // The last built page of /haul/ holds feed items 9..12 (not the feed's tail).
  assert.deepEqual(ctx[2].items.map((i) => i.commentId).sort(), ['r10', 'r11', 'r8', 'r9']);
  assert.deepEqual(
    [ctx[0], ctx[3], ctx[6]].map((c) => c.counts.total),
    [45, 25, 20],
  );
  assert.equal(ctx[2].counts.scores[4], 45);
  assert.deepEqual(
    ctx[8].categories.map((c) => [c.id, c.count]),
    [
      ['8', 25],
      ['e', 20],
    ],
  );

  // The default cap is HAUL_MAX_PAGES: a feed of deferred reviews deeper than it builds exactly
  // that many pages.
  const deep = toRelatedViews(
    Array.from({ length: (HAUL_MAX_PAGES + 2) * 2 }, (_, i) => ({ commentId: `d${i}`, productId: 'p0', content: 'x' })),
  );
  const b = fakeActions();
  const deepIndex = buildIndex({ feed: deep, pages: [], deferred: deep });
  createHaulPages(b, template, { index: deepIndex, cursor: null, pageSize: 2 });
  assert.equal(b.pages.length, HAUL_MAX_PAGES);
  const last = b.pages.at(-1)!;
  assert.equal(last.path, `/haul/page/${HAUL_MAX_PAGES}/`);
  assert.equal((last.context as unknown as HaulPageContext).pageCount, HAUL_MAX_PAGES);
  assert.equal((last.context as unknown as HaulPageContext).counts.total, deep.length);
});

test('merchants and articles pages, also when the optional calls gave nothing', () => {
  const a = fakeActions();
  createMerchantsPage(a, template, []);
  createArticlesPage(a, template, []);
  assert.deepEqual(
    a.pages.map((p) => [p.path, p.component]),
    [
      ['/merchants/', '/tpl/merchants.tsx'],
      ['/articles/', '/tpl/articles.tsx'],
    ],
  );
  assert.deepEqual(a.pages[0].context, { merchants: [] });
});
