// Home page article search (content service).
import { Type, type Static } from '@sinclair/typebox';
import { List, LongText, Nullable, ShortText, UrlText, windowQuery } from './common';

export const ArticlesQuery = Type.Object({
  ...windowQuery(10),
  withbanner: Type.Boolean({ default: false }),
  /** Comma list; an article matches when it has any of them. */
  tags: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ArticlesQuery = Static<typeof ArticlesQuery>;

export const Article = Type.Object({
  id: Type.Integer(), title: ShortText(), summary: Type.String({ maxLength: 2000 }), content: LongText(), author: ShortText(),
  tags: List(ShortText(), 50), cover: UrlText(), coverImage: Type.Unknown(), banner: Nullable(UrlText()),
  bannerImage: Type.Unknown(), url: UrlText(), views: Type.Integer(), publishedAt: Type.Integer(),
});
export type Article = Static<typeof Article>;

export const ArticlesResponse = Type.Object({ articles: List(Article, 100), total: Type.Integer() });
export type ArticlesResponse = Static<typeof ArticlesResponse>;
