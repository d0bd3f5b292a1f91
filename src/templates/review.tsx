import * as React from 'react';
import type { PageProps } from 'gatsby';
import type { ReviewPageData } from '../review/page-data';
import { ReviewPage } from '../components/review/ReviewPage';
import { useLocationReviewIds } from '../hooks/use-location-review-ids';

/**
 * Static review detail page: /review/{productId}/{commentId}/ (spec section 2), its data the
 * page context written by gatsby/create-pages.ts. The ids come from the query string first
 * (spec sections 2 and 5): a query naming another review shows that one, loaded in the browser
 * after hydration (the HTML and the hydrating render are the built review).
 */
export default function ReviewTemplate({ pageContext, location }: PageProps<object, ReviewPageData>) {
  const ids = useLocationReviewIds(location.pathname, location.search);
  return <ReviewPage ids={ids} built={pageContext} />;
}
