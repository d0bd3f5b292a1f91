import { buildCategoryBreadcrumbs, getCategory, getChildren, type Catalogue } from '../../src/catalogue';
import type { CategoryLinkView, ProductRating } from '../../src/listing/types';
import { ratingSummary } from '../../src/listing/rating';
import { categoryPath } from '../../src/paths';
import type { CategoryPageContext } from '../../src/templates/category';
import type { CategoryListing } from '../sourcing/fetch-extras';
import { reviewKey, type BuildIndex } from './build-index';
import type { PageActions, TemplateOf } from './types';
import { isThinFeedItem } from '../../src/review/quality';

/**
 * A product's average score and number of rated reviews, counted as its hub counts them (the
 * reviews built ahead and the deferred ones' feed facts: gatsby/pages/product.ts); null when
 * none is rated.
 */
function productRating(index: BuildIndex, productId: string): ProductRating | null {
  const scores = [
    ...(index.pagesByProduct.get(productId) ?? []).map((p) => p.info.score),
    ...(index.deferredFactsByProduct.get(productId) ?? []).map((f) => f.score),
  ];
  const { average, count } = ratingSummary(scores);
  return average == null || !count ? null : { average, count };
}

/** At most this many sibling links on an empty category page. */
const EMPTY_PAGE_SIBLINGS = 12;

/**
 * `/category/{id}/` for every node of the catalogue (disabled ones too: a link to one must
 * not lead nowhere). `/category/8/?from=menu` is the same page: the query is ignored.
 */
export function createCategoryPages(
  actions: PageActions,
  template: TemplateOf,
  input: {
    catalogue: Catalogue;
    index: BuildIndex;
    listings: Map<string, CategoryListing>;
  },
): number {
  const component = template('category');
  const lists = (id: string) => {
    const l = input.listings.get(id);
    return (l?.products.length ?? 0) + (l?.reviews.length ?? 0) > 0;
  };
  let n = 0;
  for (const entry of input.catalogue.byId.values()) {
    const listing = input.listings.get(entry.id);
    const context: CategoryPageContext = {
      id: entry.id,
      name: entry.name,
      level: entry.level,
      breadcrumbs: buildCategoryBreadcrumbs(input.catalogue, entry.id),
      children: getChildren(input.catalogue, entry.id)
        .filter((c) => c.category.disabled !== true)
        .map((c) => ({ id: c.id, name: c.name })),
      parent: parentLink(input.catalogue, entry.parentId),
      // Shown only when this page is empty (src/components/listing/EmptyCategory.tsx).
      siblings: getChildren(input.catalogue, entry.parentId)
        .filter((c) => c.id !== entry.id && c.category.disabled !== true && lists(c.id))
        .slice(0, EMPTY_PAGE_SIBLINGS)
        .map((c) => ({ id: c.id, name: c.name })),
      // Only products with a page of their own are links (the rest show without one).
      // Each with its stars and review count, as its hub counts them (issue 44).
      products: (listing?.products ?? []).map((p) => {
        const rating = productRating(input.index, p.id);
        return { ...p, hasPage: input.index.productSet.has(p.id), ...(rating && { rating }) };
      }),
      // Reviews with a built page; one published since the build opens through the haul template.
      // Thin reviews (no text of their own, no media; noindex pages) are no category's content
      // (issue 22): a category with only such reviews lists none.
      reviews: (listing?.reviews ?? []).filter(
        (r) => input.index.built.has(reviewKey(r.productId, r.commentId)) && !isThinFeedItem(r),
      ),
    };
    actions.createPage({ path: categoryPath(entry.id), component, context: { ...context } });
    n++;
  }
  return n;
}

function parentLink(catalogue: Catalogue, parentId: string | null): CategoryLinkView | null {
  const parent = parentId === null ? undefined : getCategory(catalogue, parentId);
  return parent ? { id: parent.id, name: parent.name } : null;
}
