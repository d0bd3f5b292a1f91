import * as React from 'react';
import type { PageProps } from 'gatsby';
import { ReviewPage } from '../components/review/ReviewPage';
import { useLocationReviewIds } from '../hooks/use-location-review-ids';

/**
 * Haul detail template (spec section 2): renders a review from the ids in the query string
 * or the path, on the client; during SSR the query is unknown and the page is the shell. The
 * same page opens reviews published after the last build at their normal URL, from the 404
 * page (src/pages/404.tsx, src/review/unbuilt.ts).
 */
export default function HaulDetailTemplate({ location }: PageProps) {
  const ids = useLocationReviewIds(location.pathname, location.search);
  return <ReviewPage ids={ids} />;
}
