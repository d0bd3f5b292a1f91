// What the site server needs, beside a release, to render a deferred review exactly as the build
// would have (gatsby/deferred/render-child.ts): the build's related lists' sources (each
// product's reviews in feed order, and the feed's head) and the review template's page-data
// shape. Written into the build's output under `_deferred/` (so it is part of the release it
// belongs to; the site server never serves it, server/site/resolve.ts):
//
//   _deferred/meta.json                {version, buckets, relatedLimit, feedHead, shape}
//   _deferred/related/<bucket>.json    {[productId]: RelatedView[]} (feed order)
//
// Products are spread over BUCKETS files by a hash of their id, so a rendering reads one small
// file, and a patch build rewrites only the buckets whose products changed.
import fs from 'node:fs';
import path from 'node:path';
import type { RelatedView } from '../../src/review/view';
import { FEED_HEAD, RELATED_LIMIT } from '../sourcing/fetch-reviews';
import type { TemplateShape } from '../patch/render';

export const DEFERRED_DIR = '_deferred';
export const META_FILE = `${DEFERRED_DIR}/meta.json`;
export const BUCKETS = 256;

export interface DeferredMeta {
  version: 1;
  buckets: number;
  relatedLimit: number;
  feedHead: RelatedView[];
  shape: TemplateShape;
}

/** FNV-1a of the product id, modulo `buckets`. */
export function bucketOf(productId: string, buckets = BUCKETS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < productId.length; i++) h = Math.imul(h ^ productId.charCodeAt(i), 0x01000193) >>> 0;
  return h % buckets;
}

export const bucketFile = (bucket: number) => `${DEFERRED_DIR}/related/${String(bucket).padStart(3, '0')}.json`;

/** Every file of `_deferred/` for this feed (published reviews, feed order): relative path -> bytes. */
export function deferredFiles(feed: readonly RelatedView[], shape: TemplateShape): Map<string, string> {
  const byBucket = new Map<number, Map<string, RelatedView[]>>();
  for (const item of feed) {
    const b = bucketOf(item.productId);
    let products = byBucket.get(b);
    if (!products) byBucket.set(b, (products = new Map()));
    const list = products.get(item.productId);
    if (list) list.push(item);
    else products.set(item.productId, [item]);
  }
  const files = new Map<string, string>();
  const meta: DeferredMeta = {
    version: 1,
    buckets: BUCKETS,
    relatedLimit: RELATED_LIMIT,
    feedHead: feed.slice(0, FEED_HEAD),
    shape,
  };
  files.set(META_FILE, JSON.stringify(meta));
  for (const [b, products] of [...byBucket].sort((x, y) => x[0] - y[0]))
    files.set(bucketFile(b), JSON.stringify(Object.fromEntries(products)));
  return files;
}

/** The review template's shape from one built review's page-data.json in `publicDir`. */
export function reviewShape(publicDir: string, reviewPagePath: string): TemplateShape {
  const file = path.join(publicDir, 'page-data', reviewPagePath, 'page-data.json');
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
