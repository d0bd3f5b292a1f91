// Content-service article search for the home page (spec section 7, "Other"). The spec names
// only the parameters; the path is the project's: GET /api/v1/content/articles/search.

import type { StorefrontClient } from './client';
import type { Image } from './types';

export interface Article {
  id: string | number;
  title: string;
  summary?: string | null;
  content?: string | null;
  author?: string | null;
  tags?: string[] | null;
  /** Cover image URL; `coverImage` is the full Image. */
  cover?: string | null;
  coverImage?: Image | null;
  banner?: string | null;
  bannerImage?: Image | null;
  url?: string | null;
  views?: number | null;
  /** Epoch ms. */
  publishedAt?: number | null;
}

export interface ArticleSearchQuery {
  /** From. Default 0. */
  f?: number;
  /** To (exclusive). Default 10. */
  t?: number;
  /** Include banner articles. */
  withbanner?: boolean;
  /** Tags, sent comma-joined. */
  tags?: string[] | string;
}

export interface ArticleSearchResponse {
  articles: Article[];
  total?: number;
}

export const searchArticles = (c: StorefrontClient, q: ArticleSearchQuery = {}) =>
  c.get<ArticleSearchResponse>('/api/v1/content/articles/search', {
    params: {
      f: q.f ?? 0,
      t: q.t ?? 10,
      withbanner: q.withbanner,
      tags: Array.isArray(q.tags) ? q.tags.join(',') || undefined : q.tags,
    },
  });
