// Deterministic demo data generator. Same (seed, reviews, catalogue) => identical rows: the only
// randomness is the seeded PRNG (one stream per part) and the only clock is REFERENCE_DATE.
// Rows are streamed with prepared statements in batched transactions, product by product (the
// product, its SKUs, its reviews and their replies), so memory does not grow with the number of
// reviews (1,000,000 in minutes, docs/server.md "Demo data at scale"); one function per table in
// tables/.
import type { Catalogue } from '../catalogue';
import type { DB } from '../db/open';
import { productLeaves, reviewCounts } from './allocate';
import { REFERENCE_DATE, json, stream } from './reference';
import { FIRST_REVIEW_ID } from './special';
import { seedArticles } from './tables/articles';
import { seedBrands } from './tables/brands';
import { seedMerchants } from './tables/merchants';
import { syncCategoryPaths } from '../db/category-paths';
import { bulkLoad } from './bulk-load';
import { SearchIndex, dropSearchTriggers } from '../search/index-store';
import { categorySearchText } from '../search/category-text';
import { productSeeder } from './tables/products';
import { reviewSeeder, seedReviewOrders } from './tables/reviews';
import { seedUsers, userCount } from './tables/users';

export { DEFAULT_REVIEWS, TEST_SITE_REVIEWS } from './sizes';
export const DEFAULT_SEED = 42;

export interface SeedOptions {
  reviews: number;
  seed: number;
  catalogue: Catalogue;
}
export interface SeedStats {
  merchants: number;
  brands: number;
  products: number;
  skus: number;
  users: number;
  reviews: number;
  replies: number;
  articles: number;
  /** Of `ms`: building the search index (server/search/index-store.ts). */
  searchIndexMs: number;
  ms: number;
}

const TABLES = [
  'order_items',
  'orders',
  'review_likes',
  'replies',
  'reviews',
  'sessions',
  'sms_codes',
  'skus',
  'products',
  'users',
  'brands',
  'merchants',
  'articles',
  'meta',
];

/** Rows written between two commits: big enough that commits cost little, small enough that the WAL stays small. */
const BATCH_ROWS = 50_000;

export function seedDatabase(db: DB, opts: SeedOptions): SeedStats {
  const started = process.hrtime.bigint();
  const { catalogue } = opts;
  const nReviews = Math.max(0, Math.floor(opts.reviews));
  if (!catalogue.leaves.length) throw new Error(`${catalogue.file}: the catalogue has no leaf categories`);

  // The search index is built once after the load (issue 43), not row by row through its triggers.
  dropSearchTriggers(db);
  const stats = bulkLoad(db, TABLES, (commit) => {
    syncCategoryPaths(db, catalogue);
    const merchants = seedMerchants(db, stream(opts.seed, 1));
    const brands = seedBrands(db, catalogue.leaves);
    const users = userCount(nReviews);
    seedUsers(db, stream(opts.seed, 2), users);
    commit();
    // Reviews per product (a long tail, stream 7), and products over the leaves: every leaf
    // gets one once the reviews suffice (server/seed/allocate.ts). Both lists hold a number / a
    // reference per product (about one product per 3.8 reviews), never anything per review.
    const counts = reviewCounts(stream(opts.seed, 7), nReviews, catalogue.leaves.length);
    const leafOfProduct = productLeaves(stream(opts.seed, 6), catalogue.leaves, counts.length);
    // Products draw from stream 3 and reviews from stream 4: interleaving them product by
    // product gives each stream the same sequence of draws as seeding all products first did.
    const products = productSeeder(db, stream(opts.seed, 3), catalogue.leaves, brands);
    const reviews = reviewSeeder(db, stream(opts.seed, 4), users);
    let pending = 0;
    leafOfProduct.forEach((leaf, i) => {
      const p = products.seed(leaf);
      products.setReviewStats(p.id, counts[i], reviews.seed(p, counts[i]));
      pending += counts[i];
      if (pending >= BATCH_ROWS) {
        commit();
        pending = 0;
      }
    });
    const lastReview = FIRST_REVIEW_ID + reviews.reviews() - 1;
    for (let from = FIRST_REVIEW_ID; from <= lastReview; from += BATCH_ROWS * 2) {
      seedReviewOrders(db, from, Math.min(lastReview, from + BATCH_ROWS * 2 - 1));
      commit();
    }
    const articles = seedArticles(db, stream(opts.seed, 5));
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(
      'seed_params',
      json({
        seed: opts.seed,
        reviews: nReviews,
        referenceDate: REFERENCE_DATE,
        catalogueHash: catalogue.hash,
      }),
    );
    return {
      merchants,
      brands: brands.length,
      products: products.count(),
      skus: products.skus(),
      users: users + 1,
      reviews: reviews.reviews(),
      replies: reviews.replies(),
      articles,
      searchIndexMs: 0,
      ms: 0,
    };
  });
  const index = new SearchIndex(db, categorySearchText(catalogue)).build();
  stats.searchIndexMs = index.ms;
  db.pragma('wal_checkpoint(TRUNCATE)');
  stats.ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
  return stats;
}
