// onPostBuild's sitemap step: every page this build created (gatsby/sitemap.ts recorded them),
// Gatsby's file routes, and every review of the feed the build sourced, built or deferred
// (gatsby/sitemap-stream.ts), streamed into the child sitemaps.
import path from 'node:path';
import type { BuildArgs } from 'gatsby';
import { SITEMAP_INDEX, isIndexable, recordedPages, type SitemapEntry } from './sitemap';
import { listedReviews, sourcedFeed, writeSitemapsStreamed } from './sitemap-stream';
import { readBuildInput } from './sourcing/incremental';
import type { SourcedReviews } from './sourcing/fetch-reviews';
import { refKey, reviewKey } from '../publish/build-protocol';
import { getBuildData } from './build-data';
import { deferredHubIds } from './pages/build-index';

/**
 * onPostBuild's sitemap step (gatsby/on-post-build.ts): the recorded pages plus Gatsby's file
 * routes (src/pages), indexable ones only. Returns the file routes it added (the patch build
 * needs them: it sees only the pages of createPages).
 */
export async function writeSitemapsOnPostBuild({
  getNodesByType,
  reporter,
}: Pick<BuildArgs, 'getNodesByType' | 'reporter'>): Promise<SitemapEntry[]> {
  const started = Date.now();
  const rss0 = process.memoryUsage().rss;
  const { recorded, unlisted, builtReviews } = recordedPages();
  const entries = new Map(recorded);
  const fileRoutes: SitemapEntry[] = [];
  for (const node of getNodesByType('SitePage')) {
    const p = (node as unknown as { path: string; matchPath?: string }).path;
    if (!entries.has(p) && !unlisted.has(p) && !(node as { matchPath?: string }).matchPath && isIndexable(p)) {
      const entry = { path: p, lastmod: null, images: [] };
      entries.set(p, entry);
      fileRoutes.push(entry);
    }
  }
  // Review URLs from the feed the build sourced (sitemap-stream.ts): deferred reviews too.
  // Every other page from what this build created, sorted by path as before.
  const { urls, files, reviews } = await writeSitemapsWithFeed(path.resolve('public'), [...entries.values()], {
    builtReviews,
    feed: getBuildData(),
  });
  // The bench reads this line (bench/build.ts): the step's time and what it added to the process.
  const grewMB = Math.max(0, Math.round((process.memoryUsage().rss - rss0) / 2 ** 20));
  reporter.info(
    `sitemaps: ${urls} URLs (${reviews} reviews from the feed) in ${files} file(s) + ${SITEMAP_INDEX} (${Date.now() - started} ms, +${grewMB} MB RSS)`,
  );
  return fileRoutes;
}

/**
 * The sitemaps of a build, `gatsby build`'s (onPostBuild) and the patch build's alike, so both
 * write the same bytes: `entries` (every recorded page and file route) with the built review
 * pages among them in the feed's order, and every other review of the feed the build sourced
 * (deferred ones too). The feed is the one sourcing read, held in memory (`feed`, `postedAt` of
 * SourcedReviews), not walked from the API a second time: the sitemaps list what the build and
 * its `_deferred/` know, and a 1,000,000-review build saves the walk (docs/benchmarks.md).
 */
export async function writeSitemapsWithFeed(
  dir: string,
  entries: SitemapEntry[],
  opts: {
    builtReviews: ReadonlySet<string>;
    /**
     * What the build sourced: the feed (published reviews, feed order) with each one's postedAt
     * (NaN: none), and the products whose hub it deferred (listed from the feed like deferred reviews).
     */
    feed: Pick<SourcedReviews, 'feed' | 'postedAt' | 'skipped' | 'productIds' | 'hubIds'>;
  },
) {
  const pages = entries
    .filter((e) => !opts.builtReviews.has(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const built = new Map(entries.filter((e) => opts.builtReviews.has(e.path)).map((e) => [e.path, e] as const));
  // Never listed: taken-down reviews, and those this build skipped as malformed (no page, and
  // the site server answers 404 for them). The sourced feed has neither; kept as a guard.
  const exclude = new Set(readBuildInput().exclude.map(refKey));
  for (const s of opts.feed.skipped) if (s.productId && s.commentId) exclude.add(reviewKey(s.productId, s.commentId));
  const listing = { built, unlisted: recordedPages().unlisted, exclude, deferredHubs: deferredHubIds(opts.feed) };
  return writeSitemapsStreamed(dir, {
    pages,
    reviews: listedReviews(sourcedFeed(opts.feed.feed, opts.feed.postedAt), listing),
  });
}
