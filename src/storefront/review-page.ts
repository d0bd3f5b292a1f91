// The review page's three helper calls (spec section 7, "Review page helpers"), on the paths
// pinned by the contract. They throw on failure like every call: the build must fail loudly
// on the pinned endpoints (contract, "What a build may assume"), while the browser hooks
// swallow failures and keep what the page has (spec section 8).

import type { StorefrontClient } from './client';
import { commentsPath, getHaulFeed } from './comments';
import { getSimilar } from './products';
import type { CommentsResponse, RelatedReviewItem, Review, SimilarProductItem } from './types';

/**
 * Helper 1: the review, `comments[0]` of GET .../products/{productId}/comments?commentId=..;
 * null if none. Exactly the pinned query (no list defaults), so any contract server fits.
 */
export async function getReviewDetail(
  c: StorefrontClient,
  productId: string | number,
  commentId: string | number,
): Promise<Review | null> {
  const res = await c.get<CommentsResponse>(commentsPath(productId), { params: { commentId } });
  return res?.comments?.[0] ?? null;
}

/** Helper 2: the review feed, `waterFall.waterDrops`; the page calls it with (0, 30, '0'). */
export async function getReviewFeed(
  c: StorefrontClient,
  delimiter: string | number = 0,
  size = 30,
  category = '0',
): Promise<RelatedReviewItem[]> {
  const res = await getHaulFeed(c, { delimiter, size, category });
  return res?.waterFall?.waterDrops ?? [];
}

/** Helper 3: similar products of a product, `products`. */
export async function getSimilarProducts(
  c: StorefrontClient,
  productId: string | number,
): Promise<SimilarProductItem[]> {
  const res = await getSimilar(c, productId);
  return res?.products ?? [];
}
