// The reference storefront API as a Fastify instance (not listening). Layout follows
// fastify/demo: schemas (src/storefront/wire/, shared with the client) -> repositories/ ->
// thin routes/. Everything under /api and /media belongs to this app; / and /review are left
// free for the site plugin (server/site/), which the caller adds with one `app.register(...)`
// line.
import { dirname, join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { defaultCategoriesFile, readCatalogueFile } from './catalogue';
import { createRepos } from './context';
import { openDatabase } from './db/open';
import { installSecurityHeaders } from './security-headers';
import {
  HttpError,
  clientErrorHandler,
  frameworkErrors,
  installErrorHandlers,
  installErrorShapeGuard,
  installNotFound,
  refuseNonFiniteNumbers,
} from './errors';
import { MediaStore, type MediaStoreOptions } from './media/store';
import { createSubjectLookup } from './media/subjects';
import { mediaUrlPrefixer } from './media/urls';
import { adminTokenOf } from './admin-token';
import { cartRoutes } from './routes/cart';
import { catalogueRoutes } from './routes/catalogue';
import { contentRoutes } from './routes/content';
import { expressBuyRoutes } from './routes/express-buy';
import { mediaRoutes } from './routes/media';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { reviewRoutes } from './routes/reviews';
import { shopRoutes } from './routes/shops';
import { signinRoutes } from './routes/signin';
import { editorConsole } from './editor/console';
import { profileRoutes } from './routes/profile';
import { loginRoutes } from './routes/login';
import { popupRoutes } from './routes/popups';
import { claimRoutes } from './routes/claims';
import { customsResellRoutes } from './routes/customs-resell';
import { editorRoutes } from './editor/routes';
import { takedownGuard } from './editor/takedown-guard';
import { reviewPartsGuard, takenDownMedia } from './takedown-reach';
import { SmsSendBudget, type SmsBudgetOptions } from './sms-budget';
import type { BuildQueue } from './builds/queue';
import { fastifyTimeoutOptions, type ServerTimeouts } from './timeouts';
import type { UploadLimits } from './upload-slots';
import { SearchWorkers, searchWorkersFromEnv } from './search/workers';

export interface AppOptions {
  /** SQLite file; created with the schema if missing (seeding is main.ts / startServer's job). */
  dbFile: string;
  /** Cache directory of rendered media. */
  mediaDir: string;
  /** Uploaded payer photo ids, one folder per user (never served); default <mediaDir>/../photo-ids. */
  photoIdDir?: string;
  /** Limits of the media cache and renderer (server/media/store.ts; defaults there). */
  media?: Partial<MediaStoreOptions>;
  /** Fastify (pino) logger options; default off. server/logging.ts builds them from the environment. */
  logger?: boolean | object;
  /** Turns off Fastify's info-level line per request and per answer (LOG_REQUESTS=0). */
  disableRequestLogging?: boolean;
  /** Called with every dev SMS code (tests read codes here). */
  devCodeLog?: (phone: string, code: string) => void;
  /** Category tree; default data/categories.json. */
  categoriesFile?: string;
  /** Prefix for root-relative /media URLs in answers; default env MEDIA_BASE_URL. */
  mediaBaseUrl?: string;
  /** Clock for SMS code expiry, rate limits and session expiry; default Date.now. */
  now?: () => number;
  /** Per-client and global SMS send budgets (server/sms-budget.ts); default DEFAULT_SMS_BUDGET. */
  smsBudget?: Partial<SmsBudgetOptions>;
  /** Budgets of the emulated WeChat and shihuo logins (server/routes/login.ts DEFAULT_LOGIN_BUDGET). */
  loginBudget?: Partial<SmsBudgetOptions>;
  /** Log each dev SMS code; default: unless NODE_ENV is production (docs/server.md, "Sign-in"). */
  logSmsCodes?: boolean;
  /**
   * Accept the emulated logins' test codes and tokens (docs/server.md, "Emulated logins"); even
   * then they sign in only the demo's test accounts. Default: unless NODE_ENV is production.
   */
  emulatedLogins?: boolean;
  /** Fastify's trustProxy: only behind a proxy you run (req.ip is the SMS budgets' client). Default off. */
  trustProxy?: boolean | string | string[];
  /** Session idle lifetime (sliding); default 30 days (server/repositories/auth.ts). */
  sessionTtlMs?: number;
  /** Session absolute lifetime from sign-in; default 180 days. */
  sessionMaxAgeMs?: number;
  /**
   * The editors' bearer token for /editor/api (server/editor/token.ts); unset, every editor call
   * answers 401. `npm start` takes EDITOR_TOKEN or generates one.
   */
  editorToken?: string;
  /**
   * The order admin's bearer token for /api/v1/_internal/order-admin (server/admin-token.ts);
   * default STOREFRONT_ADMIN_TOKEN, else a random token nobody knows (the calls stay closed).
   */
  adminToken?: string;
  /**
   * The build queue the editors' API triggers (server/builds/): `npm start` gives one; without
   * it takedowns and back-office writes queue nothing and /editor/api/builds is absent.
   */
  builds?: BuildQueue;
  /** Upload slots and the slowest upload body kept (server/upload-slots.ts; defaults DEFAULT_UPLOAD_LIMITS). */
  uploads?: Partial<UploadLimits>;
  /** Search worker threads (server/search/workers.ts; default SEARCH_WORKERS, else up to two; 0: none). */
  searchWorkers?: number;
  /** Connection timeouts (server/timeouts.ts; defaults DEFAULT_TIMEOUTS). */
  timeouts?: Partial<ServerTimeouts>;
}

export function buildApp(opts: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: (opts.logger ?? false) as FastifyServerOptions['logger'],
    ...(opts.disableRequestLogging ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: opts.trustProxy ?? false,
    // Ids and cursors are short; anything longer is not ours (414, errors.ts frameworkErrors).
    routerOptions: { maxParamLength: 200 },
    // Errors before routing and before parsing carry the contract's shape too (issue 12, item 8).
    frameworkErrors,
    clientErrorHandler,
    // Headers, body and idle connections are timed (issue 25, F7): slow uploads held every slot.
    ...fastifyTimeoutOptions(opts.timeouts),
  });
  const db = openDatabase(opts.dbFile);
  const catalogue = readCatalogueFile(opts.categoriesFile ?? defaultCategoriesFile());
  const media = mediaUrlPrefixer(opts.mediaBaseUrl ?? process.env.MEDIA_BASE_URL);
  app.decorate('db', db);
  app.decorate('catalogue', catalogue);
  app.decorate(
    'repos',
    createRepos(
      db,
      catalogue,
      media,
      opts.now ?? Date.now,
      {
        ttlMs: opts.sessionTtlMs,
        maxAgeMs: opts.sessionMaxAgeMs,
      },
      opts.photoIdDir ?? join(dirname(opts.mediaDir), 'photo-ids'),
      opts.emulatedLogins ?? process.env.NODE_ENV !== 'production',
    ),
  );
  // Search reads off the event loop (issue 43): worker threads with connections of their own.
  const searchWorkers = opts.searchWorkers ?? searchWorkersFromEnv();
  if (opts.dbFile !== ':memory:' && searchWorkers > 0) {
    const workers = new SearchWorkers(opts.dbFile, searchWorkers, (msg) => app.log.warn(msg));
    app.repos.search.useWorkers(workers);
    app.addHook('onClose', async () => workers.close());
  }
  app.addHook('onClose', async () => db.close());
  installSecurityHeaders(app);
  installErrorHandlers(app);
  // Paths outside /api, /media and the site's /review: a JSON 404, not Fastify's "Route GET:/x not found".
  installNotFound(app, '请求的内容不存在');
  installErrorShapeGuard(app);

  app.register(
    async (api) => {
      installNotFound(api);
      refuseNonFiniteNumbers(api);
      // A taken-down review's detail answers 410 (issue 13, "Instant takedown").
      api.addHook('onRequest', takedownGuard(app));
      // ... and its replies and likes (issue 25, F5).
      api.addHook('onRequest', reviewPartsGuard(app));
      // Like Fastify's JSON parser, but an empty body is "no body" (POST .../likes with a
      // Content-Type and nothing else) and bad JSON is a 400 with the contract's shape.
      api.removeContentTypeParser('application/json');
      api.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
        const text = String(body);
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new HttpError(400, '请求体不是有效的 JSON'), undefined);
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
      // One set of SMS send budgets for every route that sends a code (sign-in, WeChat bind).
      const smsBudget = new SmsSendBudget(opts.smsBudget, opts.now);
      await api.register(signinRoutes, {
        devCodeLog: opts.devCodeLog,
        logCodes: opts.logSmsCodes ?? process.env.NODE_ENV !== 'production',
        budget: smsBudget,
        now: opts.now,
      });
      await api.register(contentRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes, { adminToken: adminTokenOf(opts.adminToken) });
      await api.register(expressBuyRoutes);
      await api.register(profileRoutes, { uploads: opts.uploads });
      await api.register(loginRoutes, {
        devCodeLog: opts.devCodeLog,
        logCodes: opts.logSmsCodes ?? process.env.NODE_ENV !== 'production',
        budget: smsBudget,
        loginBudget: opts.loginBudget,
        now: opts.now,
      });
      await api.register(popupRoutes);
      await api.register(claimRoutes);
      await api.register(customsResellRoutes);
    },
    { prefix: '/api' },
  );

  app.register(editorRoutes, {
    prefix: '/editor/api',
    token: opts.editorToken,
    now: opts.now,
    builds: opts.builds,
    // The editor's browser is not locked out by others' bad tokens from its address (issue 25, F6).
    deviceCookiePath: '/editor',
  });
  app.register(editorConsole);

  const mediaStore = new MediaStore(opts.mediaDir, opts.media, createSubjectLookup(app.db));
  app.decorate('mediaStore', mediaStore);
  // Before the database's close (onClose hooks run last registered first): a render asks it its subject.
  app.addHook('onClose', async () => mediaStore.close());
  app.register(mediaRoutes, { prefix: '/media', store: mediaStore, isGone: takenDownMedia(app) });
  return app;
}
