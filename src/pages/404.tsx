import * as React from 'react';
import type { PageProps } from 'gatsby';
import { Helmet } from 'react-helmet';
import { HaulDetail } from '../templates/haul-detail';
import { reviewIds } from '../review/ids';
import { isUnbuiltReviewPath, sitePathOf } from '../review/unbuilt';

/**
 * The 404 page shows only the text 404 (spec sections 2 and 8). It also opens reviews
 * published after the last build at their normal URL: the site server answers such a
 * /review/{productId}/{commentId}/ URL with this page (status 200), Gatsby renders it at that
 * URL, and once hydrated it loads the review on the client (src/review/unbuilt.ts). The first
 * render is always the 404 markup, as in the HTML, so hydration matches.
 */
export default function NotFoundPage({ location }: PageProps) {
  const [unbuilt, setUnbuilt] = React.useState(false);
  React.useEffect(() => {
    const sitePath = sitePathOf(location.pathname);
    setUnbuilt(sitePath != null && isUnbuiltReviewPath(sitePath));
  }, [location.pathname]);
  if (unbuilt) return <HaulDetail ids={reviewIds(location.pathname)} />;
  return (
    <main className="not-found">
      <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
        <title>404</title>
        <meta name="robots" content="noindex" />
      </Helmet>
      <h1>404</h1>
    </main>
  );
}
