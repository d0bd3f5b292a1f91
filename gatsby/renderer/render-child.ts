// Renders deferred reviews and product hubs for the site server (issue 23): a child process the
// site server starts (server/site/deferred/render-process.ts) in the Gatsby workspace, so the
// CPU work of React's rendering never runs on the server's event loop, and Gatsby's renderer
// finds its .cache/ and public/ from the working directory (./render.ts).
//
// A review is rendered with what a built page is made of: its page data from the API's detail
// and similar-products calls as the build sources them (gatsby/sourcing/fetch-reviews.ts), its
// product box's facts from the product and facts calls (gatsby/sourcing/product-facts.ts) and
// the fit its product's reviews state (`_deferred/facts/`), its related list from the release's
// `_deferred/` data (gatsby/deferred/data.ts), the review page creator (gatsby/pages/review.ts),
// Gatsby's page-data bytes and the last Gatsby build's SSR bundle (./render.ts): the same bytes
// as `gatsby build` writes for it (tests/integration/site/deferred-reviews.test.ts).
//
// A product hub the bounded build deferred (beyond SITE_STATIC_HUBS, gatsby/sourcing/static-set.ts
// chooseHubs) is rendered as a build of every review would have made it:
// the product call, the details of its first reviews (feed order, from `_deferred/related/`), its
// similar products, and what it counts of every review from `_deferred/facts/`, through the
// build's own context (gatsby/pages/product.ts productPageContext).
//
// Messages (process.send): in `RenderRequest`, out `RenderReply`, as publish/render-protocol.ts
// defines them with the statuses.
import fs from 'node:fs';
import path from 'node:path';
import { createStorefrontClient } from '../../src/storefront/client';
import {
  toReviewView,
  toSimilarViews,
  type RelatedView,
  type ReviewView,
  type SimilarView,
} from '../../src/review/view';
import { getCatalogue } from '../../src/catalogue';
import { productPath } from '../../src/paths';
import { extrasSourceApi } from '../sourcing/extras-api';
import { factsSource } from '../sourcing/product-facts';
import { PRODUCT_REVIEWS_STATIC, factsOfReview, productPageContext, type HubFacts } from '../pages/product';
import { productFactsView, reviewFacts } from '../pages/facts';
import type { ProductView } from '../../src/listing/types';
import type { ReviewPageData } from '../../src/review/page-data';
import { reviewSourceApi } from '../sourcing/review-source-api';
import { isNotFound } from '../sourcing/errors';
import { builtReplies, relatedListOf } from '../sourcing/fetch-reviews';
import { tiersOf } from '../../src/review/related';
import { createReviewPage } from '../pages/review';
import { templatePath } from '../pages/all';
import type { PageInput } from '../pages/types';
import { openRenderer, pageDataFile, pageDataString, pageResultJson, type PageRenderer } from './render';
import { fromFactsRow } from '../deferred/data';
import {
  DEFERRED_VERSION,
  META_FILE,
  RELATED_CATEGORIES_FILE,
  READY_ID,
  bucketFile,
  bucketOf,
  factsFile,
  type DeferredMeta,
  type FactsRow,
  type RelatedCategories,
  type RenderReply,
  type RenderRequest,
} from '../../publish/render-protocol';
import { srcSetOf } from '../../src/common/media-variants';

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
const extras = extrasSourceApi(client);

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

/**
 * The parsed bucket files of the served release, most recently used last (~75 KB of JSON each
 * at 1,000,000 reviews): a hot product's are parsed once, not on every rendering.
 */
const buckets = new Map<string, Record<string, unknown>>();
const BUCKETS_KEPT = 256;

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
    // Another release, or the same path rebuilt in place: its buckets are read anew.
    buckets.clear();
    categoryPools.clear();
  }
  return info;
}

function bucketJson<T>(release: string, rel: string): Record<string, T> {
  const file = path.join(release, rel);
  let b = buckets.get(file);
  if (b) buckets.delete(file);
  else b = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  buckets.set(file, b);
  if (buckets.size > BUCKETS_KEPT) buckets.delete(buckets.keys().next().value as string);
  return b as Record<string, T>;
}
const productEntry = <T>(release: string, rel: string, productId: string): T | undefined => {
  const b = bucketJson<T>(release, rel);
  return Object.hasOwn(b, productId) ? b[productId] : undefined;
};

/** A product's published reviews (feed order), or undefined when the feed lists none of it. */
const reviewsOfProduct = (release: string, meta: DeferredMeta, productId: string) =>
  productEntry<RelatedView[]>(release, bucketFile(bucketOf(productId, meta.buckets)), productId);

/** The release's category tiers of related lists, read once per release (none in an older one). */
const categoryPools = new Map<string, { byLeaf: Map<string, RelatedView[]>; byGroup: Map<string, RelatedView[]> }>();
function relatedCategories(release: string) {
  let pools = categoryPools.get(release);
  if (!pools) {
    const file = path.join(release, RELATED_CATEGORIES_FILE);
    const c: RelatedCategories = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RelatedCategories)
      : { leaf: {}, group: {} };
    pools = { byLeaf: new Map(Object.entries(c.leaf)), byGroup: new Map(Object.entries(c.group)) };
    if (categoryPools.size > 4) categoryPools.clear();
    categoryPools.set(release, pools);
  }
  return pools;
}

/** The build's rule over the build's data (src/review/related.ts), as fetchReviews applies it. */
function relatedOf(release: string, meta: DeferredMeta, productId: string, commentId: string): RelatedView[] {
  const product = reviewsOfProduct(release, meta, productId) ?? [];
  const tiers = tiersOf(relatedCategories(release), getCatalogue(), product, meta.feedHead);
  return relatedListOf(commentId, tiers, meta.relatedLimit);
}

/** Whether the build made (or deferred) a hub for the product. */
const hasHub = (release: string, meta: DeferredMeta, productId: string) =>
  reviewsOfProduct(release, meta, productId) !== undefined || meta.otherProducts.includes(productId);

/** A review's view as the build sources it, or null when the build would skip it. */
async function reviewView(productId: string, commentId: string): Promise<ReviewView | null> {
  let detail;
  try {
    detail = await api.reviewDetail(productId, commentId);
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
  if (!detail) return null;
  const view = toReviewView(detail, productId, { srcSetOf });
  return view.ok ? view.review : null;
}

async function similarOf(productId: string): Promise<SimilarView[]> {
  try {
    return toSimilarViews(await api.similarProducts(productId), productId);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    return [];
  }
}

/** The page data's bytes and the page: written into `out`, then rendered there. */
async function writeAndRender(out: string, shape: DeferredMeta['shape'], p: PageInput) {
  const json = pageDataString(shape, p.path, pageResultJson(p.context), null);
  const r = await rendererFor(out);
  const file = path.join(out, pageDataFile(p.path));
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, json);
  await r.render(p.path, json);
}

/**
 * The product with its facts (issue 45), as the build sources it (gatsby/sourcing/product-facts.ts),
 * or undefined when the product call does not answer: an optional endpoint (contract), the pages
 * fall back to what the reviews tell, as the build's do. A fresh source: nothing kept between
 * renders, so a page rendered later shows the API's facts of then, as a build then would.
 */
async function productOf(productId: string): Promise<ProductView | undefined> {
  try {
    return (await factsSource(extras).productView(productId, await extras.product(productId))) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the build counted of each of a product's reviews (`_deferred/facts/`), or undefined when
 * it did not know them all (a feed without the extension).
 */
const factsRows = (release: string, meta: DeferredMeta, productId: string): HubFacts[] | undefined =>
  productEntry<FactsRow[]>(release, factsFile(bucketOf(productId, meta.buckets)), productId)?.map(fromFactsRow);

/** A product hub the bounded build deferred: as a build of all its reviews makes it. */
async function renderProduct(id: number, release: string, out: string, meta: DeferredMeta, productId: string) {
  if (!hasHub(release, meta, productId)) return { id, status: 'missing' } satisfies RenderReply;
  const listed = reviewsOfProduct(release, meta, productId) ?? [];
  // Its first reviews that have a page (the build skips a review whose detail fails): in feed order.
  const reviews: ReviewView[] = [];
  for (let i = 0; i < listed.length && reviews.length < PRODUCT_REVIEWS_STATIC;) {
    const batch = listed.slice(i, i + PRODUCT_REVIEWS_STATIC - reviews.length);
    i += batch.length;
    for (const v of await Promise.all(batch.map((r) => reviewView(r.productId, r.commentId)))) if (v) reviews.push(v);
  }
  const product = await productOf(productId);
  const rows = factsRows(release, meta, productId);
  const context = productPageContext({
    catalogue: getCatalogue(),
    productId,
    product,
    reviews,
    // Every review's facts when the build knew them all; else (a feed without the extension)
    // those of the reviews sourced here.
    facts: rows ?? reviews.map(factsOfReview),
    // The build takes them from its first review page's data.
    similar: reviews.length ? (await similarOf(productId)).filter((s) => hasHub(release, meta, s.id)) : [],
  });
  const page: PageInput = { path: productPath(productId), component: templatePath('product'), context: { ...context } };
  await writeAndRender(out, meta.productShape, page);
  return { id, status: 'ok' } satisfies RenderReply;
}

async function render(req: RenderRequest): Promise<RenderReply> {
  const { id, release, out, productId, commentId } = req;
  const info = releaseInfo(release);
  if (!info.meta) return { id, status: 'unavailable', message: 'the release has no _deferred/ data' };
  if (info.meta.version !== DEFERRED_VERSION)
    return { id, status: 'unavailable', message: `_deferred/ version ${info.meta.version}` };
  if (info.hash !== ownHash) return { id, status: 'stale', message: `release ${info.hash}, renderer ${ownHash}` };
  if (commentId === null) return renderProduct(id, release, out, info.meta, productId);
  const review = await reviewView(productId, commentId);
  if (!review) return { id, status: 'missing' };
  // The same keys in the same order as the build's page data (fetchReviews).
  const [similarProducts, replies, product] = await Promise.all([
    similarOf(review.productId),
    builtReplies(api, review),
    productOf(review.productId),
  ]);
  const data: ReviewPageData = {
    productId: review.productId,
    commentId: review.id,
    info: review,
    relateList: relatedOf(release, info.meta, review.productId, review.id),
    similarProducts,
    ...(replies && { replies }),
  };
  // The product box's facts (issue 45): the fit of every review of the product, as the build
  // counted them (gatsby/pages/all.ts productFacts); else (a feed without the extension) this
  // review's own.
  const fits = (factsRows(release, info.meta, review.productId) ?? [factsOfReview(review)]).map((f) => f.fit);
  const facts = reviewFacts(productFactsView(getCatalogue(), product, fits));
  let page: PageInput | null = null;
  // Every related review in `_deferred/` has a page, built or deferred.
  createReviewPage({ createPage: (p) => (page = p) }, templatePath, data, () => true, facts);
  await writeAndRender(out, info.meta.shape, page as unknown as PageInput);
  return { id, status: 'ok' };
}

process.on('message', (req: RenderRequest) => {
  render(req).then(
    (a) => process.send!(a),
    (e: unknown) => process.send!({ id: req.id, status: 'error', message: (e as Error)?.message ?? String(e) }),
  );
});
process.send!({ id: READY_ID, status: 'ok', message: ownHash } satisfies RenderReply);
