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
   * The products whose hub is built ahead (SourcedReviews.hubIds; default all of them): in a
   * bounded build the others' hubs are deferred (rendered on request, gatsby/deferred/).
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
  hubIds?: string[];
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
    hubIds: data.hubIds ?? productIds,
    builtFeed: data.feed.filter((f) => built.has(reviewKey(f.productId, f.commentId))),
    built,
    pagesByProduct,
    deferredFactsByProduct,
    productIds,
    productSet: new Set(productIds),
  };
}

/** The products whose hub the bounded build defers (rendered on request, gatsby/deferred/). */
export function deferredHubIds(data: Pick<SourcedReviews, 'productIds' | 'hubIds'>): Set<string> {
  const built = new Set(data.hubIds);
  return new Set(data.productIds.filter((id) => !built.has(id)));
}

export const reviewsOf = (pages: ReviewPageData[] | undefined): ReviewView[] => (pages ?? []).map((p) => p.info);
