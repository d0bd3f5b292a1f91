// Pulls everything the review pages need from the pinned endpoints of the contract (and checks
// that the fourth, the catalogue, answers): the whole review feed (the build's list of reviews), each review's detail
// and each product's similar products. Independent of Gatsby so it can be tested against any
// server and benchmarked on its own.
//
// Contract rules ("What a build may assume"):
// - a pinned endpoint that cannot be reached after the client's retries fails the build
//   (RequiredEndpointError);
// - one malformed or vanished review is skipped and reported, never fails the build.
import type { RepliesResponse } from '../../src/storefront/comments';
import type {
  CategoriesResponse,
  HaulResponse,
  RelatedReviewItem,
  Review,
  SimilarProductItem,
} from '../../src/storefront/types';
import {
  toRelatedViews,
  toReplyViews,
  toReviewView,
  type ReviewView,
  toSimilarViews,
  type RelatedView,
  type SimilarView,
} from '../../src/review/view';
import { type BuiltReplies, type ReviewPageData } from '../../src/review/page-data';
import { STATIC_REPLIES } from '../../src/review/replies';
import { relatedListOf, relatedPools, tiersOf } from '../../src/review/related';
import { getCatalogue } from '../../src/catalogue';
import { mapLimit } from '../../publish/limit';
import { RequiredEndpointError, describe, isNotFound, isOutage } from './errors';
import { reviewKey } from '../../publish/build-protocol';
import { DEFAULT_STATIC_HUBS, chooseHubs, chooseStatic } from './static-set';
import { feedFacts, type FeedFacts } from './feed-facts';
import { num } from '../../src/common/coerce';
import { srcSetOf } from '../../src/common/media-variants';

/** The four pinned calls, as the storefront client modules provide them. */
export interface ReviewSourceApi {
  categories(): Promise<CategoriesResponse>;
  haulPage(delimiter: string, size: number): Promise<HaulResponse>;
  reviewDetail(productId: string, commentId: string): Promise<Review | null>;
  similarProducts(productId: string): Promise<SimilarProductItem[]>;
  /**
   * A review's first replies (spec section 7, not pinned: when it fails, the page loads them
   * in the browser as before issue 44). Absent: the pages carry no replies.
   */
  replies?(productId: string, commentId: string, size: number): Promise<RepliesResponse>;
}

export interface SkippedRecord {
  productId: string | null;
  commentId: string | null;
  reason: string;
}

export interface SourcedReviews {
  /** The reviews with a page, in the feed's order: what listings and related lists show. */
  feed: RelatedView[];
  /**
   * Each of `feed`'s items' `postedAt` (epoch ms, the reference server's extension of the feed
   * item), by index; NaN where the item has none or not a finite number. The sitemaps' lastmod of
   * a review not built ahead (gatsby/sitemap-stream.ts feedLastmod).
   */
  postedAt: Float64Array;
  pages: ReviewPageData[];
  /**
   * The reviews of the feed the bounded build does not build ahead (gatsby/sourcing/static-set.ts):
   * their detail is never fetched; listings and related lists link them like built ones, and the
   * site server renders them on their first request. Empty when every review is built.
   */
  deferred: RelatedView[];
  /**
   * What the product hubs count of each deferred review (gatsby/sourcing/feed-facts.ts), in
   * `deferred`'s order; null when the API's feed items carry no score (a server of the pinned
   * contract): the hubs then count the reviews built ahead only.
   */
  deferredFacts: FeedFacts[] | null;
  skipped: SkippedRecord[];
  /**
   * Every product the feed lists a review of (taken-down reviews left out), skipped reviews'
   * included: a product's page does not depend on one review of it being publishable, and other
   * pages (similar products) link to it.
   */
  productIds: string[];
  /**
   * The products whose hub is built ahead (gatsby/sourcing/static-set.ts chooseHubs): every one
   * of `productIds` unless reviews are deferred; the others' hubs are deferred too.
   */
  hubIds: string[];
}

export interface FetchOptions {
  concurrency?: number;
  feedPageSize?: number;
  relatedLimit?: number;
  onFeedPage?: (count: number) => void;
  onReview?: (done: number, total: number) => void;
  /**
   * Reviews never built, whatever the API lists (taken down by an editor: a production API may
   * still list them): their reviewKey. Left out of every page and list.
   */
  exclude?: ReadonlySet<string>;
  /**
   * A review's page data from the last build, reused instead of fetching its detail and its
   * product's similar products (an incremental build with a hint, gatsby/sourcing/incremental.ts).
   * Its related list is always computed anew from this build's feed.
   */
  reuse?: (productId: string, commentId: string) => ReviewPageData | undefined;
  /** How many reviews to build ahead (SITE_STATIC_REVIEWS); the rest are deferred. Default: all. */
  staticLimit?: number;
  /** In a bounded build, how many product hubs to build ahead (SITE_STATIC_HUBS). Default: DEFAULT_STATIC_HUBS. */
  staticHubs?: number;
}

async function required<T>(endpoint: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw new RequiredEndpointError(endpoint, e);
  }
}

/** Pages the feed from delimiter 0 until the server answers a null delimiter. */
async function fetchFeed(api: ReviewSourceApi, size: number, skipped: SkippedRecord[], onPage?: (n: number) => void) {
  const raw: RelatedReviewItem[] = [];
  const seenCursors = new Set<string>();
  let delimiter: string | null = '0';
  while (delimiter != null) {
    if (seenCursors.has(delimiter))
      throw new RequiredEndpointError(
        'GET /api/v2/product_comment/haul',
        new Error(`cursor ${delimiter} repeats: the feed never ends`),
      );
    seenCursors.add(delimiter);
    const cursor: string = delimiter;
    const page = await required('GET /api/v2/product_comment/haul', () => api.haulPage(cursor, size));
    const drops = page?.waterFall?.waterDrops;
    if (!Array.isArray(drops))
      throw new RequiredEndpointError(
        'GET /api/v2/product_comment/haul',
        new Error('answer has no waterFall.waterDrops list'),
      );
    raw.push(...drops);
    const next = page.waterFall.delimiter;
    delimiter = next == null ? null : String(next);
    onPage?.(raw.length);
  }
  const feed = toRelatedViews(raw);
  // The hubs' facts of each kept item (score, tags, media), when the server sends the extension.
  const facts = new Map<string, FeedFacts>();
  const postedAt = new Map<string, number>();
  const kept = new Map(feed.map((f) => [f.commentId, f] as const));
  for (const item of raw) {
    const commentId = item?.commentId == null ? null : String(item.commentId);
    if (!commentId || !kept.has(commentId) || item.productId == null) {
      skipped.push({
        productId: item?.productId == null ? null : String(item.productId),
        commentId,
        reason: 'feed item without usable commentId/productId',
      });
    } else {
      // The item toRelatedViews kept (its first); a duplicate later in the feed is reported once.
      const f = feedFacts(item, kept.get(commentId)!);
      if (f) facts.set(commentId, f);
      const posted = num(item.postedAt);
      if (posted != null) postedAt.set(commentId, posted);
      kept.delete(commentId);
    }
  }
  return { feed, facts, postedAt };
}

/** The related lists' rule (issue 44), one for built pages and the deferred renderer. */
export { relatedListOf };

/** A review page's related list at most. */
export const RELATED_LIMIT = 12;
/** How many of the feed's first items a review without others of its product relates to. */
export const FEED_HEAD = 30;

export async function fetchReviews(api: ReviewSourceApi, opts: FetchOptions = {}): Promise<SourcedReviews> {
  const { concurrency = 8, feedPageSize = 500, relatedLimit = RELATED_LIMIT } = opts;
  const skipped: SkippedRecord[] = [];

  // The catalogue is a pinned endpoint, so the build checks that it answers; the pages take the
  // categories from the site's own copy (data/categories.json, docs/catalogue.md), not from here.
  const cat = await required('GET /api/v2/productcategories', () => api.categories());
  if (!cat || !Array.isArray(cat.categories) || cat.categories.length === 0) {
    throw new RequiredEndpointError('GET /api/v2/productcategories', new Error('answer has no categories'));
  }

  const { feed: listed, facts, postedAt } = await fetchFeed(api, feedPageSize, skipped, opts.onFeedPage);
  const exclude = opts.exclude;
  const feed = exclude?.size ? listed.filter((f) => !exclude.has(reviewKey(f.productId, f.commentId))) : listed;
  // The bounded build: only the chosen reviews' details are fetched and held (issue 23).
  const chosen = opts.staticLimit === undefined ? null : chooseStatic(feed, opts.staticLimit);
  const deferred = chosen ? feed.filter((f) => !chosen.has(reviewKey(f.productId, f.commentId))) : [];
  const ahead = chosen ? feed.filter((f) => chosen.has(reviewKey(f.productId, f.commentId))) : feed;

  // One similar-products call per product, shared by all its reviews.
  const similarCache = new Map<string, Promise<SimilarView[]>>();
  const similarFor = (productId: string, reused?: SimilarView[]) => {
    let p = similarCache.get(productId);
    if (!p && reused) similarCache.set(productId, (p = Promise.resolve(reused)));
    if (!p) {
      p = api.similarProducts(productId).then(
        (items) => toSimilarViews(items, productId),
        (e) => {
          if (isNotFound(e)) return [];
          throw new RequiredEndpointError(`GET /api/v2/products/${productId}/similar/context/PRODUCT_DETAILS`, e);
        },
      );
      similarCache.set(productId, p);
    }
    return p;
  };

  let done = 0;
  const results = await mapLimit(ahead, concurrency, async (item): Promise<ReviewPageData | null> => {
    try {
      const previous = opts.reuse?.(item.productId, item.commentId);
      if (previous)
        return { ...previous, similarProducts: await similarFor(previous.productId, previous.similarProducts) };
      let detail: Review | null;
      try {
        detail = await api.reviewDetail(item.productId, item.commentId);
      } catch (e) {
        if (isOutage(e))
          throw new RequiredEndpointError(
            `GET /api/v1/product-comment/products/${item.productId}/comments?commentId=${item.commentId}`,
            e,
          );
        skipped.push({ productId: item.productId, commentId: item.commentId, reason: describe(e) });
        return null;
      }
      if (!detail) {
        skipped.push({
          productId: item.productId,
          commentId: item.commentId,
          reason: 'detail answer has no comments[0]',
        });
        return null;
      }
      const view = toReviewView(detail, item.productId, { srcSetOf });
      if (!view.ok) {
        skipped.push({ productId: item.productId, commentId: item.commentId, reason: view.reason });
        return null;
      }
      const info = view.review;
      const [similarProducts, replies] = await Promise.all([similarFor(info.productId), builtReplies(api, info)]);
      return {
        productId: info.productId,
        commentId: info.id,
        info,
        relateList: [],
        similarProducts,
        ...(replies && { replies }),
      };
    } finally {
      opts.onReview?.(++done, ahead.length);
    }
  });
  const pages = results.filter((r): r is ReviewPageData => r !== null);

  // What the build publishes is what it links (issue 20, defect 9): a review it skipped has no
  // page, so it leaves the feed (the showcase and listings) and every related list. A deferred
  // review stays: its URL answers (rendered on request).
  const built = new Set(pages.map((p) => reviewKey(p.productId, p.commentId)));
  for (const d of deferred) built.add(reviewKey(d.productId, d.commentId));
  const published = feed.filter((f) => built.has(reviewKey(f.productId, f.commentId)));
  // The product's other reviews, then its leaf category's and its group's (issue 44,
  // src/review/related.ts); a review with none of them gets what the page would load in the
  // browser without a related list (spec section 4: the review feed, offset 0 size 30), so the
  // links are in the static HTML and the page makes no feed call.
  const catalogue = getCatalogue();
  const pools = relatedPools(published, catalogue, relatedLimit);
  const feedHead = published.slice(0, FEED_HEAD);
  for (const page of pages) {
    const tiers = tiersOf(pools, catalogue, pools.byProduct.get(page.productId) ?? [], feedHead);
    page.relateList = relatedListOf(page.commentId, tiers, relatedLimit);
  }

  const deferredFacts =
    deferred.length && facts.size === 0 ? null : deferred.flatMap((d) => facts.get(d.commentId) ?? []);
  const productIds = [...new Set(feed.map((f) => f.productId))];
  return {
    feed: published,
    postedAt: Float64Array.from(published, (f) => postedAt.get(f.commentId) ?? NaN),
    pages,
    deferred,
    deferredFacts,
    skipped,
    productIds,
    hubIds: chooseHubs(
      productIds,
      pages.map((p) => p.productId),
      deferred.length > 0,
      opts.staticHubs ?? DEFAULT_STATIC_HUBS,
    ),
  };
}

/**
 * A review's first replies for its page (issue 44: in the HTML), or undefined when it has none
 * or they cannot be read (an optional call: the page then loads them in the browser).
 */
export async function builtReplies(
  api: Pick<ReviewSourceApi, 'replies'>,
  review: ReviewView,
): Promise<BuiltReplies | undefined> {
  if (!api.replies || review.replyCount === 0) return undefined;
  try {
    const r = await api.replies(review.productId, review.id, STATIC_REPLIES);
    const items = toReplyViews(r?.replies).slice(0, STATIC_REPLIES);
    if (!items.length) return undefined;
    return { items, total: typeof r?.total === 'number' && r.total >= items.length ? r.total : null };
  } catch {
    return undefined;
  }
}
