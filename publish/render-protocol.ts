// The deferred-render protocol (issue 23; one owner since issue 42): what the site server
// (server/site/deferred/render-process.ts) and the render child (gatsby/renderer/render-child.ts)
// say to each other, where the child and Gatsby's renderer are in the workspace, and the
// `_deferred/` layout of a release that the build writes (gatsby/deferred/data.ts) and the child
// reads. server/ and gatsby/ never import each other: both import this module, as the build queue
// and its children share publish/build-protocol.ts. tests/unit/site/render-protocol.test.ts runs
// the real child through the real server side.
import type { RelatedView } from '../src/review/view';

/** The render child's script, relative to the workspace (the site server forks it there). */
export const RENDER_CHILD = 'gatsby/renderer/render-child.ts';
/** The SSR bundle of the last Gatsby build, relative to the workspace (gatsby's ROUTES_DIRECTORY). */
export const RENDERER_FILE = '.cache/page-ssr/routes/render-page.js';

/** One page to render: a review, or a product's hub (`commentId` null). */
export interface RenderJob {
  /** The served release's real path. */
  release: string;
  /** Where the page goes (the kept store of this release). */
  out: string;
  productId: string;
  /** The review's id; null for the product's hub. */
  commentId: string | null;
}
/** The server's message to the child. */
export interface RenderRequest extends RenderJob {
  id: number;
}

/**
 *   ok          the page's HTML and page-data.json are in `out`
 *   missing     no such review (the API answers 404 or no comment), or one the build would skip
 *   stale       the release was built by another renderer than this workspace's (a rollback to a
 *               build of other code): the server falls back to the browser rendering
 *   unavailable the release has no `_deferred/` data of this version (built before issue 23)
 *   error       anything else (the API down...), with a message
 */
export const RENDER_STATUSES = ['ok', 'missing', 'stale', 'unavailable', 'error'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];
export interface RenderAnswer {
  status: RenderStatus;
  message?: string;
}
/**
 * The child's message to the server: the answer to request `id`. Once started, before any
 * request, the child sends `READY_ID` with status ok and its build's compilation hash.
 */
export interface RenderReply extends RenderAnswer {
  id: number;
}
export const READY_ID = 0;

// The `_deferred/` layout of a release.
export const DEFERRED_DIR = '_deferred';
export const DEFERRED_VERSION = 2;
export const META_FILE = `${DEFERRED_DIR}/meta.json`;
export const BUCKETS = 4096;
/** The related lists' category tiers (src/review/related.ts relatedPools), as written. */
export const RELATED_CATEGORIES_FILE = `${DEFERRED_DIR}/related-categories.json`;

/** `_deferred/related-categories.json`. */
export interface RelatedCategories {
  leaf: Record<string, RelatedView[]>;
  group: Record<string, RelatedView[]>;
}

/** What a template's page-data.json has besides the page's own path and result. */
export interface TemplateShape {
  componentChunkName: string;
  staticQueryHashes: string[];
  slicesMap?: unknown;
}

/** `_deferred/meta.json`. */
export interface DeferredMeta {
  version: typeof DEFERRED_VERSION;
  buckets: number;
  relatedLimit: number;
  feedHead: RelatedView[];
  /** The review template's page-data shape. */
  shape: TemplateShape;
  /** The product template's (a hub). */
  productShape: TemplateShape;
  /** Products with a hub but no review in the feed (their reviews were skipped): other pages link them. */
  otherProducts: string[];
}

/**
 * What a hub counts of one review, compact: [score, hasMedia 0|1, tags, fit] (fit: issue 45,
 * src/listing/fit.ts `Fit`; absent in a release built before it).
 */
export type FactsRow = [number | null, 0 | 1, string[], ('large' | 'true' | 'small' | null)?];

/** FNV-1a of the product id, modulo `buckets`. */
export function bucketOf(productId: string, buckets = BUCKETS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < productId.length; i++) h = Math.imul(h ^ productId.charCodeAt(i), 0x01000193) >>> 0;
  return h % buckets;
}

/** Each product's reviews in feed order, by bucket of product id. */
export const bucketFile = (bucket: number) => `${DEFERRED_DIR}/related/${String(bucket).padStart(4, '0')}.json`;
/** Each product's reviews' facts (FactsRow), by bucket of product id. */
export const factsFile = (bucket: number) => `${DEFERRED_DIR}/facts/${String(bucket).padStart(4, '0')}.json`;
