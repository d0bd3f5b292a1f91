// Lookups over the sourced data, built once per build and shared by the page creators.
import type { RelatedView, ReviewView } from '../../src/review/view';
import type { ReviewPageData } from '../../src/review/page-data';
import { reviewKey } from '../../publish/build-protocol';
import type { FeedFacts } from '../sourcing/feed-facts';
import type { SourcedReviews } from '../sourcing/fetch-reviews';

export interface BuildIndex {
  /** Feed items that have a built review page, in feed order (newest first). */
  builtFeed: RelatedView[];
  /** reviewKey of every review with a page: built ahead or deferred (rendered on request). */
  built: Set<string>;
  /** Review pages built ahead by product, in feed order (deferred reviews' details are not sourced). */
  pagesByProduct: Map<string, ReviewPageData[]>;
  /** What the hubs count of the deferred reviews, by product (empty without the feed's extension). */
  deferredFactsByProduct: Map<string, FeedFacts[]>;
  /** Every product that has reviews in the feed (each has a /pd/ page, built ahead or deferred). */
  productIds: string[];
  productSet: Set<string>;
  /**
   * The products whose hub is built ahead: all of them, but in a bounded build not those whose
   * every review is deferred (their hub is rendered on request too, gatsby/deferred/).
   */
  hubIds: string[];
}

export { reviewKey };

/** Distinct product ids of the feed, in feed order. */
export function productIdsOf(feed: ReadonlyArray<{ productId: string }>): string[] {
  return [...new Set(feed.map((f) => f.productId))];
}

/**
 * `productIds`: the products to make pages for (the sourced feed's, skipped reviews' products
 * included: other pages link them); default the feed's.
 */
export function buildIndex(data: {
  feed: RelatedView[];
  pages: ReviewPageData[];
  deferred?: RelatedView[];
  deferredFacts?: FeedFacts[] | null;
  productIds?: string[];
}): BuildIndex {
  const built = new Set<string>();
  const pagesByProduct = new Map<string, ReviewPageData[]>();
  for (const p of data.pages) {
    built.add(reviewKey(p.info.productId, p.info.id));
    const list = pagesByProduct.get(p.info.productId);
    if (list) list.push(p);
    else pagesByProduct.set(p.info.productId, [p]);
  }
  for (const d of data.deferred ?? []) built.add(reviewKey(d.productId, d.commentId));
  const deferredFactsByProduct = new Map<string, FeedFacts[]>();
  for (const f of data.deferredFacts ?? []) {
    const list = deferredFactsByProduct.get(f.productId);
    if (list) list.push(f);
    else deferredFactsByProduct.set(f.productId, [f]);
  }
  const productIds = data.productIds ?? productIdsOf(data.feed);
  return {
    hubIds: hubProductIds(productIds, pagesByProduct, data.deferred ?? []),
    builtFeed: data.feed.filter((f) => built.has(reviewKey(f.productId, f.commentId))),
    built,
    pagesByProduct,
    deferredFactsByProduct,
    productIds,
    productSet: new Set(productIds),
  };
}

/** `productIds` less the products every review of which is deferred (their hubs are deferred too). */
export function hubProductIds(
  productIds: string[],
  withPages: { has(productId: string): boolean },
  deferred: ReadonlyArray<{ productId: string }>,
): string[] {
  if (!deferred.length) return productIds;
  const deferredOnly = new Set<string>();
  for (const d of deferred) if (!withPages.has(d.productId)) deferredOnly.add(d.productId);
  return productIds.filter((id) => !deferredOnly.has(id));
}

/** The products whose hub the bounded build defers (every review of them deferred). */
export function deferredHubIds(data: Pick<SourcedReviews, 'pages' | 'deferred'>): Set<string> {
  const withPages = new Set(data.pages.map((p) => p.info.productId));
  const out = new Set<string>();
  for (const d of data.deferred) if (!withPages.has(d.productId)) out.add(d.productId);
  return out;
}

/** The hubs a build makes ahead, from its sourced reviews: their products' details are fetched. */
export const sourcedHubIds = (data: Pick<SourcedReviews, 'productIds' | 'pages' | 'deferred'>) =>
  hubProductIds(data.productIds, new Set(data.pages.map((p) => p.info.productId)), data.deferred);

export const reviewsOf = (pages: ReviewPageData[] | undefined): ReviewView[] => (pages ?? []).map((p) => p.info);
