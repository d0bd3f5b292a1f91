// Home page article search (content service).
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, windowQuery } from './common';

export const ArticlesQuery = Type.Object({
  ...windowQuery(10),
  withbanner: Type.Boolean({ default: false }),
  /** Comma list; an article matches when it has any of them. */
  tags: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ArticlesQuery = Static<typeof ArticlesQuery>;

export const Article = Type.Object({
  id: Type.Integer(), title: Type.String(), summary: Type.String(), content: Type.String(), author: Type.String(),
  tags: Type.Array(Type.String()), cover: Type.String(), coverImage: Type.Unknown(), banner: Nullable(Type.String()),
  bannerImage: Type.Unknown(), url: Type.String(), views: Type.Integer(), publishedAt: Type.Integer(),
});
export type Article = Static<typeof Article>;

export const ArticlesResponse = Type.Object({ articles: Type.Array(Article), total: Type.Integer() });
export type ArticlesResponse = Static<typeof ArticlesResponse>;
