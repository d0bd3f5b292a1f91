import * as React from 'react';
import { reviewIds, sameReview, type ReviewIds } from '../review/ids';

/**
 * The review ids of the browser's URL (spec sections 2 and 5: query string first, trimmed,
 * first value; else the path), read after hydration: `undefined` during SSR and the hydrating
 * render, whose HTML was built without the query, so hydration always matches the HTML.
 * Then the ids, or null when either is missing.
 */
export function useLocationReviewIds(pathname: string, search: string): ReviewIds | null | undefined {
  const [ids, setIds] = React.useState<ReviewIds | null | undefined>(undefined);
  React.useEffect(() => {
    const next = reviewIds(pathname, search);
    setIds((prev) => (prev !== undefined && sameReview(prev, next) ? prev : next));
  }, [pathname, search]);
  return ids;
}
