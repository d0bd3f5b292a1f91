// startServer(): open (and seed when empty) the database, build the app and listen. Used by
// main.ts, the tests and the site build (port 0 = a random free loopback port).
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { defaultCategoriesFile, readCatalogueFile } from './catalogue';
import { defaultDbFile, defaultHost, defaultMediaDir, defaultPort, seedReviewsFromEnv, trustedProxies } from './config';
import { getMeta, isSeeded, openDatabase } from './db/open';
import { DEFAULT_REVIEWS, DEFAULT_SEED, seedDatabase, type SeedStats } from './seed/generate';

export interface StartOptions extends Partial<AppOptions> {
  host?: string;
  /** 0 = random free port. Default env PORT or 8000. */
  port?: number;
  /** Seed an empty database with this many reviews (default SEED_REVIEWS, else DEFAULT_REVIEWS, 1,500) and seed (default 42). */
  seedReviews?: number;
  seed?: number;
  /** Lets the caller add plugins (e.g. the site at /review/) before listening. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  close: () => Promise<void>;
  seeded: SeedStats | null;
}

/** Seeds the file if it has never been seeded; returns the stats, or null if it was already. */
export function ensureSeeded(
  dbFile: string,
  categoriesFile: string,
  reviews = DEFAULT_REVIEWS,
  seed = DEFAULT_SEED,
): SeedStats | null {
  const db = openDatabase(dbFile);
  try {
    if (isSeeded(db)) return null;
    return seedDatabase(db, { reviews, seed, catalogue: readCatalogueFile(categoriesFile) });
  } finally {
    db.close();
  }
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const dbFile = opts.dbFile ?? defaultDbFile();
  const categoriesFile = opts.categoriesFile ?? defaultCategoriesFile();
  const seeded = ensureSeeded(dbFile, categoriesFile, opts.seedReviews ?? seedReviewsFromEnv(), opts.seed);
  const app = buildApp({
    ...opts,
    dbFile,
    categoriesFile,
    mediaDir: opts.mediaDir ?? defaultMediaDir(),
    // Behind nginx (docs/deploy.md): its address, so that req.ip is the client's (issue 39, N4).
    trustProxy: opts.trustProxy ?? trustedProxies(),
  });
  if (seeded) app.log.info(seeded, `seeded ${dbFile}: ${seeded.reviews} reviews in ${seeded.ms} ms`);
  const params = JSON.parse(getMeta(app.db, 'seed_params') ?? '{}') as { catalogueHash?: string };
  if (params.catalogueHash && params.catalogueHash !== app.catalogue.hash) {
    app.log.warn(
      `${dbFile} was seeded with another version of ${app.catalogue.file}: products may sit on unknown categories; run npm run seed`,
    );
  }
  await opts.configure?.(app);
  const host = opts.host ?? defaultHost();
  await app.listen({ host, port: opts.port ?? defaultPort() });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url, app, seeded, close: () => app.close() };
}
