// Editorial articles for the home page (content-service search).
import type { DB } from '../db/open';
import type { Prefixer } from '../media/prefix';
import type { Article, ArticlesResponse } from '../../src/storefront/wire/articles';
import { articlesPath, withPrefix } from '../../src/paths';

export class ArticleRepository {
  constructor(
    private readonly db: DB,
    private readonly media: Prefixer,
  ) {}

  search(q: { offset: number; limit: number; withBanner: boolean; tags: string[] }): ArticlesResponse {
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.withBanner) where.push('a.banner IS NOT NULL');
    if (q.tags.length) {
      where.push('EXISTS (SELECT 1 FROM json_each(a.tags) t WHERE t.value IN (SELECT value FROM json_each(?)))');
      args.push(JSON.stringify(q.tags));
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = this.db
      .prepare(`SELECT * FROM articles a ${w} ORDER BY a.published_at DESC, a.id DESC LIMIT ? OFFSET ?`)
      .all(...args, q.limit, q.offset) as Array<{
      id: number;
      title: string;
      summary: string;
      content: string;
      author: string;
      tags: string;
      cover: string;
      banner: string | null;
      views: number;
      published_at: number;
    }>;
    const { n } = this.db.prepare(`SELECT count(*) AS n FROM articles a ${w}`).get(...args) as { n: number };
    const image = (raw: string | null) => {
      if (!raw) return null;
      const i = JSON.parse(raw) as { url: string };
      return { ...i, url: this.media(i.url)! };
    };
    const articles: Article[] = rows.map((a) => {
      const cover = image(a.cover)!;
      const banner = image(a.banner);
      return {
        id: a.id,
        title: a.title,
        summary: a.summary,
        content: a.content,
        author: a.author,
        tags: JSON.parse(a.tags) as string[],
        cover: cover.url,
        coverImage: cover,
        banner: banner?.url ?? null,
        bannerImage: banner,
        url: `${withPrefix(articlesPath())}#article-${a.id}`,
        views: a.views,
        publishedAt: a.published_at,
      };
    });
    return { articles, total: n };
  }
}
