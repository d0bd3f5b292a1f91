// The site's side of a takedown (issue 13, "Instant takedown"): a taken-down review's page and
// its page data answer 410 Gone before any rebuild removes them, whatever the release holds.
// The page data matters as much as the page: a returning visitor's service worker answers the
// navigation with its app shell, which then asks the network for the page data (NetworkFirst in
// gatsby-config.ts); the 410 there makes the page say the review is gone (src/review/gone.ts).
import fs from 'node:fs';
import path from 'node:path';
import { ID_SOURCE } from '../../src/common/coerce';
import { unbuiltReviewIds } from '../../src/review/unbuilt';
import type { Resolution } from './resolve';

export type TakenDown = (productId: string, commentId: string) => boolean;

// The one site-URL id pattern (src/common/coerce.ts): bounded, no backtracking.
const PAGE_FILE = new RegExp(`^/(${ID_SOURCE})/(${ID_SOURCE})/index\\.html$`);
const PAGE_DATA = new RegExp(`^/page-data/(${ID_SOURCE})/(${ID_SOURCE})/page-data\\.json$`);

/**
 * Which of a review's URLs a decoded site path (after /review) is: its page (with or without
 * the trailing slash, or its index.html) or its page data; null for any other path.
 */
export function reviewUrlKind(
  sitePath: string,
): { kind: 'page' | 'page-data'; productId: string; commentId: string } | null {
  // The same rule as the page's: a site section (`/page-data/pd/{id}/`, a hub's) is no review.
  const data = PAGE_DATA.exec(sitePath);
  if (data)
    return unbuiltReviewIds(`/${data[1]}/${data[2]}/`)
      ? { kind: 'page-data', productId: data[1], commentId: data[2] }
      : null;
  const file = PAGE_FILE.exec(sitePath);
  const ids = file ? unbuiltReviewIds(`/${file[1]}/${file[2]}/`) : unbuiltReviewIds(sitePath);
  return ids ? { kind: 'page', ...ids } : null;
}

export type ReviewUrl = NonNullable<ReturnType<typeof reviewUrlKind>>;

/**
 * The review a request reaches, from what its path resolves to (resolve.ts), not from how it is
 * spelled (issue 39, N1): the review's own files in the release (its page, its page data), the
 * page a redirect leads to, a review without a static page; for a path that resolves to no file,
 * the review its (canonical, decoded) path names, as deferred page data is rendered from it.
 * Every other file (a listing that shows the review among others) is null.
 */
export function reachedReview(r: Resolution, sitePath: string): ReviewUrl | null {
  switch (r.kind) {
    case 'file':
      return reviewUrlKind(`/${r.rel}`);
    case 'redirect':
      return reviewUrlKind(r.to);
    case 'unbuilt-review':
      return { kind: 'page', productId: r.productId, commentId: r.commentId };
    case 'unbuilt-hub':
      return null;
    case 'missing':
      return reviewUrlKind(sitePath);
  }
}

/** The notice a taken-down review's URL shows (its page, the fallback, the page data's error). */
export const GONE_TEXT = '该晒单已下架';

/** The fallback when the release has no review-gone page: no scripts, never indexed. */
export const GONE_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${GONE_TEXT} - 海淘晒单</title></head>
<body><main><h1>${GONE_TEXT}</h1><p><a href="/review/haul/">逛逛晒单广场</a> <a href="/review/">返回首页</a></p></main></body></html>
`;

/** The built page (src/pages/review-gone.tsx) in a release. */
export const GONE_PAGE = path.join('review-gone', 'index.html');

/**
 * A built page's HTML without its scripts: what Gatsby would run at another URL would load that
 * page's data (a 410) and navigate away; the shell's markup, inline styles and links need none.
 * The input is the build's own output (about 30 KB), never a visitor's.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|prefetch|preload)"[^>]*\.js"[^>]*>/gi, '');
}

const gonePages = new Map<string, { mtimeMs: number; html: string }>();

/** The release's review-gone page without scripts (kept per file and mtime), else GONE_HTML. */
export function goneHtml(siteDir: string): string {
  const file = path.join(siteDir, GONE_PAGE);
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return GONE_HTML;
  }
  const real = fs.realpathSync(file);
  const kept = gonePages.get(real);
  if (kept && kept.mtimeMs === st.mtimeMs) return kept.html;
  const html = withoutScripts(fs.readFileSync(real, 'utf8'));
  if (gonePages.size > 8) gonePages.clear(); // a handful of releases at most
  gonePages.set(real, { mtimeMs: st.mtimeMs, html });
  return html;
}
