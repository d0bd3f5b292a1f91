// Sitemaps of every review, built ahead or deferred (issue 23): the review URLs come from the
// feed (every published review, newest first), not from the pages Gatsby created, so a review
// the bounded build left to the site server is listed too. A build lists the feed it sourced
// (sourcedFeed: held for its listings and `_deferred/` anyway; a second walk of the API, as it
// did until 2026-11-26, cost 160 s at 1,000,000 reviews). Nothing holds the entries: each page's
// entries go straight into the open child sitemap (a SitemapStream piped to its file), which is
// closed at 50,000 URLs (or 10 MB) and the next one opened.
//
// The rules of gatsby/sitemap.ts hold: a built review keeps the entry its page recorded
// (lastmod, changedAt, pictures, videos); a built review left out by its data (thin, noindex)
// stays out; a deferred review is listed from its feed item: left out when thin by the same rule
// (isThinFeedItem: no text of its own and no picture or video cover), lastmod from the item's
// `postedAt` when the API gives a plausible one (the reference server's extension; none
// otherwise, and none for a bad or absurd date: feedLastmod), its
// picture from the item's image. Its video entries and other pictures need its detail: they
// come once the review is built (docs/seo.md "Sitemaps").
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { Readable } from 'node:stream';
import type { RelatedView } from '../src/review/view';
import { isThinFeedItem } from '../src/review/quality';
import { num } from '../src/common/coerce';
import { productPath, reviewPath, withPrefix } from '../src/paths';
import { siteConfig } from '../src/site-config';
import { reviewKey } from '../publish/build-protocol';
import { MAX_BYTES, SITEMAP_INDEX, itemSize, toItem, type SitemapEntry } from './sitemap';
import { isoChinaTime } from '../src/review/format';

export const MAX_URLS = 50_000;
export const FEED_PAGE_SIZE = 500;

/** The earliest lastmod taken from a feed item: before it, a date is a unit or data error. */
export const EARLIEST_LASTMOD = Date.UTC(2000, 0, 1);
/** How far ahead of the build's clock a lastmod may be (clock skew between API and build). */
const LASTMOD_SKEW_MS = 24 * 3_600_000;

/**
 * A feed item's `postedAt` (optional extension) as a lastmod: whole epoch milliseconds from
 * 2000 to a day after `now`, else none. A string, seconds instead of milliseconds, a date in the
 * future or far past would tell crawlers something false: the entry goes without a lastmod.
 */
export function feedLastmod(postedAt: unknown, now: number): number | null {
  const ms = num(postedAt);
  if (ms == null || !Number.isInteger(ms) || ms < EARLIEST_LASTMOD || ms > now + LASTMOD_SKEW_MS) return null;
  return ms;
}

export interface ReviewListing {
  /** Built review pages' entries (recorded by createPages), by path. */
  built: ReadonlyMap<string, SitemapEntry>;
  /** Built review pages left out by their data (thin, noindex). */
  unlisted: ReadonlySet<string>;
  /** Reviews never listed (taken down): their reviewKey. */
  exclude: ReadonlySet<string>;
  /**
   * Products whose hub the bounded build deferred (rendered on request): each listed once, where
   * the feed first names one of its reviews (its newest: lastmod from that review's postedAt).
   */
  deferredHubs?: ReadonlySet<string>;
}

/** A review of the feed: its item as toRelatedViews keeps it, and the item's `postedAt`. */
export interface FeedEntry {
  item: RelatedView;
  /** Epoch ms as the build kept it (NaN: none); feedLastmod decides whether it is a lastmod. */
  postedAt: number;
}

/**
 * The feed a build sourced (SourcedReviews `feed` and `postedAt`, gatsby/sourcing/fetch-reviews.ts)
 * as entries, FEED_PAGE_SIZE at a time: the sitemaps of a build list what it read, with no
 * second walk of the API (issue 23: 160 s of a 1,000,000-review build).
 */
export function* sourcedFeed(feed: readonly RelatedView[], postedAt: ArrayLike<number>): Generator<FeedEntry[]> {
  for (let i = 0; i < feed.length; i += FEED_PAGE_SIZE) {
    const page: FeedEntry[] = [];
    for (let j = i; j < Math.min(feed.length, i + FEED_PAGE_SIZE); j++)
      page.push({ item: feed[j], postedAt: postedAt[j] });
    yield page;
  }
}

/**
 * Every review's entry: the feed's in its order, then built reviews the feed does not list (none
 * when the feed is the one the build sourced: a guard, so a built page is never left out).
 */
export async function* listedReviews(
  feed: AsyncIterable<FeedEntry[]> | Iterable<FeedEntry[]>,
  { built, unlisted, exclude, deferredHubs }: ReviewListing,
  now = Date.now(),
): AsyncGenerator<SitemapEntry> {
  const seenBuilt = new Set<string>();
  // Hubs listed so far: at most one id per product of the feed.
  const seenHubs = new Set<string>();
  for await (const entries of feed) {
    for (const { item, postedAt } of entries) {
      const p = reviewPath(item.productId, item.commentId);
      if (exclude.has(reviewKey(item.productId, item.commentId)) || unlisted.has(p)) {
        seenBuilt.add(p); // never listed, not even as a built page the feed missed
        continue;
      }
      if (deferredHubs?.has(item.productId) && !seenHubs.has(item.productId)) {
        seenHubs.add(item.productId);
        const hub = productPath(item.productId);
        if (!unlisted.has(hub)) yield { path: hub, lastmod: feedLastmod(postedAt, now), images: [] };
      }
      const entry = built.get(p);
      if (entry) {
        if (seenBuilt.has(p)) continue;
        seenBuilt.add(p);
        yield entry;
        continue;
      }
      if (isThinFeedItem(item)) continue;
      const image = item.image && /^https?:\/\//i.test(item.image) ? [item.image] : [];
      yield { path: p, lastmod: feedLastmod(postedAt, now), images: image };
    }
  }
  for (const [p, entry] of built) if (!seenBuilt.has(p)) yield entry;
}

/** One child sitemap being written: a SitemapStream into its file. */
class Child {
  readonly stream = new SitemapStream({ xmlns: { image: true, news: false, video: true, xhtml: false } });
  readonly out: fs.WriteStream;
  urls = 0;
  bytes = 512; // the urlset element and XML declaration
  constructor(
    readonly file: string,
    readonly name: string,
  ) {
    this.out = fs.createWriteStream(file);
    this.stream.pipe(this.out);
  }
}

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/**
 * Writes child sitemaps from entries as they come (`pages` first, then `reviews`), each child
 * closed at `maxUrls` URLs or `maxBytes` bytes (estimated per URL by itemSize, then
 * checked on disk), and the index. Old children are removed first. Returns the counts.
 */
export async function writeSitemapsStreamed(
  dir: string,
  sources: { pages: Iterable<SitemapEntry>; reviews: AsyncIterable<SitemapEntry> },
  limits: SitemapLimits = { maxUrls: MAX_URLS, maxBytes: MAX_BYTES },
  onChildWritten?: (name: string) => void,
): Promise<{ urls: number; files: number; reviews: number }> {
  for (const old of fs.readdirSync(dir).filter((f) => /^sitemap-\d+\.xml$/.test(f))) fs.rmSync(path.join(dir, old));
  const children: string[] = [];
  // Each child's newest lastmod: the index's lastmod of it (issue 44).
  const childLastmod: Array<number | null> = [];
  let child: Child | null = null;
  let urls = 0;
  let reviews = 0;
  const close = async (c: Child) => {
    c.stream.end();
    await finished(c.out);
    const size = fs.statSync(c.file).size;
    if (size > limits.maxBytes) throw new Error(`${c.name} is ${size} bytes, over the ${limits.maxBytes}-byte limit`);
    onChildWritten?.(c.name);
  };
  const add = async (e: SitemapEntry) => {
    const item = toItem(e);
    const size = itemSize(item);
    if (child && (child.urls >= limits.maxUrls || child.bytes + size > limits.maxBytes)) {
      await close(child);
      child = null;
    }
    if (!child) {
      const name = `sitemap-${children.length}.xml`;
      child = new Child(path.join(dir, name), name);
      children.push(name);
      childLastmod.push(null);
    }
    const newest = childLastmod[children.length - 1];
    if (e.lastmod != null && (newest == null || e.lastmod > newest)) childLastmod[children.length - 1] = e.lastmod;
    child.urls++;
    child.bytes += size;
    urls++;
    // Back-pressure: the feed is read no faster than the file is written.
    if (!child.stream.write(item)) await once(child.stream, 'drain');
  };
  try {
    for (const e of sources.pages) await add(e);
    for await (const e of sources.reviews) {
      await add(e);
      reviews++;
    }
    if (child) await close(child);
  } catch (e) {
    const open = child as Child | null;
    open?.stream.destroy();
    open?.out.destroy();
    throw e;
  }
  const indexXml = await streamToPromise(
    Readable.from(
      children.map((name, i) => {
        const lastmod = isoChinaTime(childLastmod[i]);
        return {
          url: siteConfig.siteUrl.replace(/\/+$/, '') + withPrefix(`/${name}`),
          ...(lastmod ? { lastmod } : {}),
        };
      }),
    ).pipe(new SitemapIndexStream()),
  );
  fs.writeFileSync(path.join(dir, SITEMAP_INDEX), indexXml);
  return { urls, files: children.length, reviews };
}
