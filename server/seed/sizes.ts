// The data sets' sizes, in a module without imports: scripts/test.ts reads them before the
// packages' install scripts (better-sqlite3's compile) have run.

/**
 * The default data set (`npm start`, `npm run seed`, a plain `npm run build`): one product per
 * leaf category (data/categories.json has 442 leaves) and a long tail over them
 * (server/seed/allocate.ts), so product hubs summarise real numbers of reviews. Seed 42: the
 * most reviewed products have 60, 39 and 30 reviews, 19 have 10 or more, and 52 of 442 have
 * only one (issue 44: at 500 reviews 435 of 442 hubs summarised one review).
 */
export const DEFAULT_REVIEWS = 1500;
/**
 * The test suite's data set (scripts/build-site.ts, SEED_REVIEWS): the e2e layer builds and reads
 * the whole site, several times over, and CI has 30 minutes beside two CPU hogs. 500 reviews
 * still give one product per leaf and a head of two hubs (35 and 12 reviews) to test summaries on.
 */
export const TEST_SITE_REVIEWS = 500;
