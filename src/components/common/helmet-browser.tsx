// react-helmet in the browser build (gatsby/webpack-config.ts aliases `react-helmet` here for
// the browser bundle only; the HTML renderer keeps the real module). Most pages never mount
// Helmet while React hydrates them (HeadOutsideHydration: the server wrote the head), only when
// the head must change after a client navigation or a query; so react-helmet (5.5 KB gzipped)
// is a chunk loaded then, not part of the JavaScript a page needs to hydrate (issue 26).
// Until the chunk is in, this renders nothing, as Helmet itself does: a page that does mount
// Helmet in hydration (the 404 and error pages) hydrates without a mismatch, and its head
// follows a moment later. (A Suspense boundary here would be markup the server never wrote.)
import * as React from 'react';
import type { HelmetProps } from 'react-helmet';

type HelmetComponent = React.ComponentType<HelmetProps>;

let loaded: HelmetComponent | null = null;
let loading: Promise<HelmetComponent> | null = null;

const load = () =>
  (loading ??= import('react-helmet/es/Helmet.js').then((m) => {
    loaded = m.Helmet as HelmetComponent;
    return loaded;
  }));

export function Helmet(props: HelmetProps) {
  const [Real, setReal] = React.useState<HelmetComponent | null>(() => loaded);
  React.useEffect(() => {
    if (Real) return undefined;
    let alive = true;
    load().then(
      (H) => alive && setReal(() => H),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [Real]);
  return Real ? <Real {...props} /> : null;
}
