// One page of a product hub's reviews from the comment query (spec section 7, "Comments"), for
// a filter and sort (issue 22), asked by the hub's list (src/hooks/use-product-comments.ts) and,
// at the tap on a filter before React has hydrated, by the filter's plain script
// (src/components/listing/review-filter-early.ts, issue 40): the answer is on its way while the
// runtime boots, and the list takes that request instead of asking again. When the answer comes
// before React has hydrated the list, the filter's script draws it (./review-items-html.ts) and
// the list starts from what was drawn (claimList).
import { listComments } from '../storefront/comments';
import type { CommentsResponse } from '../storefront/wire/reviews';
import { browserClient } from '../hooks/browser-client';
import { isThin, leadWithUseful } from '../review/quality';
import { ALL, filterKey, filterParams, matchesFilter, type ReviewFilter, type ReviewSort } from './review-filter';
import type { ProductReviewItem } from './types';
import { toProductReviewItems } from './view';

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
export function askCommentsPage(
  productId: string,
  filter: ReviewFilter,
  sort: ReviewSort,
  from = 0,
): Promise<CommentsResponse> {
  const key = keyOf(productId, filter, sort, from);
  const had = asked.get(key);
  if (had) return had;
  if (asked.size === ASKED_MAX) asked.delete(asked.keys().next().value as string);
  const answer = ask(productId, filter, sort, from);
  answer.catch(() => undefined);
  asked.set(key, answer);
  return answer;
}

/** A filter and sort a hub's buttons picked, and its first page asked for (none for 全部, 最新). */
export interface PressedPage {
  filter: ReviewFilter;
  sort: ReviewSort;
  answer: Promise<CommentsResponse> | null;
}

/**
 * Asks for the first page of what a hub's pressed buttons say (their `data-filter` and
 * `data-sort`), unless that is the build's own list (全部, 最新); null when the buttons say
 * nothing known.
 */
export function askPressedPage(productId: string, filterAttr: string, sortAttr: string): PressedPage | null {
  const filter = parseFilterKey(filterAttr);
  const sort = parseSort(sortAttr);
  if (!productId || !filter || !sort) return null;
  const own = filterKey(filter) === filterKey(ALL) && sort === 'posted_at';
  return { filter, sort, answer: own ? null : askCommentsPage(productId, filter, sort) };
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

/** A hub's list as a page of the comment query leaves it. */
export interface ListPage {
  items: ProductReviewItem[];
  /** Offset of the next page in the comment query (answers may be filtered down, so not items.length). */
  next: number;
  hasMore: boolean;
}

const thinItem = (r: ProductReviewItem) => isThin(r.content, r.images.length > 0);

/**
 * The list after the page from `from` came: its reviews of the filter that `base` does not hold
 * yet (a first page with the useful ones first), and whether there are more.
 */
export function withPage(
  res: CommentsResponse | null | undefined,
  productId: string,
  filter: ReviewFilter,
  from: number,
  base: readonly ProductReviewItem[],
): ListPage {
  const page = toProductReviewItems(res?.comments, productId).filter((r) => matchesFilter(r, filter));
  const seen = new Set(base.map((r) => r.id));
  const fresh = page.filter((r) => !seen.has(r.id));
  const rawCount = Array.isArray(res?.comments) ? res.comments.length : 0;
  const next = from + rawCount;
  return {
    items: [...base, ...(base.length ? fresh : leadWithUseful(fresh, thinItem))],
    next,
    hasMore: typeof res?.total === 'number' ? res.total > next : rawCount >= COMMENT_PAGE_SIZE,
  };
}

/** A list drawn before React hydrated it: its product, filter and sort, and what it holds. */
export interface DrawnList extends ListPage {
  productId: string;
  filter: ReviewFilter;
  sort: ReviewSort;
}

let drawn: DrawnList | null = null;
let claimed: string | null = null;

/**
 * Records the list the filter's script is about to draw, unless React has the product's list
 * already (claimList): then false, and the script leaves the list to React.
 */
export function drawingList(list: DrawnList): boolean {
  if (claimed === list.productId) return false;
  drawn = list;
  return true;
}

/**
 * The list as drawn before React hydrated it, for the list to start from (null when none was):
 * the server's markup as the script left it is what React hydrates. From this call on, the
 * product's list is React's. The same answer each time React renders the list afresh.
 */
export function claimList(productId: string): DrawnList | null {
  claimed = productId;
  return drawn?.productId === productId ? drawn : null;
}

/**
 * The build's own list drawn again before React hydrated it (全部, 最新 after another filter):
 * the list starts from the page's data, as if nothing had been drawn. False when React has the
 * product's list already (claimList): the script then leaves it alone.
 */
export function drawingBuiltList(productId: string): boolean {
  if (claimed === productId) return false;
  drawn = null;
  return true;
}

/** Once the list has started from it: a later visit of the hub in the app starts from the build's list. */
export function forgetDrawnList(): void {
  drawn = null;
}
