// The search page's state in its URL (issue 43): /search/?q=&sort=&media=&score=&page=. One
// source of truth, so a fresh load, the back button and a shared link show the same results.
// The URL of a state is built where every URL is (paths.ts); re-exported for the page's callers.
export { searchPath } from '../paths';
import { SEARCH_QUERY_MAX_CHARS } from '../storefront/wire/search-limits';

export const SEARCH_PAGE_SIZE = 10;
/** Product cards shown beside the reviews. */
export const SEARCH_PRODUCT_COUNT = 8;
/** The deepest page a URL may ask for (the API answers 1,000 reviews deep). */
export const SEARCH_MAX_PAGE = 100;

export type SearchSort = 'relevance' | 'posted_at' | 'likes';
export const SEARCH_SORTS: ReadonlyArray<{ value: SearchSort; label: string }> = [
  { value: 'relevance', label: '综合' },
  { value: 'posted_at', label: '最新' },
  { value: 'likes', label: '最多赞' },
];

export interface SearchState {
  /** The query as the shopper typed it, cut to SEARCH_QUERY_MAX_CHARS characters. */
  q: string;
  /** True when the URL's query was longer and was cut. */
  cut: boolean;
  sort: SearchSort;
  /** Only reviews with a picture or video. */
  media: boolean;
  /** Only this score, 1..5. */
  score: number | null;
  page: number;
}

/** The first `max` characters (code points, so an emoji is never split). */
export function cutQuery(raw: string, max = SEARCH_QUERY_MAX_CHARS): { q: string; cut: boolean } {
  const chars = Array.from(raw);
  return chars.length > max ? { q: chars.slice(0, max).join(''), cut: true } : { q: raw, cut: false };
}

/** The state a URL's query string holds; anything unknown or malformed falls back to the default. */
export function readSearchParams(search: string): SearchState {
  const p = new URLSearchParams(search);
  // A pasted URL may be huge: only a bounded prefix is ever looked at.
  const { q, cut } = cutQuery((p.get('q') ?? '').slice(0, 1000));
  const sort = SEARCH_SORTS.find((s) => s.value === p.get('sort'))?.value ?? 'relevance';
  const score = Number(p.get('score'));
  const page = Number(p.get('page'));
  return {
    q: q.trim(),
    cut,
    sort,
    media: p.get('media') === '1',
    score: Number.isInteger(score) && score >= 1 && score <= 5 ? score : null,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, SEARCH_MAX_PAGE) : 1,
  };
}

/** True when the state narrows the reviews (有图/视频 or a score): an empty answer is then the filter's. */
export const hasFilters = (s: Pick<SearchState, 'media' | 'score'>) => s.media || s.score != null;

export interface TextPart {
  text: string;
  hit: boolean;
}

/**
 * `text` split into the parts that match one of `terms` (the API's normalised query words)
 * and the rest, case- and width-insensitively, for <mark>. The parts are plain strings, to be
 * rendered as text (React escapes them). Longest terms win where they overlap.
 */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const words = [...new Set(terms.map((t) => t.normalize('NFKC').toLowerCase()).filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .slice(0, 20);
  // Folded per UTF-16 unit so that indexes match the original text; a unit whose folded form
  // changes length (rare ligatures) is kept as it is.
  const folded = Array.from(text, (ch) => {
    const f = ch.normalize('NFKC').toLowerCase();
    return f.length === ch.length ? f : ch;
  }).join('');
  if (!words.length || folded.length !== text.length) return [{ text, hit: false }];
  const parts: TextPart[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const w = words.find((t) => folded.startsWith(t, i));
    if (!w) {
      i++;
      continue;
    }
    if (i > plainFrom) parts.push({ text: text.slice(plainFrom, i), hit: false });
    parts.push({ text: text.slice(i, i + w.length), hit: true });
    i += w.length;
    plainFrom = i;
  }
  if (plainFrom < text.length) parts.push({ text: text.slice(plainFrom), hit: false });
  return parts;
}

/** A few searches offered when the box is empty and when nothing was found. */
export const POPULAR_SEARCHES: readonly string[] = [
  '面霜',
  '奶粉',
  '精华',
  '运动鞋',
  '双肩包',
  '防晒',
  '维生素',
  '香水',
];
