// Content-service article search for the home page (spec section 7, "Other"). The spec names
// only the parameters; the path is the project's: GET /api/v1/content/articles/search.

import type { StorefrontClient } from './client';
import type { ArticlesResponse } from './wire/articles';

export type { Article, ArticlesResponse } from './wire/articles';

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

export const searchArticles = (c: StorefrontClient, q: ArticleSearchQuery = {}) =>
  c.get<ArticlesResponse>('/api/v1/content/articles/search', {
    params: {
      f: q.f ?? 0,
      t: q.t ?? 10,
      withbanner: q.withbanner,
      tags: Array.isArray(q.tags) ? q.tags.join(',') || undefined : q.tags,
    },
  });
