import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Helmet } from 'react-helmet';
import { ReviewPage } from '../components/review/ReviewPage';
import { ErrorPage } from '../components/common/ErrorPage';
import { reviewIds } from '../review/ids';
import { UNBUILT_LOADING_TITLE, isUnbuiltReviewPath, sitePathOf } from '../review/unbuilt';

/**
 * The 404 page shows 404 (spec sections 2 and 8) and a link home. It also opens reviews
 * published after the last build at their normal URL: the site server answers such a
 * /review/{productId}/{commentId}/ URL with this page (status 200 when the review exists,
 * 404 otherwise: docs/server.md, "Reviews published after the build"), Gatsby renders it at
 * that URL, and once hydrated it loads the review on the client (src/review/unbuilt.ts),
 * never indexed until the next build gives it a static page. The first render is always the
 * 404 markup, as in the HTML, so hydration matches.
 */
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? React.useEffect : React.useLayoutEffect;

export default function NotFoundPage({ location }: PageProps) {
  const [unbuilt, setUnbuilt] = React.useState(false);
  // Before the browser paints (issue 21 item 6: the 404 markup flashed before the review).
  useIsomorphicLayoutEffect(() => {
    const sitePath = sitePathOf(location.pathname);
    setUnbuilt(sitePath != null && isUnbuiltReviewPath(sitePath));
  }, [location.pathname]);
  if (unbuilt) {
    return (
      <>
        <Helmet>
          <meta name="robots" content="noindex" />
        </Helmet>
        <ReviewPage ids={reviewIds(location.pathname)} />
      </>
    );
  }
  // Helmet's title is no markup, so it may differ from the HTML's: while the marker script says
  // the URL may be an unbuilt review, the tab never says "404" (issue 21 item 6).
  const marked = typeof document !== 'undefined' && document.documentElement.classList.contains('unbuilt-review');
  return <ErrorPage className="not-found" title={marked ? UNBUILT_LOADING_TITLE : '404'} heading="404" />;
}
