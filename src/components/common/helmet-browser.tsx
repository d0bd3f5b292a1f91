// react-helmet in the browser build (gatsby/webpack-config.ts aliases `react-helmet` here for
// the browser bundle only; the HTML renderer keeps the real module). Pages never mount Helmet
// while React hydrates them (HeadOutsideHydration: the server wrote the head), only when the
// head must change after a client navigation or a query; so react-helmet (5.5 KB gzipped) is
// a chunk loaded then, not part of the JavaScript a page needs to hydrate (issue 26).
import * as React from 'react';
import type { HelmetProps } from 'react-helmet';

const Real = React.lazy(() => import('react-helmet/es/Helmet.js').then((m) => ({ default: m.Helmet })));

export function Helmet(props: HelmetProps) {
  return (
    <React.Suspense fallback={null}>
      <Real {...props} />
    </React.Suspense>
  );
}
