// One built page of each kind the site has (issue 21 item 6): the pages the site-wide checks
// (widths, HTML validity, accessibility) run over. Picked from public/ so they follow the build:
// a kind the build did not make fails by its name instead of being skipped silently.
import fs from 'node:fs';
import path from 'node:path';
import { builtHtmlPages, isReviewPage, type BuiltPage } from './built-pages';

export interface PageKind extends BuiltPage {
  /** What the failure messages call it: "review", "product /pd/", ... */
  kind: string;
}

/** The review page with a video (the richest review page), else the first review. */
function pickReview(publicDir: string, pages: BuiltPage[]) {
  const reviews = pages.filter(isReviewPage);
  return (
    reviews.find((p) => fs.readFileSync(path.join(publicDir, p.file), 'utf8').includes('gallery__play')) ?? reviews[0]
  );
}

/**
 * A review page whose product box marks the size its reviewer bought in the size chart (issue 45:
 * the richest product box, a table with aria-current).
 */
function pickMarkedReview(publicDir: string, pages: BuiltPage[]) {
  return pages
    .filter(isReviewPage)
    .find((p) => fs.readFileSync(path.join(publicDir, p.file), 'utf8').includes('<tr class="pd-chart__bought"'));
}

/** A category page with products listed (the one with the most HTML: the fullest page). */
function pickCategory(publicDir: string, pages: BuiltPage[]) {
  const cats = pages.filter((p) => /^category\/[^/]+\/index\.html$/.test(p.file));
  let best: BuiltPage | undefined;
  let bestSize = -1;
  for (const p of cats.slice(0, 60)) {
    const size = fs.statSync(path.join(publicDir, p.file)).size;
    if (size > bestSize) [best, bestSize] = [p, size];
  }
  return best;
}

export function pageKinds(publicDir: string): PageKind[] {
  const pages = builtHtmlPages(publicDir);
  const byFile = (file: string) => pages.find((p) => p.file === file);
  const picks: Array<[string, BuiltPage | undefined]> = [
    ['review', pickReview(publicDir, pages)],
    ['review, size bought marked', pickMarkedReview(publicDir, pages)],
    ['home', byFile('index.html')],
    ['category', pickCategory(publicDir, pages)],
    ['product /pd/', pages.find((p) => /^pd\/[^/]+\/index\.html$/.test(p.file))],
    ['showcase /haul/', byFile('haul/index.html')],
    ['merchants', byFile('merchants/index.html')],
    ['articles', byFile('articles/index.html')],
    ['login', byFile('login/index.html')],
    ['about', byFile('about/index.html')],
    ['404', byFile('404.html')],
  ];
  const missing = picks.filter(([, p]) => !p).map(([k]) => k);
  if (missing.length) throw new Error(`the build has no page of kind: ${missing.join(', ')}`);
  // A page picked twice (the first review may mark a size too) is checked once, by its first kind.
  const unique = picks.filter(([, p], i) => picks.findIndex(([, q]) => q!.file === p!.file) === i);
  return unique.map(([kind, p]) => ({ kind, ...(p as BuiltPage) }));
}
