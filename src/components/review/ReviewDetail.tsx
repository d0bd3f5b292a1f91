import * as React from 'react';
import { Link } from 'gatsby';
import type { ReviewView, RelatedView, SimilarView } from '../../review/view';
import type { BuiltReplies } from '../../review/page-data';
import type { ReviewStatus } from '../../hooks/use-review-data';
import { altText, formatPrice, specLine, productName, variantName } from '../../review/format';
import { reviewCrumbs } from '../../review/crumbs';
import { productPath } from '../../paths';
import { Breadcrumb } from '../common/Breadcrumb';
import { HydrateLater } from '../common/HydrateLater';
import { Gallery } from '../gallery/Gallery';
import { ReviewerCard } from './ReviewerCard';
import { Replies } from './Replies';
import { RelatedCarousel } from './RelatedCarousel';
import { SimilarProducts } from './SimilarProducts';
import type { BuyData } from '../../listing/buy';
import type { BuyBoxProps } from '../listing/BuyBox';

// The product box's way to buy (issue 45): a chunk of its own, no part of the first load (see
// ../listing/BuyBox.tsx). Declared here, not in a module of its own: a module is bytes too, and
// the review page's first load is at its budget (tests/e2e/page-weight.test.ts).
// The server renders it at once (Gatsby's SSR bundle, BUILD_STAGE build-html, where this
// require stays): a component that suspends makes the render asynchronous, and pages rendered
// side by side in a worker then mixed their react-helmet heads (another page's JSON-LD). The
// browser build keeps only the lazy branch (webpack drops the other, a constant condition).
const LazyBuyBox: React.ComponentType<BuyBoxProps> =
  process.env.BUILD_STAGE === 'build-html'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('../listing/BuyBox') as typeof import('../listing/BuyBox')).default
    : React.lazy(() => import('../listing/BuyBox'));

/**
 * Its boundary, memoised (as HydrateLater's): until the chunk has come, React keeps the server's
 * markup, and an update that reached the boundary meanwhile (the page reads the URL's ids after
 * hydration) made React drop that markup and draw the box afresh (error 421, expected in
 * gatsby-browser.tsx), so a tap held on its button before hydration was lost.
 */
const BuyBox = React.memo((props: BuyBoxProps) => (
  // No fallback: React 18 shows nothing meanwhile, and keeps the server's markup while it hydrates.
  <React.Suspense>
    <LazyBuyBox {...props} />
  </React.Suspense>
));

export interface ReviewDetailProps {
  review: ReviewView | null;
  related: RelatedView[];
  similar: SimilarView[];
  /** Label for the last crumb before the detail is loaded. */
  fallbackLabel?: string | null;
  /** Like control, supplied by the page (it needs the session). */
  likeSlot?: React.ReactNode;
  /** Share control, supplied by the page. */
  shareSlot?: React.ReactNode;
  /** The product box's way to buy (issue 45): the built review's (shown with that review only). */
  buy?: BuyData | null;
  status?: ReviewStatus;
  /** Loads the review again: offered when it failed to load. */
  onRetry?: () => void;
  /** The review's replies as the build read them (the built review only). */
  replies?: BuiltReplies;
  /** Its product's facts as the build rendered them (issue 45; the built review only). */
  facts?: string;
}

/** The page's one heading when no review is shown (loading, not found). */
const NO_REVIEW_HEADING = '用户晒单';

/** What the page says when it shows no review, by status (issue 44: errors that tell the truth). */
const STATUS_TEXT: Record<Exclude<ReviewStatus, 'ready'>, string> = {
  loading: '正在加载晒单…',
  'not-found': '这条晒单不存在或已被删除',
  gone: '这条晒单已下架',
  invalid: '这条晒单的内容有误，暂时无法显示',
  failed: '晒单没有加载成功，请检查网络后重试',
  empty: '未找到晒单',
};

export function ReviewDetail({
  review,
  related,
  similar,
  fallbackLabel,
  likeSlot,
  shareSlot,
  buy,
  status = 'ready',
  replies,
  facts,
  onRetry,
}: ReviewDetailProps) {
  return (
    <article className="review" aria-busy={status === 'loading'}>
      <Breadcrumb items={reviewCrumbs(review, fallbackLabel)} />
      {review ? (
        <ReviewBody
          review={review}
          likeSlot={likeSlot}
          shareSlot={shareSlot}
          buy={buy}
          replies={replies}
          facts={facts}
        />
      ) : (
        <>
          <h1 className="visually-hidden">{NO_REVIEW_HEADING}</h1>
          <div className="review__status" role="status">
            <p className="review__status-text">{STATUS_TEXT[status === 'ready' ? 'empty' : status]}</p>
            {status === 'failed' && onRetry && (
              <button type="button" className="review__retry" onClick={onRetry}>
                重试
              </button>
            )}
          </div>
        </>
      )}
      <div className="review__aside">
        {/* Below the review on phones: hydrated when near the viewport (issue 26). */}
        <HydrateLater>
          <SimilarProducts items={similar} />
          <RelatedCarousel items={related} />
        </HydrateLater>
      </div>
    </article>
  );
}

function ReviewBody({
  review,
  likeSlot,
  shareSlot,
  buy,
  replies,
  facts,
}: {
  review: ReviewView;
  likeSlot?: React.ReactNode;
  shareSlot?: React.ReactNode;
  buy?: BuyData | null;
  replies?: BuiltReplies;
  facts?: string;
}) {
  const spec = specLine([review.sku.color, review.sku.size, review.sku.width]);
  const price = formatPrice(review.sku.cents, review.sku.rate);
  // The product is the page's one <h1> (issue 11, defect 2); the variant stays in the button.
  const product = productName(review.sku.name);
  const variant = variantName(review.sku.name);
  return (
    <div className={review.gallery.length ? 'review__main' : 'review__main review__main--text-only'}>
      <Gallery items={review.gallery} alt={altText(review.content)} />
      <div className="review__content">
        <h1 className="review__title">{product || NO_REVIEW_HEADING}</h1>
        <ReviewerCard review={review} />
        {(spec || price) && (
          <p className="review__spec">
            {spec && <span className="review__spec-line">规格：{spec}</span>}
            {price && <span className="review__price">{price}</span>}
          </p>
        )}
        {review.tags.length > 0 && (
          <ul className="review__tags" aria-label="评价标签">
            {review.tags.map((t, i) => (
              <li key={`${i}-${t}`}>{t}</li>
            ))}
          </ul>
        )}
        <div className="review__text">{review.content}</div>
        <div className="review__actions">
          {likeSlot}
          {shareSlot}
          <Link className="review__product" to={productPath(review.productId)}>
            <span className="review__product-label">查看商品</span>
            {variant && <span className="review__product-name">{variant}</span>}
          </Link>
        </div>
        {buy && <BuyBox buy={buy} review={review} />}
        {/* The product box's facts: the build's static markup (gatsby/pages/facts.ts, every text
            escaped there), kept by hydration as it is; no class of its own: bytes of the first load. */}
        {facts && <div dangerouslySetInnerHTML={{ __html: facts }} />}
        <Replies review={review} built={replies} />
      </div>
    </div>
  );
}
