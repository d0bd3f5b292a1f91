import { buildCategoryBreadcrumbs, getCategory, type Catalogue } from '../../src/catalogue';
import { productAliasPath, productPath } from '../../src/paths';
import { SITE_PAGES, linkTo } from '../../src/site-pages';
import { productFromReviews, toProductReviewItem } from '../../src/listing/view';
import { ratingSummary, reviewFacets } from '../../src/listing/rating';
import { reviewFit } from '../../src/listing/fit';
import type { FactsView } from '../../src/listing/facts-view';
import { offerExtras } from '../../src/listing/product-structured-data';
import { isThinReview, leadWithUseful } from '../../src/review/quality';
import type { ProductView } from '../../src/listing/types';
import type { ReviewView, SimilarView } from '../../src/review/view';
import type { FeedFacts } from '../sourcing/feed-facts';
import type { ProductPageContext } from '../../src/templates/product';
import { reviewsOf, type BuildIndex } from './build-index';
import { buyData } from './buy';
import { factsMarkup, productFactsView } from './facts';
import type { PageActions, TemplateOf } from './types';

/** Reviews shown in the page itself; more are loaded in the browser (comment query, size 10). */
export const PRODUCT_REVIEWS_STATIC = 10;

/**
 * `/pd/{productId}/` for every product with reviews: the product call's data when the
 * optional endpoint answered, else what the reviews tell; its newest reviews (feed order =
 * posted_at descending, like the comment query); the rating summary and the filters' counts;
 * similar products (sourced per product for the review pages, reused).
 */
/** What a hub counts of one review: from its detail when built, from its feed item when deferred. */
export type HubFacts = Pick<FeedFacts, 'score' | 'tags' | 'hasMedia' | 'fit'>;
export const factsOfReview = (r: ReviewView): HubFacts => ({
  score: r.score,
  tags: r.tags,
  hasMedia: r.gallery.length > 0,
  fit: reviewFit(r.content, r.tags),
});

/**
 * What a product's pages count of its reviews: every review's, built ahead (its detail) or
 * deferred (its feed item, when the feed carries the extension). The hub's summary, filters and
 * fit, and its review pages' fit (gatsby/pages/all.ts), so both count the same reviews.
 */
export function hubFactsOf(index: BuildIndex, productId: string): HubFacts[] {
  const built = reviewsOf(index.pagesByProduct.get(productId)).map(factsOfReview);
  return [...built, ...(index.deferredFactsByProduct.get(productId) ?? [])];
}

/**
 * Issue 45: the facts as static markup (gatsby/pages/facts.ts, the same for the hub and its
 * review pages): the page writes it as it is and hydrates nothing in it, so the facts cost the
 * hub's first-load JavaScript nothing (rendered by a component of the template they cost 2.5 KB
 * gzipped, page-weight.test.ts). What the Product JSON-LD's offer gains from them comes with it.
 */
export function renderFacts(view: FactsView | null): ProductPageContext['facts'] {
  if (!view) return null;
  return { html: factsMarkup(view), offer: offerExtras(view) };
}

/**
 * A hub's page context: the build's (createProductPages) and the site server's for a hub the
 * bounded build deferred (gatsby/renderer/render-child.ts), so both write the same bytes.
 * `reviews`: its reviews with a page of their own, feed order; `facts`: what it counts of every
 * review (the summary and the filters' counts); `similar`: its similar products with a hub.
 */
export function productPageContext(input: {
  catalogue: Catalogue;
  productId: string;
  product: ProductView | undefined;
  reviews: ReviewView[];
  facts: Iterable<HubFacts>;
  similar: SimilarView[];
}): ProductPageContext {
  const { catalogue, reviews } = input;
  // The product's facts go into the markup below, not into the page data as they are.
  const { facts: _facts, ...product } = input.product ?? productFromReviews(input.productId, reviews);
  const category = product.categoryId ? getCategory(catalogue, product.categoryId) : undefined;
  const facts = [...input.facts];
  return {
    product,
    // Issue 45: the size chart, fit, delivery, landed cost, offers and original name.
    facts: renderFacts(
      productFactsView(
        catalogue,
        input.product,
        facts.map((f) => f.fit),
      ),
    ),
    breadcrumbs: category ? buildCategoryBreadcrumbs(catalogue, category.id) : [linkTo(SITE_PAGES.home)],
    // The newest ten (the comment query's first page), a thin one never first.
    reviews: leadWithUseful(reviews.slice(0, PRODUCT_REVIEWS_STATIC), isThinReview).map(toProductReviewItem),
    // Counted from every review of the feed, built ahead or deferred: the same numbers the
    // comment query's filters give (docs/api-client.md "Extensions").
    summary: ratingSummary(facts.map((f) => f.score)),
    facets: reviewFacets(facts),
    similar: input.similar,
    buy: buyData(product.id, 'hub'),
  };
}

/**
 * `/pd/{productId}/` for every product with reviews (in a bounded build, those of index.hubIds:
 * the others' hubs are deferred, SITE_STATIC_HUBS): the product call's data
 * when the optional endpoint answered, else what the reviews tell; its newest reviews (feed
 * order = posted_at descending, like the comment query); the rating summary and the filters'
 * counts; similar products (sourced per product for the review pages, reused).
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
  for (const id of index.hubIds) {
    const pages = index.pagesByProduct.get(id) ?? [];
    const context = productPageContext({
      catalogue: input.catalogue,
      productId: id,
      product: input.products.get(id),
      reviews: reviewsOf(pages),
      // In a bounded build, the deferred reviews count through their feed items
      // (gatsby/sourcing/feed-facts.ts).
      facts: hubFactsOf(index, id),
      similar: (pages[0]?.similarProducts ?? []).filter((s) => index.productSet.has(s.id)),
    });
    actions.createPage({ path: productPath(id), component, context: { ...context } });
  }
  return index.hubIds.length;
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
