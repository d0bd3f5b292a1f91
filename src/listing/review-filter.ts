// The product hub's filter and sort (issue 22): one filter at a time (全部, 有图/视频, a score or
// a word tag, as Taobao's list) and a sort (最新 = posted_at, 最多赞 = likes). Pure: the hook
// (src/hooks/use-product-comments.ts) turns a state into a comment query and checks answers.
import type { CommentQuery } from '../storefront/comments';
import { scoreBucket } from './rating';
import type { ProductReviewItem } from './types';

export type ReviewFilter =
  { kind: 'all' } | { kind: 'media' } | { kind: 'score'; score: 1 | 2 | 3 | 4 | 5 } | { kind: 'tag'; tag: string };

export type ReviewSort = 'posted_at' | 'likes';

export const ALL: ReviewFilter = { kind: 'all' };

/** A stable key of a filter (data attributes, comparisons). */
export function filterKey(f: ReviewFilter): string {
  switch (f.kind) {
    case 'all':
      return 'all';
    case 'media':
      return 'media';
    case 'score':
      return `score:${f.score}`;
    case 'tag':
      return `tag:${f.tag}`;
  }
}

/** The comment query's filter params (score and media are extensions, docs/api-client.md). */
export function filterParams(f: ReviewFilter): Pick<CommentQuery, 'tag' | 'score' | 'media'> {
  switch (f.kind) {
    case 'media':
      return { media: 'any' };
    case 'score':
      return { score: f.score };
    case 'tag':
      return { tag: f.tag };
    default:
      return {};
  }
}

/**
 * Whether an item answers the filter: a server without the extensions ignores `score` and
 * `media` and sends every review, and the hub then shows only those that match (fewer, never
 * wrong ones).
 */
export function matchesFilter(r: ProductReviewItem, f: ReviewFilter): boolean {
  switch (f.kind) {
    case 'media':
      return r.images.length > 0;
    case 'score':
      return scoreBucket(r.score) === f.score;
    case 'tag':
      return r.tags.includes(f.tag);
    default:
      return true;
  }
}
