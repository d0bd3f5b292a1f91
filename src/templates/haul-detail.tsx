import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Layout } from '../components/shell/Layout';
import { ReviewDetail } from '../components/review/ReviewDetail';
import { ReviewHead, PlainHead } from '../components/review/ReviewHead';
import { LikeButton } from '../components/review/LikeButton';
import { useLocationReviewIds } from '../hooks/use-location-review-ids';
import { useReviewData } from '../hooks/use-review-data';
import type { ReviewIds } from '../review/ids';

/**
 * Haul detail template (spec section 2): renders a review from the ids in the query string
 * or the path, on the client. Its view (`HaulDetail`) also opens reviews published after the
 * last build at their normal URL, from the 404 page (src/pages/404.tsx, src/review/unbuilt.ts).
 */
export default function HaulDetailTemplate({ location }: PageProps) {
  // During SSR the path is the template's own and the query is unknown: render the shell.
  const ids = useLocationReviewIds(location.pathname, location.search);
  return ids !== undefined ? <HaulDetail ids={ids} /> : (
    <Layout>
      <PlainHead title="用户晒单" noindex />
      <ReviewDetail review={null} related={[]} similar={[]} status="loading" />
    </Layout>
  );
}

/** A review loaded on the client from its ids; a missing review says so. */
export function HaulDetail({ ids }: { ids: ReviewIds | null }) {
  const data = useReviewData(ids, {});
  return (
    <Layout>
      {data.review ? <ReviewHead review={data.review} /> : <PlainHead title="用户晒单" noindex />}
      <ReviewDetail
        review={data.review}
        related={data.related}
        similar={data.similar}
        status={ids ? data.status : 'empty'}
        likeSlot={data.review ? <LikeButton review={data.review} /> : null}
      />
    </Layout>
  );
}
