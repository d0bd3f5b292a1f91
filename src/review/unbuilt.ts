// Reviews published after the last build (spec section 2, "Haul detail template"): their
// normal URL /review/{productId}/{commentId}/ has no static page yet. The site server answers
// such a URL with the 404 page's HTML, with status 200 only when it knows the review exists
// (it asks the storefront: server/site/review-exists.ts) and 404 otherwise, so no URL answers
// 200 for a review that does not exist (issue 11, "soft 404s"). Either way Gatsby renders the
// 404 page component at that URL, and the component shows the review loaded on the client
// (src/pages/404.tsx), or says that it is missing.
// No client-only match path: one covering /:productId/:commentId/ makes Gatsby list every
// static two-segment page in the entry chunk of every page (docs/benchmarks.md).
//
// This module is the one rule for "a path that may be an unbuilt review", shared by the site
// server, the link checker, the 404 page and the inline script that hides the 404 text while
// such a page loads.
import { ID_SOURCE as ID } from '../common/coerce';
import { PATH_PREFIX } from '../paths';

/** First path segments of the site's own sections: never review ids. */
export const RESERVED_SECTIONS: readonly string[] = [
  'page-data',
  'static',
  'category',
  'pd',
  'product',
  'haul',
  'haul-detail',
  'merchants',
  'articles',
  'about',
  'help',
  'privacy',
  'login',
  'qr',
  'payment-agreement',
  'genuine-guarantee',
  'logistics',
  '404',
  '404.html',
  '500',
  '500.html',
  'offline-plugin-app-shell-fallback',
  '~partytown',
];

/** Source of the pattern a site path (after /review) must match, trailing slash optional. */
export const UNBUILT_REVIEW_PATH_SOURCE = `^\\/(${ID})\\/(${ID})\\/?$`;
const UNBUILT_REVIEW_PATH = new RegExp(UNBUILT_REVIEW_PATH_SOURCE);
const reserved = new Set(RESERVED_SECTIONS);

/** Whether a decoded site path (without the /review prefix) has the shape of a review URL. */
export function isUnbuiltReviewPath(sitePath: string): boolean {
  return unbuiltReviewIds(sitePath) !== null;
}

/** The ids of a review-shaped site path, or null for any other path. */
export function unbuiltReviewIds(sitePath: string): { productId: string; commentId: string } | null {
  const m = UNBUILT_REVIEW_PATH.exec(sitePath);
  return m && !reserved.has(m[1]) ? { productId: m[1], commentId: m[2] } : null;
}

/** Strips the /review prefix from a browser pathname; null when it is outside the site. */
export function sitePathOf(pathname: string, prefix = PATH_PREFIX): string | null {
  if (pathname === prefix) return '/';
  if (!pathname.startsWith(`${prefix}/`)) return null;
  try {
    return decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return null;
  }
}

/** The tab's title while an unbuilt review loads (not the 404 page's "404"). */
export const UNBUILT_LOADING_TITLE = '正在加载晒单…';

/**
 * An inline script for the 404 page's head: marks <html> with `unbuilt-review` before the
 * first paint when the browser's path may be an unbuilt review, so the 404 text is not
 * flashed while the review loads (CSS in src/styles/review.css), and retitles the tab.
 */
export function unbuiltReviewMarkerScript(prefix = PATH_PREFIX): string {
  const p = JSON.stringify(prefix);
  const r = JSON.stringify(RESERVED_SECTIONS);
  const s = JSON.stringify(UNBUILT_REVIEW_PATH_SOURCE);
  return (
    `(function(){try{var p=${p},l=location.pathname;if(l.indexOf(p+"/")!==0)return;` +
    `var m=new RegExp(${s}).exec(decodeURIComponent(l.slice(p.length)));` +
    `if(m&&${r}.indexOf(m[1])<0){document.documentElement.classList.add("unbuilt-review");` +
    `document.title=${JSON.stringify(UNBUILT_LOADING_TITLE)}}}catch(e){}})()`
  );
}
