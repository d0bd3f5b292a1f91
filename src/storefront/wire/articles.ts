// Home page article search (content service): GET /api/v1/content/articles/search. The spec
// names only the parameters; the path and the answer are the project's (docs/server.md).
import { Type, type Static } from '@sinclair/typebox';
import { Image, List, LongText, Loose, ShortText, UrlText, WireId, windowQuery } from './common';

export const Article = Type.Object({
  id: WireId(),
  title: ShortText(),
  summary: Loose(Type.String({ maxLength: 2000 })),
  content: Loose(LongText()),
  author: Loose(ShortText()),
  tags: Loose(List(ShortText(), 50)),
  /** Cover image URL; `coverImage` is the full Image. */
  cover: Loose(UrlText()),
  coverImage: Loose(Image),
  banner: Loose(UrlText()),
  bannerImage: Loose(Image),
  url: Loose(UrlText()),
  views: Loose(Type.Number()),
  /** Epoch ms. */
  publishedAt: Loose(Type.Number()),
});
export type Article = Static<typeof Article>;

export const ArticlesResponse = Type.Object({ articles: List(Article, 100), total: Type.Optional(Type.Integer()) });
export type ArticlesResponse = Static<typeof ArticlesResponse>;

export const ArticlesQuery = Type.Object({
  ...windowQuery(10),
  withbanner: Type.Boolean({ default: false }),
  /** Comma list; an article matches when it has any of them. */
  tags: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ArticlesQuery = Static<typeof ArticlesQuery>;
