import * as React from 'react';
import type { PageProps } from 'gatsby';
import type { RelatedView, ReviewView, SimilarView } from '../review/view';
import { Layout } from '../components/shell/Layout';
import { ReviewDetail } from '../components/review/ReviewDetail';
import { ReviewHead, PlainHead } from '../components/review/ReviewHead';
import { LikeButton } from '../components/review/LikeButton';
import { useLocationReviewIds } from '../hooks/use-location-review-ids';
import { useReviewData } from '../hooks/use-review-data';
import { sameReview } from '../review/ids';

/** Page context written by gatsby/create-pages.ts (the server-supplied info of spec section 4). */
export interface ReviewPageContext {
  productId: string;
  commentId: string;
  info: ReviewView;
  relateList: RelatedView[];
  similarProducts: SimilarView[];
}

/**
 * Static review detail page: /review/{productId}/{commentId}/ (spec section 2). The ids come
 * from the query string first (spec sections 2 and 5): a query naming another review shows
 * that one, loaded in the browser after hydration (the HTML and the hydrating render are the
 * built review). The head stays the built review's, so the canonical URL stays the path's.
 */
export default function ReviewTemplate({ pageContext, location }: PageProps<object, ReviewPageContext>) {
  const built = { productId: pageContext.productId, commentId: pageContext.commentId };
  const fromUrl = useLocationReviewIds(location.pathname, location.search);
  const other = fromUrl && !sameReview(fromUrl, built) ? fromUrl : null;
  const data = useReviewData(other ?? built, other ? {} : pageContext);
  return (
    <Layout>
      {pageContext.info ? <ReviewHead review={pageContext.info} /> : <PlainHead title="用户晒单" />}
      <ReviewDetail
        review={data.review}
        related={data.related}
        similar={data.similar}
        status={data.status}
        likeSlot={data.review ? <LikeButton review={data.review} /> : null}
      />
    </Layout>
  );
}
