import type { StorefrontClient } from '../../src/storefront/client';
import { getHaulFeed, listReplies } from '../../src/storefront/comments';
import { getProductCategories } from '../../src/storefront/products';
import { getReviewDetail, getSimilarProducts } from '../../src/storefront/review-page';
import type { ReviewSourceApi } from './fetch-reviews';

/** The build's four pinned calls and the replies, through the storefront client modules. */
export function reviewSourceApi(client: StorefrontClient): ReviewSourceApi {
  return {
    categories: () => getProductCategories(client),
    haulPage: (delimiter, size) => getHaulFeed(client, { delimiter, size, category: '0' }),
    reviewDetail: (productId, commentId) => getReviewDetail(client, productId, commentId),
    similarProducts: (productId) => getSimilarProducts(client, productId),
    replies: (productId, commentId, size) =>
      listReplies(client, productId, commentId, { f: 0, t: size, s: 'posted_at' }),
  };
}
