// The build's optional data (contract "What a build may assume": any endpoint beyond the four
// pinned ones is optional). Product details, merchants, articles, category listings (discover
// with cids, t=15, and the haul feed filtered by category) and the showcase's scroll cursor.
// Nothing here throws: a failed or missing endpoint is skipped, reported, and the pages fall
// back to what the pinned data gives (every review page is still published).
//
// Memory: only view models are kept (a few hundred bytes per product), never wire answers;
// at 100,000 reviews that is ~30,000 products and 518 categories.
import type { ArticlesResponse } from '../../src/storefront/articles';
import type { Merchant, ProductDetail, ProductListResponse } from '../../src/storefront/products';
import type { HaulResponse } from '../../src/storefront/types';
import { toRelatedViews, type RelatedView } from '../../src/review/view';
import { compact, toArticleView, toMerchantView, toProductCard } from '../../src/listing/view';
import type { ArticleView, MerchantView, ProductCardView, ProductView } from '../../src/listing/types';
import { mapLimit } from '../../publish/limit';
import { OptionalEndpoint, type SkippedEndpoint } from './optional-endpoint';
import { factsSource, type FactsApi } from './product-facts';
import { reviewKey } from '../../publish/build-protocol';

/** With issue 45's facts (product-facts.ts); a source without one leaves its part out. */
export interface ExtrasSourceApi extends FactsApi {
  product(id: string): Promise<ProductDetail>;
  merchants(): Promise<{ merchants: Merchant[] }>;
  articles(count: number): Promise<ArticlesResponse>;
  /** The home page's featured articles: the article search with `withbanner` (spec section 7). */
  featuredArticles?(count: number): Promise<ArticlesResponse>;
  categoryProducts(categoryId: string): Promise<ProductListResponse>;
  categoryReviews(categoryId: string, size: number): Promise<HaulResponse>;
  /** The first showcase page of `size` items, for the cursor after it. */
  haulCursor(size: number): Promise<HaulResponse>;
}

export interface CategoryListing {
  products: ProductCardView[];
  reviews: RelatedView[];
}

export interface SourcedExtras {
  products: Map<string, ProductView>;
  merchants: MerchantView[];
  articles: ArticleView[];
  /** Featured articles with their banners (the home page; only those that have one). */
  featured: ArticleView[];
  categories: Map<string, CategoryListing>;
  /** Feed cursor after the first `haulFirstPage` items (null: unknown or no more). */
  haulCursor: string | null;
  skipped: SkippedEndpoint[];
}

export interface ExtrasOptions {
  productIds: readonly string[];
  categoryIds: readonly string[];
  concurrency?: number;
  articleCount?: number;
  categoryReviewCount?: number;
  haulFirstPage?: number;
  /** Give an endpoint up after this many failures without one success. */
  breakAfter?: number;
  onProgress?: (done: number, total: number) => void;
  /** A product's view from the last build, reused instead of fetched (an incremental build). */
  reuseProduct?: (id: string) => ProductView | undefined;
  /** Reviews left out of the category listings (their reviewKey, taken down). */
  exclude?: ReadonlySet<string>;
}

/** How many featured articles (with banners) the home page shows at most. */
export const FEATURED_ARTICLES = 4;

export const emptyExtras = (): SourcedExtras => ({
  products: new Map(),
  merchants: [],
  articles: [],
  featured: [],
  categories: new Map(),
  haulCursor: null,
  skipped: [],
});

export async function fetchExtras(api: ExtrasSourceApi, opts: ExtrasOptions): Promise<SourcedExtras> {
  const { concurrency = 8, articleCount = 20, categoryReviewCount = 10, haulFirstPage = 20, breakAfter = 10 } = opts;
  const ep = {
    product: new OptionalEndpoint('GET /api/v1/products/{id}', breakAfter),
    merchants: new OptionalEndpoint('GET /api/v2/merchants', breakAfter),
    articles: new OptionalEndpoint('GET /api/v1/content/articles/search', breakAfter),
    discover: new OptionalEndpoint('GET /api/v2/discover?cids=', breakAfter),
    categoryFeed: new OptionalEndpoint('GET /api/v2/product_comment/haul?category=', breakAfter),
    haulCursor: new OptionalEndpoint('GET /api/v2/product_comment/haul (showcase cursor)', breakAfter),
  };
  const facts = factsSource(api, breakAfter);
  const out = emptyExtras();
  const total = opts.productIds.length + opts.categoryIds.length + 3;
  let done = 0;
  const tick = () => opts.onProgress?.(++done, total);

  const merchants = await ep.merchants.call(() => api.merchants());
  if (merchants !== undefined && !Array.isArray(merchants?.merchants))
    ep.merchants.reject('answer has no merchants list');
  out.merchants = compact(merchants?.merchants, toMerchantView);
  tick();

  const articles = await ep.articles.call(() => api.articles(articleCount));
  if (articles !== undefined && !Array.isArray(articles?.articles)) ep.articles.reject('answer has no articles list');
  out.articles = compact(articles?.articles, toArticleView);
  // Asked only of an article search that answers (a failing one is not asked twice).
  if (api.featuredArticles && articles !== undefined) {
    const featured = await ep.articles.call(() => api.featuredArticles!(FEATURED_ARTICLES));
    out.featured = compact(featured?.articles, toArticleView).filter((a) => a.banner);
  }
  tick();

  const first = await ep.haulCursor.call(() => api.haulCursor(haulFirstPage));
  const cursor = first?.waterFall?.delimiter;
  out.haulCursor = cursor == null ? null : String(cursor);
  tick();

  await mapLimit(opts.categoryIds, concurrency, async (id) => {
    const [products, reviews] = await Promise.all([
      ep.discover.call(() => api.categoryProducts(id)),
      ep.categoryFeed.call(() => api.categoryReviews(id, categoryReviewCount)),
    ]);
    const listing: CategoryListing = {
      products: compact(products?.products, toProductCard, 15),
      reviews: toRelatedViews(reviews?.waterFall?.waterDrops)
        .filter((r) => !opts.exclude?.has(reviewKey(r.productId, r.commentId)))
        .slice(0, categoryReviewCount),
    };
    if (listing.products.length || listing.reviews.length) out.categories.set(id, listing);
    tick();
  });

  await mapLimit(opts.productIds, concurrency, async (id) => {
    const reused = opts.reuseProduct?.(id);
    if (reused) {
      out.products.set(id, reused);
      tick();
      return;
    }
    const detail = await ep.product.call(() => api.product(id));
    if (detail !== undefined) {
      const view = await facts.productView(id, detail);
      // The answer must be the product asked for; anything else is a broken answer.
      if (view) out.products.set(id, view);
      else ep.product.reject(`product ${id}: answer is not a product with that id`);
    }
    tick();
  });

  out.skipped = [...Object.values(ep), ...facts.endpoints]
    .map((e) => e.report())
    .filter((r): r is SkippedEndpoint => r !== null);
  return out;
}

/** One line per skipped endpoint, for reporter.warn. */
export function describeSkipped(skipped: SkippedEndpoint[]): string {
  return skipped
    .map(
      (s) =>
        `  - ${s.endpoint}: ${s.failed} call(s) failed${s.notTried ? `, ${s.notTried} not tried (endpoint given up)` : ''}; first error: ${s.reason}`,
    )
    .join('\n');
}
