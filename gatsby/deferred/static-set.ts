// The bounded build (issue 23): which reviews `gatsby build` makes pages for. The others are
// "deferred": linked from the listings like any review, rendered by the site server on their
// first request (server/site/deferred/, docs/site-server.md "Deferred reviews").
//
// SITE_STATIC_REVIEWS = N (a count, default DEFAULT_STATIC_REVIEWS): with more than N reviews in
// the feed, the build makes pages for
//   - the ceil(N/2) newest (the feed's order: posted_at descending), then
//   - the floor(N/2) most liked of the others (likes descending; equal likes: newer first).
// Everything else is deferred. 0 is read as 1: the site server takes the review template's
// page-data shape from one built review page (gatsby/deferred/data.ts).
import type { RelatedView } from '../../src/review/view';
import { reviewKey } from '../../publish/build-protocol';

/**
 * All reviews up to this many are built ahead by default: 100,000 reviews build in 455 s and
 * 5.2 GB (docs/benchmarks.md), within the 20 min / 8 GB budget with room to spare.
 */
export const DEFAULT_STATIC_REVIEWS = 100_000;
export const STATIC_REVIEWS_ENV = 'SITE_STATIC_REVIEWS';

/** The setting's value: a whole number >= 1; anything else is a clear error (the build stops). */
export function staticReviewsLimit(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[STATIC_REVIEWS_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_STATIC_REVIEWS;
  if (!/^\d{1,9}$/.test(raw.trim()))
    throw new Error(
      `${STATIC_REVIEWS_ENV} must be a whole number of reviews (0 to 999999999), not ${JSON.stringify(raw)}`,
    );
  return Math.max(1, Number(raw.trim()));
}

/** reviewKey of the feed items built ahead (the feed is newest first). */
export function chooseStatic(
  feed: ReadonlyArray<Pick<RelatedView, 'productId' | 'commentId' | 'likes'>>,
  limit: number,
) {
  if (feed.length <= limit) return new Set(feed.map((f) => reviewKey(f.productId, f.commentId)));
  const newest = Math.ceil(limit / 2);
  const chosen = new Set(feed.slice(0, newest).map((f) => reviewKey(f.productId, f.commentId)));
  const rest = feed
    .slice(newest)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => b.f.likes - a.f.likes || a.i - b.i);
  for (const { f } of rest.slice(0, limit - newest)) chosen.add(reviewKey(f.productId, f.commentId));
  return chosen;
}
