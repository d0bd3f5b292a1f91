// One page of a product hub's reviews from the comment query (spec section 7, "Comments"), for
// a filter and sort (issue 22), asked by the hub's list (src/hooks/use-product-comments.ts) and,
// at the tap on a filter before React has hydrated, by the filter's plain script
// (src/components/listing/review-filter-early.ts, issue 40): the answer is on its way while the
// runtime boots, and the list takes that request instead of asking again.
import { listComments } from '../storefront/comments';
import type { CommentsResponse } from '../storefront/wire/reviews';
import { browserClient } from '../hooks/browser-client';
import { ALL, filterKey, filterParams, type ReviewFilter, type ReviewSort } from './review-filter';

/** Comment query page size (spec section 9). */
export const COMMENT_PAGE_SIZE = 10;

/**
 * The filter of a key filterKey made (a filter button's `data-filter`), or null. Here, not in
 * review-filter.ts, which is in the first load of pages that never read a button.
 */
export function parseFilterKey(key: string): ReviewFilter | null {
  if (key === 'all' || key === 'media') return { kind: key };
  if (key.startsWith('tag:') && key.length > 4) return { kind: 'tag', tag: key.slice(4) };
  const score = key.startsWith('score:') ? Number(key.slice(6)) : NaN;
  return score === 1 || score === 2 || score === 3 || score === 4 || score === 5 ? { kind: 'score', score } : null;
}

/** A sort button's `data-sort`, or null. */
export const parseSort = (s: string): ReviewSort | null => (s === 'posted_at' || s === 'likes' ? s : null);

/** At most this many pages asked ahead (a tap each); the oldest go first. */
const ASKED_MAX = 16;
const asked = new Map<string, Promise<CommentsResponse>>();

const keyOf = (productId: string, filter: ReviewFilter, sort: ReviewSort, from: number) =>
  JSON.stringify([productId, filterKey(filter), sort, from]);

const ask = (productId: string, filter: ReviewFilter, sort: ReviewSort, from: number) =>
  browserClient().then((c) =>
    listComments(c, productId, { f: from, t: from + COMMENT_PAGE_SIZE, s: sort, ...filterParams(filter) }),
  );

/** Asks for the page now, for commentsPage to take (a failure is its: it asks again). */
export function askCommentsPage(productId: string, filter: ReviewFilter, sort: ReviewSort, from = 0): void {
  const key = keyOf(productId, filter, sort, from);
  if (asked.has(key)) return;
  if (asked.size === ASKED_MAX) asked.delete(asked.keys().next().value as string);
  const answer = ask(productId, filter, sort, from);
  answer.catch(() => undefined);
  asked.set(key, answer);
}

/**
 * Asks for the first page of what a hub's pressed buttons say (their `data-filter` and
 * `data-sort`), unless that is the build's own list (全部, 最新) or the buttons say nothing known.
 */
export function askPressedPage(productId: string, filterAttr: string, sortAttr: string): void {
  const filter = parseFilterKey(filterAttr);
  const sort = parseSort(sortAttr);
  if (!productId || !filter || !sort || (filterKey(filter) === filterKey(ALL) && sort === 'posted_at')) return;
  askCommentsPage(productId, filter, sort);
}

/** Brings the API client's chunk in, for a tap to ask at once. */
export function warm(): void {
  browserClient().catch(() => undefined);
}

/** The page: the answer to an earlier ask for exactly it, taken once, else asked now. */
export function commentsPage(
  productId: string,
  filter: ReviewFilter,
  sort: ReviewSort,
  from: number,
): Promise<CommentsResponse> {
  const key = keyOf(productId, filter, sort, from);
  const early = asked.get(key);
  asked.delete(key);
  return early ? early.catch(() => ask(productId, filter, sort, from)) : ask(productId, filter, sort, from);
}
