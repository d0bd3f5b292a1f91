// Deterministic demo data generator. Same (seed, reviews, catalogue) => identical rows: the only
// randomness is the seeded PRNG (one stream per part) and the only clock is REFERENCE_DATE.
// Everything is written in one transaction with prepared statements (100,000 reviews in
// seconds, see docs/server.md); one function per table in tables/.
import type { Catalogue } from '../catalogue';
import type { DB } from '../db/open';
import { productLeaves, reviewCounts } from './allocate';
import { REFERENCE_DATE, json, stream } from './reference';
import { seedArticles } from './tables/articles';
import { seedBrands } from './tables/brands';
import { seedMerchants } from './tables/merchants';
import { seedProducts } from './tables/products';
import { seedReviewOrders, seedReviews } from './tables/reviews';
import { seedUsers, userCount } from './tables/users';

/**
 * The default data set: enough reviews for one product per leaf category (data/categories.json
 * has 442 leaves), with the surplus on a few well-reviewed products (server/seed/allocate.ts).
 */
export const DEFAULT_REVIEWS = 500;
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

export function seedDatabase(db: DB, opts: SeedOptions): SeedStats {
  const started = process.hrtime.bigint();
  const { catalogue } = opts;
  const nReviews = Math.max(0, Math.floor(opts.reviews));
  if (!catalogue.leaves.length) throw new Error(`${catalogue.file}: the catalogue has no leaf categories`);

  const run = db.transaction((): SeedStats => {
    for (const t of TABLES) db.exec(`DELETE FROM ${t}`);
    const merchants = seedMerchants(db, stream(opts.seed, 1));
    const brands = seedBrands(db, catalogue.leaves);
    const users = userCount(nReviews);
    seedUsers(db, stream(opts.seed, 2), users);
    // Reviews per product, and products over the leaves: every leaf gets one once the reviews
    // suffice (server/seed/allocate.ts).
    const prng = stream(opts.seed, 3);
    const counts = reviewCounts(prng, nReviews, catalogue.leaves.length);
    const leafOfProduct = productLeaves(stream(opts.seed, 6), catalogue.leaves, counts.length);
    const products = seedProducts(db, prng, leafOfProduct, catalogue.leaves, brands);
    const reviews = seedReviews(db, stream(opts.seed, 4), products.products, counts, users);
    seedReviewOrders(db);
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
      products: products.products.length,
      skus: products.skus,
      users: users + 1,
      reviews: reviews.reviews,
      replies: reviews.replies,
      articles,
      ms: 0,
    };
  });
  const stats = run();
  stats.ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
  return stats;
}
