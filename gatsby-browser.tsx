import type { GatsbyBrowser } from 'gatsby';
import { startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { releaseHeldActions } from './src/boot/engagement';
import { navigationEnded, watchNavigations } from './src/boot/navigation-progress';
import { markNavigated } from './src/components/common/hydrate-later-gate';
import './src/styles';

// The visit's stored session, the landing URL's UTM parameters, the service worker's first
// registration and the prefetch before the runtime starts are the site entry's, with or without
// this runtime (src/boot/reader-runtime.ts).
export const onClientEntry: GatsbyBrowser['onClientEntry'] = () => {
  watchNavigations();
  // The service worker's app shell at a review's URL: stop before Gatsby loads the page data
  // when an editor took the review down (src/review/gone.ts). Gatsby waits for this promise.
  if ((window as { pagePath?: string }).pagePath === '/offline-plugin-app-shell-fallback/') {
    return import('./src/review/gone').then(
      (m) => m.leaveIfGone(),
      () => undefined,
    );
  }
  return undefined;
};

/**
 * React's recoverable errors, as React reports them by default, less one that is expected here:
 * a section still waiting to hydrate (HydrateLater, issue 26) that an update reaches first (a
 * navigation changes Gatsby's location context above it) is rendered afresh, and React says so
 * with error 421 ("This Suspense boundary received an update before it finished hydrating").
 */
const onRecoverableError = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (/#421[;.]|received an update before it finished hydrating/.test(message)) return;
  if (typeof window.reportError === 'function') window.reportError(error);
  else console.error(error);
};

// Hydration as a transition: React 18 then renders the server markup in 5 ms slices and lets
// the browser breathe between them, instead of one long task (its default lane for
// hydrateRoot is a blocking one). Gatsby's own choice is kept otherwise: a page without
// server markup is rendered, not hydrated.
export const replaceHydrateFunction = () => (element: ReactElement, container: Element) => {
  const focus = document.getElementById('gatsby-focus-wrapper');
  if (focus && focus.children.length > 0)
    startTransition(() => {
      hydrateRoot(container, element, { onRecoverableError });
    });
  else createRoot(container).render(element);
};

// Marks the document once React has hydrated it (browser tests wait for this).
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  document.documentElement.dataset.hydrated = 'true';
  // What the shopper asked before React had hydrated is done now, by React.
  releaseHeldActions();
};

// After the first navigation in the app, pages render without server markup: sections that wait
// to hydrate (HydrateLater) render at once. (onPreRouteUpdate: Gatsby calls it before the next
// page renders.)
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = ({ prevLocation }) => {
  if (prevLocation) markNavigated();
};

// The next page has rendered: the navigation bar goes (src/boot/navigation-progress.ts).
export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => {
  navigationEnded();
};

// A returning visitor gets new content after a rebuild: reload once the new service worker
// has taken over (gatsby-plugin-offline).
export const onServiceWorkerUpdateReady: GatsbyBrowser['onServiceWorkerUpdateReady'] = () => {
  window.location.reload();
};
