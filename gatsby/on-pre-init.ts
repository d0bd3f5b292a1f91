// onPreInit runs before Gatsby cleans or writes anything in public/, so every required
// endpoint is read here: if one fails, the build stops with a clear message and the previous
// output stays untouched (contract, "What a build may assume").
import type { GatsbyNode } from 'gatsby';
import { createStorefrontClient } from '../src/storefront/client';
import { startEmbeddedServer, stopEmbeddedServer } from './embedded-server';
import { reviewSourceApi } from './sourcing/review-source-api';
import { fetchReviews } from './sourcing/fetch-reviews';
import { RequiredEndpointError } from './sourcing/errors';
import { extrasSourceApi } from './sourcing/extras-api';
import {
  describeSkipped,
  emptyExtras,
  fetchExtras,
  type ExtrasOptions,
  type SourcedExtras,
} from './sourcing/fetch-extras';
import { getCatalogue } from '../src/catalogue';
import { setBuildData } from './build-data';
import { loadLastBuild, readBuildInput, saveBuildData, sourcingPlan } from './sourcing/incremental';
import { writeReport } from './sourcing/report';
import { ENV } from '../publish/build-protocol';
import { sourcedProductIds, staticHubsLimit, staticReviewsLimit } from './sourcing/static-set';

export const onPreInit: GatsbyNode['onPreInit'] = async ({ reporter, store }) => {
  const root = store.getState().program.directory as string;
  const apiUrl = process.env.STOREFRONT_API_URL || (await startEmbedded(root, reporter));
  reporter.info(`Sourcing from the storefront API at ${apiUrl}`);
  const client = createStorefrontClient({
    mode: 'build',
    baseURL: apiUrl,
    onRetry: (r) => reporter.warn(`retry ${r.attempt} of ${r.method} ${r.url} in ${r.delayMs} ms: ${r.error.message}`),
  });

  // The build queue's input and the last build's data (gatsby/sourcing/incremental.ts).
  const dataDir = process.env[ENV.dataDir];
  const input = readBuildInput();
  const plan = sourcingPlan(input, input.hint && dataDir ? await loadLastBuild(dataDir) : null);
  if (plan.exclude.size) reporter.info(`${plan.exclude.size} taken-down or removed review(s) left out`);
  if (plan.incremental)
    reporter.info(
      `incremental: ${input.hint!.changed.length} changed review(s) fetched, the others reused from the last build`,
    );
  else if (input.hint) reporter.info('no data from a last build: fetching every review');

  const feedTimer = reporter.activityTimer('Reading the review feed');
  feedTimer.start();
  let progress: ReturnType<typeof reporter.createProgress> | null = null;
  try {
    const data = await fetchReviews(reviewSourceApi(client), {
      exclude: plan.exclude,
      reuse: plan.incremental ? plan.reuse : undefined,
      staticLimit: staticReviewsLimit(),
      staticHubs: staticHubsLimit(),
      concurrency: Number(process.env.SOURCE_CONCURRENCY ?? 8),
      onFeedPage: (n) => feedTimer.setStatus(`${n} reviews listed`),
      onReview: (done, total) => {
        if (!progress) {
          feedTimer.end();
          progress = reporter.createProgress('Fetching review details', total, 0);
          progress.start();
        }
        progress.tick();
      },
    });
    if (progress) (progress as { done(): void }).done();
    else feedTimer.end();
    // The details of the products whose hub or a review page is built ahead (issue 45: the
    // product box's facts): a bounded build defers the others' pages (SITE_STATIC_HUBS,
    // SITE_STATIC_REVIEWS), and the site server fetches their details on request.
    const productIds = sourcedProductIds(
      data.hubIds,
      data.pages.map((p) => p.productId),
    );
    const extras = await sourceExtras(client, reporter, productIds, {
      exclude: plan.exclude,
      reuseProduct: plan.incremental ? plan.reuseProduct : undefined,
    });
    setBuildData({ ...data, apiUrl, extras });
    if (dataDir) await saveBuildData(dataDir, data.pages, extras.products.values());
    writeReport(root, apiUrl, data.pages.length, data.skipped, extras.skipped);
    if (data.skipped.length) {
      reporter.warn(
        `${data.skipped.length} review(s) skipped, listed in var/build-report.json:\n` +
          data.skipped
            .slice(0, 10)
            .map((s) => `  - ${s.productId}/${s.commentId}: ${s.reason}`)
            .join('\n'),
      );
    }
    reporter.info(
      `${data.pages.length} review pages to build` +
        (data.deferred.length ? `, ${data.deferred.length} deferred (rendered on request, SITE_STATIC_REVIEWS)` : ''),
    );
  } catch (e) {
    stopEmbeddedServer();
    if (e instanceof RequiredEndpointError) reporter.panic(e.message);
    reporter.panic('Sourcing the storefront data failed', e as Error);
  }
};

type Reporter = Parameters<NonNullable<GatsbyNode['onPreInit']>>[0]['reporter'];

/** The embedded reference server's URL (gatsby/embedded-server.ts); a server that does not start fails the build. */
async function startEmbedded(root: string, reporter: Reporter): Promise<string> {
  const t = reporter.activityTimer('Starting the embedded reference API server');
  t.start();
  try {
    const url = await startEmbeddedServer(root);
    t.setStatus(url);
    t.end();
    return url;
  } catch (e) {
    return reporter.panic(`The embedded reference server did not start: ${(e as Error).message}`) as never;
  }
}

/**
 * Optional endpoints (contract): never fail the build. What was skipped is reported; the
 * pages fall back to the pinned data.
 */
async function sourceExtras(
  client: ReturnType<typeof createStorefrontClient>,
  reporter: Reporter,
  productIds: string[],
  reuse: Pick<ExtrasOptions, 'exclude' | 'reuseProduct'>,
): Promise<SourcedExtras> {
  const categoryIds = [...getCatalogue().byId.keys()];
  const progress = reporter.createProgress(
    'Fetching optional data (products, categories, merchants, articles)',
    productIds.length + categoryIds.length + 3,
    0,
  );
  progress.start();
  try {
    const extras = await fetchExtras(extrasSourceApi(client), {
      productIds,
      categoryIds,
      concurrency: Number(process.env.SOURCE_CONCURRENCY ?? 8),
      ...reuse,
      onProgress: () => progress.tick(),
    });
    if (extras.skipped.length) {
      reporter.warn(
        `Optional storefront endpoints skipped; the pages that use them fall back to the review data:\n${describeSkipped(extras.skipped)}`,
      );
    }
    reporter.info(
      `optional data: ${extras.products.size} product details, ${extras.categories.size} category listings, ${extras.merchants.length} merchants, ${extras.articles.length} articles`,
    );
    return extras;
  } catch (e) {
    // fetchExtras does not throw by design; anything here is a bug, still not worth failing for.
    reporter.warn(`Optional data not sourced: ${(e as Error).message}`);
    return emptyExtras();
  } finally {
    progress.done();
  }
}
