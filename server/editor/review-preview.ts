// What an editor sees of a review before taking it down (issue 20, defect 2): that it exists, its
// picture, product name and text, and its public link. The reference server's repository is the
// source (`npm start` runs the editors' API beside it); ids it cannot hold (not numbers) name no
// review. A review the build cannot publish (a bad postedAt: toReviewView refuses it) still has a
// preview, from its raw fields, so it can still be taken down.
import type { ReviewRepository } from '../repositories/reviews';
import { safeUrl } from '../../src/common/safe-url';
import { reviewPath, withPrefix } from '../../src/paths';
import { toReviewView } from '../../src/review/view';
import { ID_STRING_PATTERN } from '../../src/storefront/wire/common';

const NUMERIC_ID = new RegExp(ID_STRING_PATTERN);
const TEXT_CHARS = 300;

export interface ReviewPreview {
  productId: string;
  commentId: string;
  productName: string | null;
  text: string;
  /** A safe http(s) or root-relative URL, or null. */
  picture: string | null;
  /** The review's page on the public site. */
  url: string;
}

export function reviewPreview(
  reviews: Pick<ReviewRepository, 'getReview'>,
  productId: string,
  commentId: string,
): ReviewPreview | null {
  if (!NUMERIC_ID.test(productId) || !NUMERIC_ID.test(commentId)) return null;
  const raw = reviews.getReview(Number(productId), Number(commentId), null);
  if (!raw) return null;
  const view = toReviewView(raw, productId);
  const url = withPrefix(reviewPath(productId, commentId));
  if (view.ok) {
    const r = view.review;
    return {
      productId,
      commentId,
      productName: r.sku.name || null,
      text: r.content.slice(0, TEXT_CHARS),
      picture: r.gallery[0]?.thumb.url ?? r.sku.image ?? null,
      url,
    };
  }
  const name = raw.sku && typeof raw.sku === 'object' ? (raw.sku as { name?: unknown }).name : null;
  const first = Array.isArray(raw.pictures)
    ? (raw.pictures[0] as { thumbnail?: { url?: unknown } } | undefined)
    : undefined;
  return {
    productId,
    commentId,
    productName: typeof name === 'string' ? name.slice(0, 200) : null,
    text: typeof raw.content === 'string' ? raw.content.slice(0, TEXT_CHARS) : '',
    picture: safeUrl(first?.thumbnail?.url),
    url,
  };
}

/** The 404 text of a takedown or preview of ids that name no review. */
export const noSuchReview = (productId: string, commentId: string) =>
  `没有找到商品 ${productId} 的晒单 ${commentId}，请核对两个编号（商品编号在前）`;
