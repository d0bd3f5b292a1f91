// Sitemaps for crawlers (issue 11, "Crawler readiness"): /review/sitemap-index.xml and child
// sitemaps of at most 50,000 URLs and 10 MB each, covering every indexable page of every kind,
// with lastmod from the data (a review's postedAt; a listing's newest review; none for the
// static content pages), or when a build last found the page's data changed if later
// (markChanged), and image entries for review pictures.
//
// Written with the `sitemap` package (the engine of gatsby-plugin-sitemap), not the plugin:
// the plugin reads pages from GraphQL, but lastmod and images live in the page context, which
// is deliberately kept out of the schema (SitePage @dontInfer, gatsby/schema-customization.ts);
// and its serialize option runs from gatsby-config, compiled apart from gatsby-node, so it
// cannot see the build data either. Here createPages records each page's entry as it creates
// it (same bundle), and onPostBuild adds Gatsby's file routes (src/pages) and writes the files
// (gatsby/sitemap-post-build.ts, with the streamed writer of gatsby/sitemap-stream.ts).
import path from 'node:path';
import type { SitemapItemLoose } from 'sitemap';
import { num } from '../src/common/coerce';
import { absoluteUrl } from '../src/paths';
import { isoChinaTime } from '../src/review/format';
import { siteConfig } from '../src/site-config';
import type { ReviewView } from '../src/review/view';
import { isThinReview } from '../src/review/quality';
import { videoJsonLd } from '../src/review/structured-data';
import type { PageActions, PageInput } from './pages/types';

export const SITEMAP_INDEX = 'sitemap-index.xml';
export const MAX_BYTES = 10 * 1024 * 1024;
/** Images per URL (Google reads up to 1,000; a review has at most a few). */
const MAX_IMAGES = 20;

/**
 * Pages that must not be indexed (they carry noindex) or are not pages of their own: the 404
 * and 500 pages, sign-in, search, the client-only haul template and product alias, Gatsby's internals.
 */
const EXCLUDED = [
  /^\/404(\/|\.html)?$/,
  /^\/500(\/|\.html)?$/,
  /^\/dev-404-page\/?$/,
  /^\/login\/?$/,
  /^\/haul-detail\/?$/,
  /^\/product\//,
  /^\/offline-plugin-app-shell-fallback\/?$/,
  /^\/review-gone\/?$/,
  // The search page (issue 43): noindex, its results depend on the query.
  /^\/search\/?$/,
];
export const isIndexable = (sitePath: string) => !EXCLUDED.some((r) => r.test(sitePath));

export interface SitemapEntry {
  path: string;
  lastmod: number | null;
  images: string[];
  /** Video entries (issue 21): the review's playable videos, from its VideoObject JSON-LD. */
  videos?: SitemapVideo[];
}

export interface SitemapVideo {
  thumbnail_loc: string;
  content_loc: string;
  title: string;
  description: string;
  duration?: number;
  publication_date?: string;
}

/** The review's videos as sitemap video entries: the same facts as its VideoObject blocks. */
function videoEntries(info: ReviewView): SitemapVideo[] {
  return videoJsonLd(info).map((v) => ({
    thumbnail_loc: String(v.thumbnailUrl),
    content_loc: String(v.contentUrl),
    title: String(v.name).slice(0, 100),
    description: String(v.description).slice(0, 2048),
    ...(typeof v.duration === 'string' ? { duration: Number(/^PT(\d+)S$/.exec(v.duration)?.[1]) } : {}),
    publication_date: String(v.uploadDate),
  }));
}

const recorded = new Map<string, SitemapEntry>();
/** Review pages created by this build (listed or not): the feed walk lists the others (sitemap-stream.ts). */
const builtReviews = new Set<string>();
/** Pages created with noindex by their data: never listed, not even as file routes (issue 22). */
const unlisted = new Set<string>();

/** A page whose data makes it noindex: a thin review (src/review/quality.ts), a listing state marked so. */
export function noindexByData(page: PageInput): boolean {
  const c = page.context as { info?: ReviewView; noindex?: unknown };
  if (c.noindex === true) return true;
  const template = path.basename(page.component, path.extname(page.component));
  return template === 'review' && !!c.info && isThinReview(c.info);
}

type Keyed = { productId?: unknown; commentId?: unknown; id?: unknown; postedAt?: unknown };
const newest = (values: Array<number | null>): number | null =>
  values.reduce<number | null>((m, v) => (v != null && (m == null || v > m) ? v : m), null);

const absoluteMedia = (url: string) => (url.startsWith('/') ? siteConfig.siteUrl.replace(/\/+$/, '') + url : url);
const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** The sitemap entry of a page, from what its template shows (by template name). */
export function entryOf(
  page: PageInput,
  postedAtOf: (productId: string, commentId: string) => number | null,
): SitemapEntry {
  const template = path.basename(page.component, path.extname(page.component));
  const c = page.context as Record<string, unknown>;
  const listed = (items: unknown, idKey: 'commentId' | 'id') =>
    newest(
      (Array.isArray(items) ? (items as Keyed[]) : []).map(
        (it) => num(it.postedAt) ?? postedAtOf(String(it.productId), String(it[idKey])),
      ),
    );
  switch (template) {
    case 'review': {
      const info = c.info as ReviewView;
      const images = info.gallery
        .map((g) => g.full.url)
        .filter((u): u is string => !!u)
        .map(absoluteMedia)
        .filter(isHttp);
      const videos = videoEntries(info);
      return {
        path: page.path,
        lastmod: info.postedAt,
        images: [...new Set(images)].slice(0, MAX_IMAGES),
        ...(videos.length ? { videos } : {}),
      };
    }
    case 'product':
      return { path: page.path, lastmod: listed(c.reviews, 'id'), images: [] };
    case 'category':
      return { path: page.path, lastmod: listed(c.reviews, 'commentId'), images: [] };
    case 'haul':
      return { path: page.path, lastmod: listed(c.items, 'commentId'), images: [] };
    case 'home':
      return { path: page.path, lastmod: listed(c.latest, 'commentId'), images: [] };
    default:
      return { path: page.path, lastmod: null, images: [] };
  }
}

/** Page actions that record each created page's sitemap entry, then create it. */
export function recordingSitemap(
  actions: PageActions,
  postedAtOf: (productId: string, commentId: string) => number | null,
  into: Map<string, SitemapEntry> = recorded,
): PageActions {
  into.clear();
  unlisted.clear();
  builtReviews.clear();
  return {
    createPage(page) {
      if (path.basename(page.component, path.extname(page.component)) === 'review') builtReviews.add(page.path);
      if (!page.matchPath && isIndexable(page.path)) {
        if (noindexByData(page)) unlisted.add(page.path);
        else into.set(page.path, entryOf(page, postedAtOf));
      }
      actions.createPage(page);
    },
  };
}

/**
 * A page's lastmod is also when a build last found its data changed (the manifest's changedAt):
 * an edited review's page, a listing whose reviews changed. The later of the two stands.
 */
export function markChanged(
  changedAt: Iterable<[string, { changedAt: number | null }]>,
  into: Map<string, SitemapEntry> = recorded,
): void {
  for (const [p, { changedAt: at }] of changedAt) {
    const e = into.get(p);
    if (e && at != null && (e.lastmod == null || at > e.lastmod)) e.lastmod = at;
  }
}

export function toItem(e: SitemapEntry): SitemapItemLoose {
  const lastmod = isoChinaTime(e.lastmod);
  return {
    url: absoluteUrl(siteConfig.siteUrl, e.path),
    ...(lastmod ? { lastmod } : {}),
    ...(e.images.length ? { img: e.images.map((url) => ({ url })) } : {}),
    ...(e.videos?.length ? { video: e.videos } : {}),
  };
}

/**
 * A URL's XML size, estimated generously from its text: escaping can only grow it by the entity
 * lengths, counted at 6 bytes per special character (the streamed writer splits children by it,
 * then checks every file on disk: gatsby/sitemap-stream.ts).
 */
export function itemSize(it: SitemapItemLoose): number {
  const text = JSON.stringify(it);
  return 200 + Buffer.byteLength(text) + 6 * (text.match(/[&<>"']/g)?.length ?? 0);
}

/** What createPages recorded, for onPostBuild (gatsby/sitemap-post-build.ts). */
export const recordedPages = () => ({ recorded, unlisted, builtReviews }) as const;
