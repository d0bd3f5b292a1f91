// Review ids (spec sections 2 and 5): from the query string first (trimmed, first value
// if repeated), otherwise from the path segments after "review". Both are needed: a query
// with only one of them is not used (issue 21 item 6), so a valid page stays valid.
import { isId } from '../common/coerce';
import { isUnbuiltReviewPath, sitePathOf } from './unbuilt';

export interface ReviewIds {
  productId: string;
  commentId: string;
}

function firstParam(search: string, name: string): string | null {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const all = params.getAll(name);
  if (!all.length) return null;
  const v = all[0].trim();
  return v || null;
}

/**
 * Ids from a review URL's path, /review/{productId}/{commentId}/. Other pages' paths carry no
 * ids: /review/haul-detail/?commentId=X has no product id (its path is not a review's).
 */
function fromPath(pathname: string): Partial<ReviewIds> {
  let sitePath = sitePathOf(pathname);
  if (sitePath == null) {
    // Without the /review prefix (gatsby develop without --prefix-paths).
    try {
      sitePath = decodeURIComponent(pathname);
    } catch {
      return {};
    }
  }
  if (!isUnbuiltReviewPath(sitePath)) return {};
  const [productId, commentId] = sitePath.split('/').filter(Boolean);
  return { productId, commentId };
}

/** Ids of the review a URL points at, or null when either is missing or not an id. */
export function reviewIds(pathname: string, search = ''): ReviewIds | null {
  const path = fromPath(pathname);
  const qProduct = firstParam(search, 'productId');
  const qComment = firstParam(search, 'commentId');
  const fromQuery = qProduct != null && qComment != null;
  const productId = fromQuery ? qProduct : path.productId;
  const commentId = fromQuery ? qComment : path.commentId;
  if (!productId || !commentId) return null;
  if (!isId(productId) || !isId(commentId)) return null;
  return { productId, commentId };
}

/** Whether two id pairs name the same review. */
export const sameReview = (a: ReviewIds | null, b: ReviewIds | null) =>
  a === b || (!!a && !!b && a.productId === b.productId && a.commentId === b.commentId);
