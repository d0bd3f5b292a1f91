import * as React from 'react';
import { Link } from 'gatsby';
import type { ArticleView } from '../../listing/types';
import { formatPostedDate } from '../../review/format';
import { Img } from '../common/Img';
import { articlesPath } from '../../paths';

/**
 * A featured article: cover, title, summary, date. With `full`, the body can be read in place
 * (the content service has no article pages on this site); an external URL opens in a new tab.
 * The full cards are the articles page's list under its h1, so their titles are h2 (no skipped
 * heading level); the home page's cards sit in a section under an h2.
 */
export function ArticleCard({ a, full, eager }: { a: ArticleView; full?: boolean; eager?: boolean }) {
  const Title = full ? 'h2' : 'h3';
  const date = formatPostedDate(a.publishedAt);
  const title = a.url ? (
    <a href={a.url} target="_blank" rel="noopener noreferrer nofollow">
      {a.title}
    </a>
  ) : (
    a.title
  );
  return (
    <article className="acard" data-article-id={a.id} id={full ? `article-${a.id}` : undefined}>
      <div className="acard__cover">
        {a.cover ? (
          <Img src={a.cover.url} alt={a.title} width={a.cover.width} height={a.cover.height} eager={eager} />
        ) : (
          <span className="acard__nocover" aria-hidden="true" />
        )}
      </div>
      <div className="acard__body">
        <Title className="acard__title">{title}</Title>
        <p className="acard__summary">{a.summary}</p>
        <p className="acard__meta">
          {date && <time dateTime={date}>{date}</time>}
          {a.author && <span>{a.author}</span>}
          {a.tags.length > 0 && <span className="acard__tags">{a.tags.map((t) => `#${t}`).join(' ')}</span>}
        </p>
        {full && a.paragraphs.length > 0 && (
          <details className="acard__more">
            <summary>阅读全文</summary>
            {a.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </details>
        )}
      </div>
    </article>
  );
}

/**
 * A featured article on the home page (issue 44): its wide banner with the title over it,
 * linking to the article (its own URL, else the articles page, which has its text).
 */
export function FeaturedArticle({ a }: { a: ArticleView }) {
  const image = a.banner ?? a.cover;
  const body = (
    <>
      {image && <Img src={image.url} alt="" width={image.width} height={image.height} />}
      <span className="fart__title">{a.title}</span>
    </>
  );
  return a.url ? (
    <a className="fart" href={a.url} target="_blank" rel="noopener noreferrer nofollow" data-article-id={a.id}>
      {body}
    </a>
  ) : (
    <Link className="fart" to={`${articlesPath()}#article-${a.id}`} data-article-id={a.id}>
      {body}
    </Link>
  );
}
