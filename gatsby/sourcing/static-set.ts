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
//
// SITE_STATIC_HUBS = M (a count, default DEFAULT_STATIC_HUBS): in a bounded build (reviews
// deferred), the product hubs built ahead are those of at most M products with reviews built
// ahead, the most of them first (equal counts: the one the feed names first). Every other
// product's hub is deferred too: rendered on request from `_deferred/` like a review. A build
// with nothing deferred builds every hub.
import type { RelatedView } from '../../src/review/view';
import { reviewKey } from '../../publish/build-protocol';

/**
 * All reviews up to this many are built ahead by default: 100,000 reviews build in 455 s and
 * 5.2 GB (docs/benchmarks.md), within the 20 min / 8 GB budget with room to spare.
 */
export const DEFAULT_STATIC_REVIEWS = 100_000;
export const STATIC_REVIEWS_ENV = 'SITE_STATIC_REVIEWS';

/**
 * Hubs built ahead in a bounded build by default: at 1,000,000 reviews with 100,000 built ahead,
 * the products of the built reviews are 81,079, and building all their hubs took the build to
 * 1,594 s and 183,000 pages (docs/benchmarks.md "The bounded build at 1,000,000 reviews").
 */
export const DEFAULT_STATIC_HUBS = 20_000;
export const STATIC_HUBS_ENV = 'SITE_STATIC_HUBS';

/** A count setting: a whole number >= 1 (0 is read as 1); anything else is a clear error (the build stops). */
function countSetting(env: NodeJS.ProcessEnv, name: string, what: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(raw.trim()))
    throw new Error(`${name} must be a whole number of ${what} (0 to 999999999), not ${JSON.stringify(raw)}`);
  return Math.max(1, Number(raw.trim()));
}

/** SITE_STATIC_REVIEWS. */
export const staticReviewsLimit = (env: NodeJS.ProcessEnv = process.env) =>
  countSetting(env, STATIC_REVIEWS_ENV, 'reviews', DEFAULT_STATIC_REVIEWS);
/** SITE_STATIC_HUBS. */
export const staticHubsLimit = (env: NodeJS.ProcessEnv = process.env) =>
  countSetting(env, STATIC_HUBS_ENV, 'product hubs', DEFAULT_STATIC_HUBS);

/**
 * The products whose hub is built ahead (`productIds`' order): all of them when nothing is
 * deferred; else at most `limit` of the products of `builtProductIds` (one per review built
 * ahead, feed order), those with the most reviews built ahead first.
 */
export function chooseHubs(
  productIds: readonly string[],
  builtProductIds: readonly string[],
  bounded: boolean,
  limit: number,
): string[] {
  if (!bounded) return [...productIds];
  const count = new Map<string, number>();
  for (const id of builtProductIds) count.set(id, (count.get(id) ?? 0) + 1);
  const chosen = new Set(
    [...count]
      .map(([id, n], i) => ({ id, n, i }))
      .sort((a, b) => b.n - a.n || a.i - b.i)
      .slice(0, Math.max(1, limit))
      .map((x) => x.id),
  );
  return productIds.filter((id) => chosen.has(id));
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

/**
 * The products whose detail and facts calls the build makes (issue 45): those whose hub is built
 * ahead (`hubIds`), then those of the other reviews built ahead, once each: every review page's
 * product box shows its product's facts, and a bounded build defers a hub, not the facts of a
 * review page it builds. Without deferred reviews these are `hubIds` alone.
 */
export function sourcedProductIds(hubIds: readonly string[], builtProductIds: Iterable<string>): string[] {
  const ids = new Set(hubIds);
  for (const id of builtProductIds) ids.add(id);
  return [...ids];
}
