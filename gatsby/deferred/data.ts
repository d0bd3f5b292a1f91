// What the site server needs, beside a release, to render a deferred review or product hub
// exactly as the build would have (gatsby/renderer/render-child.ts): the build's related lists'
// sources (each product's reviews in feed order, and the feed's head), what each hub counts of
// its reviews, and the templates' page-data shapes. Written into the build's output under
// `_deferred/` (so it is part of the release it belongs to; the site server never serves it,
// server/site/resolve.ts):
//
//   _deferred/meta.json                {version, buckets, relatedLimit, feedHead, shape,
//                                       productShape, otherProducts}
//   _deferred/related/<bucket>.json    {[productId]: RelatedView[]} (feed order)
//   _deferred/related-categories.json  {leaf: {[leafId]: RelatedView[]}, group: {[groupId]: ...}}
//                                       (each category's best relatedLimit + 1, src/review/related.ts;
//                                       absent in older releases: then the product's own only)
//   _deferred/facts/<bucket>.json      {[productId]: [score, hasMedia 0|1, tags][]} (feed order;
//                                       a product is absent when a review's facts are unknown:
//                                       a deferred review from a feed without the extension)
//
// Products are spread over BUCKETS files by a hash of their id, so a rendering reads one small
// file, and a patch build rewrites only the buckets whose products changed. 4,096 of them: at
// 1,000,000 reviews a related bucket is ~75 KB (256 buckets were 1.2 MB each, parsed on a
// deferred page's first hit); a small site writes only the buckets its products fall in.
// The layout (names, version, buckets, meta) is the render protocol's, publish/render-protocol.ts,
// which the render child reads it by.
import fs from 'node:fs';
import path from 'node:path';
import type { RelatedView } from '../../src/review/view';
import type { ReviewPageData } from '../../src/review/page-data';
import { reviewKey } from '../../publish/build-protocol';
import type { FeedFacts } from '../sourcing/feed-facts';
import { factsOfReview, type HubFacts } from '../pages/product';
import { FEED_HEAD, RELATED_LIMIT } from '../sourcing/fetch-reviews';
import { relatedPools } from '../../src/review/related';
import { getCatalogue } from '../../src/catalogue';
import {
  BUCKETS,
  DEFERRED_DIR,
  DEFERRED_VERSION,
  META_FILE,
  RELATED_CATEGORIES_FILE,
  bucketFile,
  bucketOf,
  factsFile,
  type DeferredMeta,
  type FactsRow,
  type RelatedCategories,
  type TemplateShape,
} from '../../publish/render-protocol';

export const toFactsRow = (f: HubFacts): FactsRow => [f.score, f.hasMedia ? 1 : 0, f.tags, f.fit ?? null];
export const fromFactsRow = ([score, media, tags, fit]: FactsRow): HubFacts => ({
  score,
  hasMedia: media === 1,
  tags,
  fit: fit ?? null,
});

/** What `_deferred/` is written from: the build's data (gatsby/build-data.ts). */
export interface DeferredSource {
  /** Published reviews, feed order. */
  feed: readonly RelatedView[];
  pages: readonly ReviewPageData[];
  deferredFacts: readonly FeedFacts[] | null;
  productIds: readonly string[];
}

/** Every file of `_deferred/` for this build's data: relative path -> bytes. */
export function deferredFiles(
  data: DeferredSource,
  shapes: { review: TemplateShape; product: TemplateShape },
): Map<string, string> {
  const { feed } = data;
  // Each review's facts: a built one's from its detail, a deferred one's from its feed item.
  const facts = new Map<string, HubFacts>();
  for (const p of data.pages) facts.set(reviewKey(p.info.productId, p.info.id), factsOfReview(p.info));
  for (const f of data.deferredFacts ?? []) facts.set(reviewKey(f.productId, f.commentId), f);
  const byBucket = new Map<number, Map<string, { related: RelatedView[]; facts: FactsRow[] | null }>>();
  for (const item of feed) {
    const b = bucketOf(item.productId);
    let products = byBucket.get(b);
    if (!products) byBucket.set(b, (products = new Map()));
    let entry = products.get(item.productId);
    if (!entry) products.set(item.productId, (entry = { related: [], facts: [] }));
    entry.related.push(item);
    const f = facts.get(reviewKey(item.productId, item.commentId));
    if (!f) entry.facts = null;
    else entry.facts?.push(toFactsRow(f));
  }
  const inFeed = new Set(feed.map((f) => f.productId));
  const files = new Map<string, string>();
  const meta: DeferredMeta = {
    version: DEFERRED_VERSION,
    buckets: BUCKETS,
    relatedLimit: RELATED_LIMIT,
    feedHead: feed.slice(0, FEED_HEAD),
    shape: shapes.review,
    productShape: shapes.product,
    otherProducts: data.productIds.filter((id) => !inFeed.has(id)),
  };
  files.set(META_FILE, JSON.stringify(meta));
  const pools = relatedPools(feed, getCatalogue(), RELATED_LIMIT);
  const categories: RelatedCategories = {
    leaf: Object.fromEntries(pools.byLeaf),
    group: Object.fromEntries(pools.byGroup),
  };
  files.set(RELATED_CATEGORIES_FILE, JSON.stringify(categories));
  for (const [b, products] of [...byBucket].sort((x, y) => x[0] - y[0])) {
    files.set(bucketFile(b), JSON.stringify(Object.fromEntries([...products].map(([id, e]) => [id, e.related]))));
    const known = [...products].filter(([, e]) => e.facts !== null);
    if (known.length)
      files.set(factsFile(b), JSON.stringify(Object.fromEntries(known.map(([id, e]) => [id, e.facts]))));
  }
  return files;
}

/** A template's shape from one of its built pages' page-data.json in `publicDir`. */
export function pageShape(publicDir: string, pagePath: string): TemplateShape {
  const file = path.join(publicDir, 'page-data', pagePath, 'page-data.json');
  const d = JSON.parse(fs.readFileSync(file, 'utf8')) as TemplateShape;
  const shape: TemplateShape = { componentChunkName: d.componentChunkName, staticQueryHashes: d.staticQueryHashes };
  if (d.slicesMap !== undefined) shape.slicesMap = d.slicesMap;
  return shape;
}

/** Writes `_deferred/` into a build's public/ (gatsby build's onPostBuild), replacing the last one. */
export function writeDeferredData(publicDir: string, files: Map<string, string>): void {
  fs.rmSync(path.join(publicDir, DEFERRED_DIR), { recursive: true, force: true });
  for (const [rel, body] of files) {
    const abs = path.join(publicDir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, body);
  }
}
