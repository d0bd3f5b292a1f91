// Whether a review exists, for URLs of reviews published after the last build (issue 11,
// "soft 404s"; src/review/unbuilt.ts). The site server answers such a URL with the 404 page's
// HTML, which loads the review in the browser; the status is 200 only when this check says
// the review exists, and 404 otherwise, so no URL answers 200 for a review that does not
// exist. The check sits on the request path of any review-shaped URL, which anyone can make
// up, so it is bounded: ids of the site's id shape only, a short timeout (an answer that does
// not come in time counts as "unknown", status 404: the page still loads the review in the
// browser), and a small cache with a short life, so a flood of one URL asks once.
import type { ReviewRepository } from '../repositories/reviews';
import { isId } from '../../src/common/coerce';
import { toReviewView } from '../../src/review/view';
import { ID_STRING_PATTERN } from '../../src/storefront/wire/common';
import { Lru } from './lru';

export type ReviewExists = (productId: string, commentId: string) => Promise<boolean>;

export interface BoundedCheckOptions {
  /** An answer later than this counts as "unknown" (not cached). Default 250 ms. */
  timeoutMs?: number;
  /** Answers kept. Default 10,000. */
  maxEntries?: number;
  /** How long an answer is kept: a deleted review may answer 200 this long. Default 30 s. */
  ttlMs?: number;
  now?: () => number;
}

export function boundedReviewExists(check: ReviewExists, opts: BoundedCheckOptions = {}): ReviewExists {
  const timeoutMs = opts.timeoutMs ?? 250;
  const cache = new Lru<boolean>({ maxWeight: opts.maxEntries ?? 10_000, ttlMs: opts.ttlMs ?? 30_000, now: opts.now });
  const inFlight = new Map<string, Promise<boolean>>();
  return async (productId, commentId) => {
    if (!isId(productId) || !isId(commentId)) return false;
    const key = `${productId}/${commentId}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = ask(check, productId, commentId, timeoutMs)
        .then((answer) => {
          if (answer !== null) cache.set(key, answer);
          return answer === true;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

/** The check's answer, or null when it failed or took longer than the timeout. */
function ask(check: ReviewExists, productId: string, commentId: string, timeoutMs: number): Promise<boolean | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    check(productId, commentId).then(
      (answer) => {
        clearTimeout(timer);
        resolve(answer === true);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

// The reference server's ids: positive integers, as its routes accept them (IdString).
const NUMERIC_ID = new RegExp(ID_STRING_PATTERN);

/**
 * The check against the reference server's review repository (same process, `npm start`): a
 * review the build would skip (toReviewView refuses it, e.g. a bad postedAt) has no page and
 * never will, so it does not count (issue 20, defect 9).
 */
export function repositoryReviewExists(reviews: Pick<ReviewRepository, 'getReview'>): ReviewExists {
  return async (productId, commentId) => {
    if (!NUMERIC_ID.test(productId) || !NUMERIC_ID.test(commentId)) return false;
    const review = reviews.getReview(Number(productId), Number(commentId), null);
    return review !== undefined && toReviewView(review, productId).ok;
  };
}
