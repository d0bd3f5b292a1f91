// Renders deferred reviews for the site server (issue 23): a child process the site server starts
// (server/site/deferred/render-process.ts) in the Gatsby workspace, so the CPU work of React's
// rendering never runs on the server's event loop, and Gatsby's renderer finds its .cache/ and
// public/ from the working directory (gatsby/patch/render.ts).
//
// A review is rendered with what a built page is made of: its page data from the API's detail
// and similar-products calls as the build sources them (gatsby/sourcing/fetch-reviews.ts), its
// related list from the release's `_deferred/` data (gatsby/deferred/data.ts), the review page
// creator (gatsby/pages/review.ts), Gatsby's page-data bytes and the last Gatsby build's SSR
// bundle (gatsby/patch/render.ts): the same bytes as `gatsby build` writes for it
// (tests/integration/site/deferred-reviews.test.ts).
//
// Messages (process.send): in `RenderRequest`, out `RenderAnswer`.
//   ok          the page's HTML and page-data.json are in `out`
//   missing     no such review (the API answers 404 or no comment), or one the build would skip
//   stale       the release was built by another renderer than this workspace's (a rollback to a
//               build of other code): the server falls back to the browser rendering
//   unavailable the release has no `_deferred/` data (built before issue 23)
//   error       anything else (the API down...), with a message
import fs from 'node:fs';
import path from 'node:path';
import { createStorefrontClient } from '../../src/storefront/client';
import { toReviewView, toSimilarViews, type RelatedView, type SimilarView } from '../../src/review/view';
import type { ReviewPageData } from '../../src/review/page-data';
import { reviewSourceApi } from '../sourcing/review-source-api';
import { isNotFound } from '../sourcing/errors';
import { relatedListOf } from '../sourcing/fetch-reviews';
import { createReviewPage } from '../pages/review';
import { templatePath } from '../pages/all';
import type { PageInput } from '../pages/types';
import { pageResultJson } from '../patch/manifest';
import { openRenderer, pageDataFile, pageDataString, type PageRenderer } from '../patch/render';
import { META_FILE, bucketFile, bucketOf, type DeferredMeta } from './data';

export interface RenderRequest {
  id: number;
  /** The served release's real path. */
  release: string;
  /** Where the page goes (the kept store of this release). */
  out: string;
  productId: string;
  commentId: string;
}
export interface RenderAnswer {
  id: number;
  status: 'ok' | 'missing' | 'stale' | 'unavailable' | 'error';
  message?: string;
}

const root = process.cwd();
const compilationHash = (dir: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(dir, 'page-data', 'app-data.json'), 'utf8')) as {
      webpackCompilationHash: string;
    }
  ).webpackCompilationHash;
// The renderer's own build: the workspace's public/ when this process started.
const ownHash = compilationHash(path.join(root, 'public'));

const client = createStorefrontClient({
  mode: 'build',
  baseURL: process.env.STOREFRONT_API_URL,
  retries: 1,
  timeoutMs: 5000,
});
const api = reviewSourceApi(client);

let renderer: { out: string; r: Promise<PageRenderer> } | null = null;
function rendererFor(out: string) {
  if (renderer?.out !== out) {
    const old = renderer;
    if (old)
      void old.r.then(
        (r) => r.close(),
        () => {},
      );
    renderer = { out, r: openRenderer(root, out) };
  }
  return renderer.r;
}

const releases = new Map<string, { hash: string; meta: DeferredMeta | null }>();
function releaseInfo(release: string) {
  // Keyed by the build too: a rebuild in place (a served public/) is another release.
  const st = fs.statSync(path.join(release, 'page-data', 'app-data.json'));
  const key = `${release}\n${st.ino}:${st.mtimeMs}:${st.size}`;
  let info = releases.get(key);
  if (!info) {
    const metaFile = path.join(release, META_FILE);
    info = {
      hash: compilationHash(release),
      meta: fs.existsSync(metaFile) ? (JSON.parse(fs.readFileSync(metaFile, 'utf8')) as DeferredMeta) : null,
    };
    if (releases.size > 16) releases.clear();
    releases.set(key, info);
  }
  return info;
}

function relatedOf(release: string, meta: DeferredMeta, productId: string, commentId: string): RelatedView[] {
  const file = path.join(release, bucketFile(bucketOf(productId, meta.buckets)));
  const bucket = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RelatedView[]>)
    : {};
  const ofProduct = Object.hasOwn(bucket, productId) ? bucket[productId] : [];
  return relatedListOf(commentId, ofProduct, meta.feedHead, meta.relatedLimit);
}

async function render(req: RenderRequest): Promise<RenderAnswer> {
  const { id, release, out, productId, commentId } = req;
  const info = releaseInfo(release);
  if (!info.meta) return { id, status: 'unavailable', message: 'the release has no _deferred/ data' };
  if (info.hash !== ownHash) return { id, status: 'stale', message: `release ${info.hash}, renderer ${ownHash}` };
  let detail;
  try {
    detail = await api.reviewDetail(productId, commentId);
  } catch (e) {
    if (isNotFound(e)) return { id, status: 'missing' };
    throw e;
  }
  if (!detail) return { id, status: 'missing' };
  const view = toReviewView(detail, productId);
  if (!view.ok) return { id, status: 'missing', message: view.reason };
  const info2 = view.review;
  let similarProducts: SimilarView[];
  try {
    similarProducts = toSimilarViews(await api.similarProducts(info2.productId), info2.productId);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    similarProducts = [];
  }
  // The same keys in the same order as the build's page data (fetchReviews).
  const data: ReviewPageData = {
    productId: info2.productId,
    commentId: info2.id,
    info: info2,
    relateList: relatedOf(release, info.meta, info2.productId, info2.id),
    similarProducts,
  };
  let page: PageInput | null = null;
  // Every related review in `_deferred/` has a page, built or deferred.
  createReviewPage({ createPage: (p) => (page = p) }, templatePath, data, () => true);
  const p = page as unknown as PageInput;
  const json = pageDataString(info.meta.shape, p.path, pageResultJson(p.context), null);
  const r = await rendererFor(out);
  const file = path.join(out, pageDataFile(p.path));
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, json);
  await r.render(p.path, json);
  return { id, status: 'ok' };
}

process.on('message', (req: RenderRequest) => {
  render(req).then(
    (a) => process.send!(a),
    (e: unknown) => process.send!({ id: req.id, status: 'error', message: (e as Error)?.message ?? String(e) }),
  );
});
process.send!({ id: 0, status: 'ok', message: ownHash } satisfies RenderAnswer);
