import { buildCategoryBreadcrumbs, getCategory, type Catalogue } from '../../src/catalogue';
import { productAliasPath, productPath } from '../../src/paths';
import { SITE_PAGES, linkTo } from '../../src/site-pages';
import { productFromReviews, toProductReviewItem } from '../../src/listing/view';
import { ratingSummary, reviewFacets } from '../../src/listing/rating';
import { isThinReview, leadWithUseful } from '../../src/review/quality';
import type { ProductView } from '../../src/listing/types';
import type { ProductPageContext } from '../../src/templates/product';
import { reviewsOf, type BuildIndex } from './build-index';
import type { PageActions, TemplateOf } from './types';

/** Reviews shown in the page itself; more are loaded in the browser (comment query, size 10). */
export const PRODUCT_REVIEWS_STATIC = 10;

/**
 * `/pd/{productId}/` for every product with reviews: the product call's data when the
 * optional endpoint answered, else what the reviews tell; its newest reviews (feed order =
 * posted_at descending, like the comment query); the rating summary and the filters' counts;
 * similar products (sourced per product for the review pages, reused).
 */
export function createProductPages(
  actions: PageActions,
  template: TemplateOf,
  input: {
    catalogue: Catalogue;
    index: BuildIndex;
    products: Map<string, ProductView>;
  },
): number {
  const component = template('product');
  const { index } = input;
  for (const id of index.productIds) {
    const pages = index.pagesByProduct.get(id) ?? [];
    const reviews = reviewsOf(pages);
    const deferred = index.deferredFactsByProduct.get(id) ?? [];
    const product = input.products.get(id) ?? productFromReviews(id, reviews);
    const category = product.categoryId ? getCategory(input.catalogue, product.categoryId) : undefined;
    const context: ProductPageContext = {
      product,
      breadcrumbs: category ? buildCategoryBreadcrumbs(input.catalogue, category.id) : [linkTo(SITE_PAGES.home)],
      // The newest ten (the comment query's first page), a thin one never first.
      reviews: leadWithUseful(reviews.slice(0, PRODUCT_REVIEWS_STATIC), isThinReview).map(toProductReviewItem),
      // Counted from the reviews built ahead and, in a bounded build, the deferred ones' feed
      // items (gatsby/sourcing/feed-facts.ts): every review of the feed, the same numbers the
      // comment query's filters give (docs/api-client.md "Extensions").
      summary: ratingSummary([...reviews.map((r) => r.score), ...deferred.map((f) => f.score)]),
      facets: reviewFacets([
        ...reviews.map((r) => ({ tags: r.tags, hasMedia: r.gallery.length > 0 })),
        ...deferred.map((f) => ({ tags: f.tags, hasMedia: f.hasMedia })),
      ]),
      similar: (pages[0]?.similarProducts ?? []).filter((s) => index.productSet.has(s.id)),
    };
    actions.createPage({ path: productPath(id), component, context: { ...context } });
  }
  return index.productIds.length;
}

/**
 * `/product/{id}` leads to the product page: a client-only page that replaces the URL with
 * /pd/{id}/ (the site server also redirects it).
 */
export function createProductAliasPage(actions: PageActions, template: TemplateOf): void {
  actions.createPage({
    path: productAliasPath(''), // '/product/'
    matchPath: '/product/:id', // productAliasPath(id), as a route pattern
    component: template('product-alias'),
    context: {},
  });
}
