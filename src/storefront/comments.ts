// Product comments (reviews), replies, likes and the haul feed (spec section 7, "Comments";
// defaults from section 9: page size 10 sorted by posted_at, replies 0..1, haul size 10).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { CommentSort } from './enums';
import type { CommentsResponse, HaulResponse, LikeResult, MediaFilter, RepliesResponse } from './wire/reviews';

export type { LikeResult, Reply, RepliesResponse } from './wire/reviews';

export const commentsPath = (productId: string | number) =>
  `/api/v1/product-comment/products/${seg(productId)}/comments`;

export interface CommentQuery {
  /** From (offset). Default 0. */
  f?: number;
  /** To (exclusive end). Default 10. */
  t?: number;
  /** Sort. Default 'posted_at'. */
  s?: CommentSort;
  /** Only comments with this word tag. */
  tag?: string;
  /** Extension (ours, docs/api-client.md): only this satisfaction score, 1..5. */
  score?: number;
  /** Extension (ours): only comments with media. */
  media?: MediaFilter;
}

export interface HaulQuery {
  /** Category id of the catalogue; '0' = all. Default '0'. */
  category?: string;
  /** Opaque cursor; '0' = first page. Default '0'. */
  delimiter?: string | number;
  /** 1..500. Default 10. */
  size?: number;
  /** Extensions (ours, docs/api-client.md): filters and sort of the showcase. */
  media?: MediaFilter;
  score?: number;
  sort?: CommentSort;
}

/** GET /api/v1/product-comment/products/{id}/comments?f=0&t=10&s=posted_at[&tag=] */
export const listComments = (c: StorefrontClient, productId: string | number, q: CommentQuery = {}) =>
  c.get<CommentsResponse>(commentsPath(productId), {
    params: { f: q.f ?? 0, t: q.t ?? 10, s: q.s ?? 'posted_at', tag: q.tag, score: q.score, media: q.media },
  });

/** GET .../comments/{cid}/replies?f=0&t=1&s=posted_at */
export const listReplies = (
  c: StorefrontClient,
  productId: string | number,
  commentId: string | number,
  q: { f?: number; t?: number; s?: CommentSort } = {},
) =>
  c.get<RepliesResponse>(`${commentsPath(productId)}/${seg(commentId)}/replies`, {
    params: { f: q.f ?? 0, t: q.t ?? 1, s: q.s ?? 'posted_at' },
  });

/** POST .../comments/{cid}/likes */
export const likeComment = (c: StorefrontClient, productId: string | number, commentId: string | number) =>
  c.post<LikeResult>(`${commentsPath(productId)}/${seg(commentId)}/likes`);

/** DELETE .../comments/{cid}/likes */
export const unlikeComment = (c: StorefrontClient, productId: string | number, commentId: string | number) =>
  c.delete<LikeResult>(`${commentsPath(productId)}/${seg(commentId)}/likes`);

/** GET /api/v2/product_comment/haul?category=0&delimiter=0&size=10 (pinned answer shape). */
export const getHaulFeed = (c: StorefrontClient, q: HaulQuery = {}) =>
  c.get<HaulResponse>('/api/v2/product_comment/haul', {
    params: {
      category: q.category ?? '0',
      delimiter: String(q.delimiter ?? '0'),
      size: q.size ?? 10,
      media: q.media,
      score: q.score,
      sort: q.sort,
    },
  });
