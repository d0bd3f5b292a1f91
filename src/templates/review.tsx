import * as React from 'react';
import type { PageProps } from 'gatsby';
import type { RelatedView, ReviewView, SimilarView } from '../review/view';
import { Layout } from '../components/shell/Layout';
import { ReviewDetail } from '../components/review/ReviewDetail';
import { ReviewHead, PlainHead } from '../components/review/ReviewHead';
import { LikeButton } from '../components/review/LikeButton';
import { useReviewData } from '../hooks/use-review-data';

/** Page context written by gatsby/create-pages.ts (the server-supplied info of spec section 4). */
export interface ReviewPageContext {
  productId: string;
  commentId: string;
  info: ReviewView;
  relateList: RelatedView[];
  similarProducts: SimilarView[];
}

/** Static review detail page: /review/{productId}/{commentId}/ (spec section 2). */
export default function ReviewTemplate({ pageContext }: PageProps<object, ReviewPageContext>) {
  const { productId, commentId } = pageContext;
  const data = useReviewData({ productId, commentId }, pageContext);
  return (
    <Layout>
      {data.review ? <ReviewHead review={data.review} /> : <PlainHead title="用户晒单" />}
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
