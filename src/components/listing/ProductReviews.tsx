import * as React from 'react';
import { Link } from 'gatsby';
import type { ProductReviewItem } from '../../listing/types';
import { formatPostedDate, likesText, relatedText } from '../../review/format';
import { reviewPath } from '../../paths';
import { useProductComments } from '../../hooks/use-product-comments';
import { Stars } from '../review/Stars';
import { Img } from '../common/Img';
import { Avatar } from '../common/Avatar';
import { RatingSummary } from './RatingSummary';
import type { RatingSummary as Summary, ReviewFacets } from '../../listing/rating';
import { ALL, filterKey, type ReviewFilter } from '../../listing/review-filter';

function ReviewItem({ r }: { r: ProductReviewItem }) {
  const date = formatPostedDate(r.postedAt);
  return (
    <li className="preview" data-comment-id={r.id} data-likes={r.likes}>
      <div className="preview__head">
        <Avatar className="preview__avatar" src={r.userAvatar} size={32} />
        <span className="preview__user">{r.userLabel ?? '匿名用户'}</span>
        {r.score != null && <Stars score={r.score} />}
        {date && (
          <time className="preview__date" dateTime={date}>
            {date}
          </time>
        )}
      </div>
      {r.spec && <p className="preview__spec">{r.spec}</p>}
      <p className="preview__text">{relatedText(r.content)}</p>
      {r.tags.length > 0 && (
        <ul className="preview__tags">
          {r.tags.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      {r.images.length > 0 && (
        <ul className="preview__imgs">
          {r.images.map((img, i) => (
            <li key={i}>
              <Img src={img.url} alt={`晒单图片${i + 1}`} width={img.width} height={img.height} />
            </li>
          ))}
        </ul>
      )}
      <div className="preview__foot">
        <span className="preview__likes">♥ {likesText(r.likes)}</span>
        <Link className="preview__link" to={reviewPath(r.productId, r.id)}>
          查看晒单详情 ›
        </Link>
      </div>
    </li>
  );
}

const SCORES = [5, 4, 3, 2, 1] as const;

/** One filter button: pressed when it is the current filter; its count beside the label. */
function FilterButton({
  current,
  filter,
  label,
  count,
  onSelect,
}: {
  current: ReviewFilter;
  filter: ReviewFilter;
  label: string;
  count?: number;
  onSelect(f: ReviewFilter): void;
}) {
  const key = filterKey(filter);
  return (
    <button
      type="button"
      className="tagbtn"
      aria-pressed={filterKey(current) === key}
      data-filter={key}
      onClick={() => onSelect(filter)}
    >
      {label}
      {count != null && <span className="tagbtn__n">{count}</span>}
    </button>
  );
}

/**
 * The product's reviews (issue 22): filters with their counts (全部, 有图/视频, each score, each
 * word tag as Taobao's 大家印象), sort (最新, 最多赞), the build's first ten and "load more"
 * through the comment query (spec section 7, "Comments"; size 10). Every card links to its
 * review page. State is exposed as data attributes for tests.
 */
export function ProductReviews({
  productId,
  initial,
  summary,
  facets,
}: {
  productId: string;
  initial: ProductReviewItem[];
  summary: Summary;
  facets: ReviewFacets;
}) {
  const c = useProductComments(productId, initial, facets.total);
  const pick = (f: ReviewFilter) => c.select(f, c.sort);
  return (
    <section
      className="lst-section previews"
      aria-labelledby="pd-reviews"
      data-product={productId}
      data-status={c.status}
      data-filter={filterKey(c.filter)}
      data-sort={c.sort}
      data-count={c.items.length}
    >
      <h2 id="pd-reviews" className="lst-h2">
        买家评价{facets.total > 0 ? `（${facets.total}）` : ''}
      </h2>
      <RatingSummary summary={summary} />
      {facets.total > 0 && (
        <>
          <div className="previews__tags" role="group" aria-label="筛选评价">
            <FilterButton current={c.filter} filter={ALL} label="全部" count={facets.total} onSelect={pick} />
            {facets.media > 0 && (
              <FilterButton
                current={c.filter}
                filter={{ kind: 'media' }}
                label="有图/视频"
                count={facets.media}
                onSelect={pick}
              />
            )}
            {SCORES.filter((s) => summary.histogram[s - 1] > 0).map((s) => (
              <FilterButton
                key={s}
                current={c.filter}
                filter={{ kind: 'score', score: s }}
                label={`${s}星`}
                count={summary.histogram[s - 1]}
                onSelect={pick}
              />
            ))}
            {facets.tags.map((t) => (
              <FilterButton
                key={t.tag}
                current={c.filter}
                filter={{ kind: 'tag', tag: t.tag }}
                label={t.tag}
                count={t.count}
                onSelect={pick}
              />
            ))}
          </div>
          <div className="previews__sort" role="group" aria-label="评价排序">
            {(
              [
                ['posted_at', '最新'],
                ['likes', '最多赞'],
              ] as const
            ).map(([sort, label]) => (
              <button
                key={sort}
                type="button"
                className="sortbtn"
                aria-pressed={c.sort === sort}
                data-sort={sort}
                onClick={() => c.select(c.filter, sort)}
              >
                {label}
              </button>
            ))}
          </div>
        </>
      )}
      {c.items.length > 0 ? (
        <ul className="previews__list">
          {c.items.map((r) => (
            <ReviewItem key={r.id} r={r} />
          ))}
        </ul>
      ) : (
        c.status !== 'loading' && <p className="lst-empty">暂无评价</p>
      )}
      {c.error && (
        <p className="lst-error" role="alert">
          {c.error}
        </p>
      )}
      <div className="previews__more" aria-live="polite">
        {c.status === 'loading' ? (
          <span className="lst-loading">加载中…</span>
        ) : (
          c.hasMore && (
            <button type="button" className="morebtn" onClick={c.loadMore}>
              加载更多评价
            </button>
          )
        )}
      </div>
    </section>
  );
}
