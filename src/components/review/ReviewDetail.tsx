import * as React from 'react';
import { Link } from 'gatsby';
import type { ReviewView, RelatedView, SimilarView } from '../../review/view';
import { altText, formatPrice, specLine, productName } from '../../review/format';
import { haulPath, homePath, productPath } from '../../paths';
import { Breadcrumb } from '../common/Breadcrumb';
import { Gallery } from '../gallery/Gallery';
import { ReviewerCard } from './ReviewerCard';
import { RelatedCarousel } from './RelatedCarousel';
import { SimilarProducts } from './SimilarProducts';

export interface ReviewDetailProps {
  review: ReviewView | null;
  related: RelatedView[];
  similar: SimilarView[];
  /** Label for the last crumb before the detail is loaded. */
  fallbackLabel?: string | null;
  /** Like control, supplied by the page (it needs the session). */
  likeSlot?: React.ReactNode;
  status?: 'loading' | 'not-found' | 'ready' | 'empty';
}

/**
 * Breadcrumb: home, review showcase, then the reviewer's label (or "用户晒单"); once the
 * detail is loaded, the last crumb is the review text (spec sections 2 and 4).
 */
function crumbs(review: ReviewView | null, fallbackLabel?: string | null) {
  const last = review?.content.trim() || review?.userLabel || fallbackLabel || '用户晒单';
  return [
    { label: '首页', to: homePath() },
    { label: '晒单广场', to: haulPath() },
    { label: last.length > 40 ? `${Array.from(last).slice(0, 40).join('')}…` : last },
  ];
}

export function ReviewDetail({ review, related, similar, fallbackLabel, likeSlot, status = 'ready' }: ReviewDetailProps) {
  return (
    <article className="review" aria-busy={status === 'loading'}>
      <Breadcrumb items={crumbs(review, fallbackLabel)} />
      {review ? <ReviewBody review={review} likeSlot={likeSlot} /> : (
        <p className="review__status" role="status">
          {status === 'loading' ? '正在加载晒单…' : status === 'not-found' ? '这条晒单不存在或已被删除' : '未找到晒单'}
        </p>
      )}
      <div className="review__aside">
        <SimilarProducts items={similar} />
        <RelatedCarousel items={related} />
      </div>
    </article>
  );
}

function ReviewBody({ review, likeSlot }: { review: ReviewView; likeSlot?: React.ReactNode }) {
  const spec = specLine([review.sku.color, review.sku.size, review.sku.width]);
  const price = formatPrice(review.sku.cents, review.sku.rate);
  const name = productName(review.sku.name);
  return (
    <div className="review__main">
      <Gallery items={review.gallery} alt={altText(review.content)} />
      <div className="review__content">
        <ReviewerCard review={review} />
        {(spec || price) && (
          <p className="review__spec">
            {spec && <span className="review__spec-line">规格：{spec}</span>}
            {price && <span className="review__price">{price}</span>}
          </p>
        )}
        {review.tags.length > 0 && (
          <ul className="review__tags" aria-label="评价标签">
            {review.tags.map((t, i) => <li key={`${i}-${t}`}>{t}</li>)}
          </ul>
        )}
        <div className="review__text">{review.content}</div>
        <div className="review__actions">
          {likeSlot}
          <Link className="review__product" to={productPath(review.productId)}>
            <span className="review__product-label">查看商品</span>
            {name && <span className="review__product-name">{name}</span>}
          </Link>
        </div>
      </div>
    </div>
  );
}
