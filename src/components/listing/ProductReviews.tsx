import * as React from 'react';
import { Link } from 'gatsby';
import type { ProductReviewItem } from '../../listing/types';
import { formatPostedDate, likesText, relatedText } from '../../review/format';
import { reviewPath } from '../../paths';
import { useProductComments } from '../../hooks/use-product-comments';
import { Stars } from '../review/Stars';
import { Img } from '../common/Img';
import { Avatar } from '../common/Avatar';

function ReviewItem({ r }: { r: ProductReviewItem }) {
  const date = formatPostedDate(r.postedAt);
  return (
    <li className="preview" data-comment-id={r.id}>
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

/**
 * The product's reviews: the build's first ten, tag filter buttons from the reviews' word
 * tags and "load more" through the comment query (spec section 7, "Comments"; size 10,
 * sort posted_at). State is exposed as data attributes for tests.
 */
export function ProductReviews({
  productId,
  initial,
  total,
  tags,
}: {
  productId: string;
  initial: ProductReviewItem[];
  total: number;
  tags: string[];
}) {
  const c = useProductComments(productId, initial, total);
  return (
    <section
      className="lst-section previews"
      aria-labelledby="pd-reviews"
      data-status={c.status}
      data-tag={c.tag ?? ''}
      data-count={c.items.length}
    >
      <h2 id="pd-reviews" className="lst-h2">
        买家评价{total > 0 ? `（${total}）` : ''}
      </h2>
      {tags.length > 0 && (
        <div className="previews__tags" role="group" aria-label="按标签筛选评价">
          <button type="button" className="tagbtn" aria-pressed={c.tag === null} onClick={() => c.selectTag(null)}>
            全部
          </button>
          {tags.map((t) => (
            <button
              key={t}
              type="button"
              className="tagbtn"
              aria-pressed={c.tag === t}
              data-tag={t}
              onClick={() => c.selectTag(t)}
            >
              {t}
            </button>
          ))}
        </div>
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
