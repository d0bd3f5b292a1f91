// Keyset paging of review listings (issue 23, docs/server.md "Listings at scale"): every page,
// the first included, is one index range `(sort key) < (key of the last row served)` read in
// index order, so a page deep in a listing of 1,000,000 reviews costs what the first one does.
// The sort keys end with the review id, so ties (equal likes, equal timestamps) have one order.
import { badRequest } from '../errors';

export type ListSort = 'posted_at' | 'likes';

/** Where a page starts: the sort key of the last row of the page before. */
export interface SortKey {
  likes: number;
  postedAt: number;
  id: number;
}

/** Above every row: the first page is the same SQL as any other, one index range. */
export const FIRST_KEY: SortKey = {
  likes: Number.MAX_SAFE_INTEGER,
  postedAt: Number.MAX_SAFE_INTEGER,
  id: Number.MAX_SAFE_INTEGER,
};

export const orderBy = (sort: ListSort) =>
  sort === 'likes' ? 'r.likes DESC, r.posted_at DESC, r.id DESC' : 'r.posted_at DESC, r.id DESC';

/** The condition that starts a page after a key (row values: SQLite seeks the index to it). */
export const afterKey = (sort: ListSort) =>
  sort === 'likes' ? '(r.likes, r.posted_at, r.id) < (?, ?, ?)' : '(r.posted_at, r.id) < (?, ?)';

export const afterKeyArgs = (sort: ListSort, k: SortKey): number[] =>
  sort === 'likes' ? [k.likes, k.postedAt, k.id] : [k.postedAt, k.id];

export const keyOf = (r: { likes: number; posted_at: number; id: number }): SortKey => ({
  likes: r.likes,
  postedAt: r.posted_at,
  id: r.id,
});

/**
 * The feed's opaque cursor (contract: clients never read it): base64url of "postedAt:id", or
 * "L<likes>:postedAt:id" when sorted by likes. The format is the one the feed always sent, so
 * cursors handed out before keep working.
 */
export function encodeFeedCursor(sort: ListSort, k: SortKey): string {
  const text = sort === 'likes' ? `L${k.likes}:${k.postedAt}:${k.id}` : `${k.postedAt}:${k.id}`;
  return Buffer.from(text).toString('base64url');
}

/** The page's start; '0' is the first page. A cursor of the other sort, or garbage, is a 400. */
export function decodeFeedCursor(sort: ListSort, raw: string): SortKey {
  if (raw === '0') return FIRST_KEY;
  const text = /^[A-Za-z0-9_-]+$/.test(raw) ? Buffer.from(raw, 'base64url').toString('latin1') : '';
  if (sort === 'likes') {
    const m = /^L(\d{1,10}):(\d{1,15}):(\d{1,10})$/.exec(text);
    if (m) return { likes: Number(m[1]), postedAt: Number(m[2]), id: Number(m[3]) };
  } else {
    const m = /^(\d{1,15}):(\d{1,10})$/.exec(text);
    if (m) return { likes: FIRST_KEY.likes, postedAt: Number(m[1]), id: Number(m[2]) };
  }
  throw badRequest('参数 delimiter 无效');
}
