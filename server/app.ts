// The reference storefront API as a Fastify instance (not listening). Layout follows
// fastify/demo: schemas/ -> repositories/ -> thin routes/. Everything under /api and /media
// belongs to this app; / and /review are left free for the site plugin (server/site/), which
// the caller adds with one `app.register(...)` line.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { defaultCategoriesFile, loadCatalogue } from './catalogue';
import { createRepos } from './context';
import { openDatabase } from './db/open';
import { ApiError, installErrorHandlers, installNotFound } from './errors';
import { mediaUrlPrefixer } from './media/urls';
import { catalogueRoutes } from './routes/catalogue';
import { contentRoutes } from './routes/content';
import { mediaRoutes } from './routes/media';
import { productRoutes } from './routes/products';
import { reviewRoutes } from './routes/reviews';
import { shopRoutes } from './routes/shops';
import { signinRoutes } from './routes/signin';

export interface AppOptions {
  /** SQLite file; created with the schema if missing (seeding is main.ts / startServer's job). */
  dbFile: string;
  /** Cache directory of rendered media. */
  mediaDir: string;
  /** Fastify (pino) logger options; default off. */
  logger?: boolean | object;
  /** Called with every dev SMS code (tests read codes here). */
  devCodeLog?: (phone: string, code: string) => void;
  /** Category tree; default data/categories.json. */
  categoriesFile?: string;
  /** Prefix for root-relative /media URLs in answers; default env MEDIA_BASE_URL. */
  mediaBaseUrl?: string;
  /** Clock for SMS code expiry, rate limits and session expiry; default Date.now. */
  now?: () => number;
  /** Session idle lifetime (sliding); default 30 days (server/repositories/auth.ts). */
  sessionTtlMs?: number;
  /** Session absolute lifetime from sign-in; default 180 days. */
  sessionMaxAgeMs?: number;
}

export function buildApp(opts: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: (opts.logger ?? false) as FastifyServerOptions['logger'],
    // Ids and cursors are short; anything longer is not ours.
    routerOptions: { maxParamLength: 200 },
  });
  const db = openDatabase(opts.dbFile);
  const catalogue = loadCatalogue(opts.categoriesFile ?? defaultCategoriesFile());
  const media = mediaUrlPrefixer(opts.mediaBaseUrl ?? process.env.MEDIA_BASE_URL);
  app.decorate('db', db);
  app.decorate('catalogue', catalogue);
  app.decorate('repos', createRepos(db, catalogue, media, opts.now ?? Date.now, { ttlMs: opts.sessionTtlMs, maxAgeMs: opts.sessionMaxAgeMs }));
  app.addHook('onClose', async () => db.close());
  installErrorHandlers(app);

  app.register(async (api) => {
    installNotFound(api);
    // Like Fastify's JSON parser, but an empty body is "no body" (POST .../likes with a
    // Content-Type and nothing else) and bad JSON is a 400 with the contract's shape.
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(new ApiError(400, '请求体不是有效的 JSON'), undefined);
      }
    });
    api.addHook('onSend', async (_req, reply, payload) => {
      // API answers are per-request data: never cached by browsers or proxies.
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
      return payload;
    });
    await api.register(catalogueRoutes);
    await api.register(reviewRoutes);
    await api.register(productRoutes);
    await api.register(shopRoutes);
    await api.register(signinRoutes, { devCodeLog: opts.devCodeLog });
    await api.register(contentRoutes);
  }, { prefix: '/api' });

  app.register(mediaRoutes, { prefix: '/media', mediaDir: opts.mediaDir });
  return app;
}
