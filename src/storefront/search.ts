// Review search (issue 43): an extension of the contract (ours, docs/api-client.md "Review
// search"); products are searched by products.ts searchProducts (POST /api/v3/discover).
import type { StorefrontClient } from './client';
import type { ReviewSearchResponse, ReviewSearchSort } from './wire/search';
import type { MediaFilter } from './wire/reviews';

export type { ReviewSearchItem, ReviewSearchResponse, ReviewSearchSort } from './wire/search';
// The limits without the schemas (the browser imports this module: no TypeBox in its bundles).
export {
  SEARCH_COUNT_CAP,
  SEARCH_MAX_OFFSET,
  SEARCH_QUERY_MAX_CHARS,
  SEARCH_QUERY_MAX_LENGTH,
} from './wire/search-limits';

export interface ReviewSearchQuery {
  /** From (offset). Default 0; at most SEARCH_MAX_OFFSET. */
  f?: number;
  /** To (exclusive end). Default 10; at most f + 50. */
  t?: number;
  /** Default 'relevance'. */
  sort?: ReviewSearchSort;
  media?: MediaFilter;
  /** Only this satisfaction score, 1..5. */
  score?: number;
}

export const REVIEW_SEARCH_PATH = '/api/v1/product-comment/search';

/** The query string's values of a review search, in their order (the early answer is matched by its URL). */
export const reviewSearchParams = (q: string, query: ReviewSearchQuery = {}) => ({
  q,
  f: query.f ?? 0,
  t: query.t ?? 10,
  sort: query.sort,
  media: query.media,
  score: query.score,
});

/** GET /api/v1/product-comment/search?q=&f=0&t=10[&sort=&media=&score=] */
export const searchReviews = (c: StorefrontClient, q: string, query: ReviewSearchQuery = {}) =>
  c.get<ReviewSearchResponse>(REVIEW_SEARCH_PATH, { params: reviewSearchParams(q, query) });
