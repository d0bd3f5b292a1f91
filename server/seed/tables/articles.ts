import type { DB } from '../../db/open';
import { mediaImage } from '../../media/urls';
import { ARTICLES } from '../articles';
import type { Rng } from '../prng';
import { DAY, MINUTE, REFERENCE_DATE, json } from '../reference';
import { FIRST_ARTICLE_ID } from '../special';

/** Articles for the home page: the fixed texts (articles.ts), random views and dates. Returns how many. */
export function seedArticles(db: DB, rng: Rng): number {
  const ins = db.prepare(
    'INSERT INTO articles (id, title, summary, content, author, tags, cover, banner, views, published_at) VALUES (?,?,?,?,?,?,?,?,?,?)',
  );
  ARTICLES.forEach((a, i) => {
    const id = FIRST_ARTICLE_ID + i;
    ins.run(
      id,
      a.title,
      a.summary,
      a.paragraphs.join('\n\n'),
      a.author,
      json(a.tags),
      json(mediaImage('article', `a${id}`, 690, 388)),
      i < 6 ? json(mediaImage('banner', `a${id}`, 1500, 500)) : null,
      rng.int(500, 50_000),
      REFERENCE_DATE - rng.int(1, 365) * DAY - rng.int(0, 1439) * MINUTE,
    );
  });
  return ARTICLES.length;
}
