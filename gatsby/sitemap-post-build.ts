// onPostBuild's sitemap step: every page this build created (gatsby/sitemap.ts recorded them),
// Gatsby's file routes, and every review of the API's feed, built or deferred
// (gatsby/sitemap-stream.ts), streamed into the child sitemaps.
import path from 'node:path';
import type { BuildArgs } from 'gatsby';
import { SITEMAP_INDEX, isIndexable, recordedPages, type SitemapEntry } from './sitemap';
import { feedPages, reviewEntries, writeSitemapsStreamed } from './sitemap-stream';
import { createStorefrontClient } from '../src/storefront/client';
import { reviewSourceApi } from './sourcing/review-source-api';
import { readBuildInput } from './sourcing/incremental';
import { startEmbeddedServer, stopEmbeddedServer } from './embedded-server';
import { refKey, reviewKey } from '../publish/build-protocol';
import { getBuildData } from './build-data';

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
  // Review URLs from the API's feed (sitemap-stream.ts): deferred reviews too. Every other
  // page from what this build created, sorted by path as before.
  const pages = [...entries.values()]
    .filter((e) => !builtReviews.has(e.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const built = new Map([...recorded].filter(([p]) => builtReviews.has(p)));
  const { urls, files, reviews } = await writeReviewSitemaps(path.resolve('public'), pages, built, reporter);
  // The bench reads this line (bench/build.ts): the step's time and what it added to the process.
  const grewMB = Math.max(0, Math.round((process.memoryUsage().rss - rss0) / 2 ** 20));
  reporter.info(
    `sitemaps: ${urls} URLs (${reviews} reviews from the feed) in ${files} file(s) + ${SITEMAP_INDEX} (${Date.now() - started} ms, +${grewMB} MB RSS)`,
  );
  return fileRoutes;
}

/**
 * The feed walk for onPostBuild: the build's API (STOREFRONT_API_URL), or the embedded server
 * started again (createPages stopped it). If the feed cannot be read, the sitemaps list the
 * built reviews only, with a warning: the build's pages are not lost for a sitemap.
 */
async function writeReviewSitemaps(
  dir: string,
  pages: SitemapEntry[],
  built: Map<string, SitemapEntry>,
  reporter: Pick<BuildArgs['reporter'], 'warn'>,
) {
  const embedded = !process.env.STOREFRONT_API_URL;
  // Never listed: taken-down reviews, and those this build skipped as malformed (no page, and
  // the site server answers 404 for them).
  const exclude = new Set(readBuildInput().exclude.map(refKey));
  for (const s of getBuildData().skipped)
    if (s.productId && s.commentId) exclude.add(reviewKey(s.productId, s.commentId));
  const listing = { built, unlisted: recordedPages().unlisted, exclude };
  try {
    const apiUrl = process.env.STOREFRONT_API_URL || (await startEmbeddedServer(path.resolve('.')));
    const client = createStorefrontClient({ mode: 'build', baseURL: apiUrl });
    return await writeSitemapsStreamed(dir, {
      pages,
      reviews: reviewEntries(feedPages(reviewSourceApi(client)), listing),
    });
  } catch (e) {
    reporter.warn(
      `sitemaps: the review feed could not be read (${(e as Error).message}); listing the built reviews only`,
    );
    return writeSitemapsStreamed(dir, { pages, reviews: reviewEntries([], listing) });
  } finally {
    if (embedded) stopEmbeddedServer();
  }
}
