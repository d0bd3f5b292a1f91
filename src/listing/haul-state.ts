// The showcase's filter and sort states (issue 22): which ones are static pages worth indexing
// (all reviews and each top-level category, with numbered pages) and which are query states of
// those pages (有图 / 有视频, a score, 最多赞): real URLs a shopper can share, loaded in the
// browser through the haul feed's extensions (docs/api-client.md) and `noindex`.
import type { ScoreHistogram } from './rating';

export interface HaulFilter {
  media?: 'picture' | 'video';
  score?: 1 | 2 | 3 | 4 | 5;
  sort?: 'likes';
}

/** What the filter links show beside their label ("有图 1,203"), counted by the build. */
export interface HaulCounts {
  total: number;
  picture: number;
  video: number;
  scores: ScoreHistogram;
}

/** The query state of a showcase URL; unknown or repeated values are ignored (first wins). */
export function parseHaulSearch(search: string): HaulFilter {
  const q = new URLSearchParams(search.length > 500 ? '' : search);
  const out: HaulFilter = {};
  const media = q.get('media');
  if (media === 'picture' || media === 'video') out.media = media;
  const score = q.get('score');
  if (score && /^[1-5]$/.test(score)) out.score = Number(score) as HaulFilter['score'];
  if (q.get('sort') === 'likes') out.sort = 'likes';
  return out;
}

export const isFiltered = (f: HaulFilter) => !!(f.media || f.score || f.sort);

/** The query string of a state ('' for none), in one order so one state has one URL. */
export function haulSearch(f: HaulFilter): string {
  const q = new URLSearchParams();
  if (f.media) q.set('media', f.media);
  if (f.score) q.set('score', String(f.score));
  if (f.sort) q.set('sort', f.sort);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * "1,203": a count with its thousands grouped, as zh-CN and en-US both write it. Not
 * `toLocaleString`: each call builds a number format, and the first loads the locale's data,
 * about 20 ms of the showcase's hydration at full CPU speed for its 17 counts (issue 40).
 */
export function countText(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}

export function haulCounts(items: Iterable<{ picture: boolean; video: boolean; score: number | null }>): HaulCounts {
  const out: HaulCounts = { total: 0, picture: 0, video: 0, scores: [0, 0, 0, 0, 0] };
  for (const it of items) {
    out.total++;
    if (it.picture) out.picture++;
    if (it.video) out.video++;
    if (it.score != null && it.score >= 1 && it.score <= 5) out.scores[Math.round(it.score) - 1]++;
  }
  return out;
}
