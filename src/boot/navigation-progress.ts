// The navigation under way (issue 40). Once React has hydrated, a tap on a link to another page
// is the app's (Gatsby's Link): it fetches the next page's data and code before anything on
// screen changes, a second or more on a phone's network. A bar at the top of the page
// (global.css) says at once that the tap was taken, until the next page has rendered
// (gatsby-browser.tsx's onRouteUpdate), a query state of the same page too (a showcase filter:
// the page renders again for it). Before hydration a link is the browser's, which shows its own
// progress.

/** On <html> while the app loads the next page. */
export const NAVIGATING_ATTRIBUTE = 'data-navigating';

/** The bar goes at the latest after this long, should a click that looked like one lead nowhere. */
const NAVIGATING_MAX_MS = 15_000;
let giveUp = 0;

export function navigationStarted() {
  document.documentElement.setAttribute(NAVIGATING_ATTRIBUTE, '');
  window.clearTimeout(giveUp);
  giveUp = window.setTimeout(navigationEnded, NAVIGATING_MAX_MS);
}

export function navigationEnded() {
  window.clearTimeout(giveUp);
  document.documentElement.removeAttribute(NAVIGATING_ATTRIBUTE);
}

/**
 * Links that open something on the page instead (a menu, the search sheet, a gallery
 * thumbnail) are no navigation, whatever their href.
 */
const NOT_A_PAGE = '[aria-haspopup],[aria-expanded],[role=button],[download]';

/** A click the app took (default prevented) on a link to another page or state of this site. */
function onClick(e: MouseEvent) {
  if (!e.defaultPrevented || document.documentElement.dataset.hydrated !== 'true') return;
  const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== '_self') || a.matches(NOT_A_PAGE)) return;
  const here = window.location;
  if (a.origin !== here.origin || (a.pathname === here.pathname && a.search === here.search)) return;
  navigationStarted();
}

/** Listens from the first script on (bubbling: after React's own handlers have run). */
export function watchNavigations() {
  document.addEventListener('click', onClick);
  // Back to a page from the browser's cache, or the browser's own navigation: nothing under way.
  window.addEventListener('pageshow', navigationEnded);
}
