// Serves the built Gatsby site (public/) at /review/ beside the API (issue 5, "Serving").
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { cacheControlFor, REVALIDATE } from './cache-rules';
import { CompressedBodies, type CompressedBodiesOptions } from './compressed-bodies';
import { etagOf, isNotModified, negotiateEncoding, textTypeOf } from './negotiate';
import { NOT_FOUND_HTML, hubPageDataId, resolveSitePath } from './resolve';
import { PATH_PREFIX, withPrefix } from '../../src/paths';
import type { ReviewExists } from './review-exists';
import { GONE_TEXT, goneHtml, reachedReview, reviewUrlKind, type TakenDown } from './taken-down';
import { checkCanonical } from './canonical-path';
import { applyRange } from '../http-range';
import { errorBody } from '../errors';
import { Lru } from './lru';
import { sitePolicy, sitePolicyOptionsFromEnv, type SitePolicyOptions } from '../security-headers';
import { pageFiles, type DeferredPages } from './deferred/deferred-pages';

export interface SiteOptions {
  siteDir: string;
  /**
   * Whether a review exists, for review URLs without a static page: 200 when it does, 404
   * otherwise (src/review/unbuilt.ts). Without it (a plain static host) such URLs answer 404
   * and the 404 page still loads the review in the browser. Bound it: review-exists.ts.
   */
  reviewExists?: ReviewExists;
  /**
   * Whether an editor took a review down: its page and page data then answer 410 (taken-down.ts).
   * Must answer at once: it is asked on every review URL (the reference server's is in memory).
   */
  isTakenDown?: TakenDown;
  /**
   * Review URLs without a static page (deferred by the bounded build, or published after it),
   * once `reviewExists` says the review exists: rendered on the first request and kept
   * (deferred/deferred-pages.ts). Without it, the 404 page's HTML that loads the review in the
   * browser (src/review/unbuilt.ts), as a plain static host does.
   */
  deferred?: DeferredPages;
  /** The cache of compressed bodies (compressed-bodies.ts). */
  compression?: CompressedBodiesOptions;
  /** Other origins the pages' CSP allows for images and API calls; default from the environment. */
  policy?: SitePolicyOptions;
}

// Files below this go out as they are: compression gains nothing on a few hundred bytes.
const COMPRESS_FROM = 1024;

export async function serveSite(root: FastifyInstance, opts: SiteOptions) {
  // Own scope: the site's routes only, not the API beside it.
  await root.register(async (app) => siteRoutes(app, path.resolve(opts.siteDir), opts));
}

async function siteRoutes(app: FastifyInstance, siteDir: string, opts: SiteOptions) {
  // serve: false: only the sendFile decorator, for the files sent as they are (images, fonts:
  // ranges and validators from @fastify/static); routing is ours (Gatsby's rules below). The
  // served release may not exist yet (npm start's first build publishes it): no warning then.
  await app.register(fastifyStatic, {
    root: siteDir,
    serve: false,
    cacheControl: false,
    decorateReply: true,
    suppressWarning: true,
  });
  // Kept pages of deferred reviews are compressed once, into their store (compressed-bodies.ts).
  const compressed = new CompressedBodies({
    ...opts.compression,
    persistUnder: [...(opts.compression?.persistUnder ?? []), ...(opts.deferred ? [opts.deferred.root] : [])],
  });

  // Content-Security-Policy (server/security-headers.ts): each page's own, with its inline
  // scripts by hash, computed once per file version (10,000 pages' policies are ~5 MB); the
  // site's other answers (scripts, page data, the service worker) the same policy without hashes.
  const policyOptions = opts.policy ?? sitePolicyOptionsFromEnv();
  const assetPolicy = sitePolicy('', policyOptions);
  const pagePolicies = new Lru<string>({ maxWeight: 10_000 });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Content-Security-Policy', assetPolicy);
  });
  async function pagePolicy(abs: string, st: fs.Stats): Promise<string> {
    // The inode too: a publish or rollback swaps the release under the same path.
    const key = `${abs}:${st.mtimeMs}:${st.size}:${st.dev}:${st.ino}`;
    const hit = pagePolicies.get(key);
    if (hit) return hit;
    const policy = sitePolicy(await fs.promises.readFile(abs, 'utf8'), policyOptions);
    pagePolicies.set(key, policy);
    return policy;
  }

  /**
   * A text file of the site (HTML, scripts, styles, page data) with `status`: brotli or gzip
   * to clients that accept it, from the cache of compressed bodies; as it is otherwise. Every
   * variant names Accept-Encoding in Vary and has its own ETag; 304 for a matching validator.
   */
  async function sendText(
    req: FastifyRequest,
    reply: FastifyReply,
    rel: string,
    type: string,
    status: number,
    cacheControl: string,
    base = siteDir,
  ) {
    const abs = path.join(base, rel);
    let st: fs.Stats;
    try {
      st = await fs.promises.stat(abs);
    } catch {
      return reply.code(404).type('text/plain; charset=utf-8').send('404');
    }
    reply
      .code(status)
      .type(type)
      .header('Cache-Control', cacheControl)
      .header('Vary', 'Accept-Encoding')
      .header('Last-Modified', st.mtime.toUTCString());
    if (type.startsWith('text/html')) reply.header('Content-Security-Policy', await pagePolicy(abs, st));
    const encoding = st.size >= COMPRESS_FROM ? negotiateEncoding(req.headers['accept-encoding']) : null;
    const notModified = (tag: string) => status === 200 && isNotModified(req.headers, tag, st);
    // A range of a 200 answer (issue 25, F14; server/http-range.ts): of the variant sent.
    const rangeOf = (size: number, tag: string) =>
      status === 200 ? applyRange(req, reply, size, { etag: tag, lastModified: st.mtime }) : null;
    if (encoding) {
      const tag = etagOf(st, encoding);
      if (notModified(tag)) return reply.code(304).header('ETag', tag).send();
      const body = await compressed.get(abs, st, encoding);
      if (body) {
        reply.header('ETag', tag).header('Content-Encoding', encoding);
        const range = rangeOf(body.length, tag);
        if (range === 'sent') return reply;
        return reply.send(range ? body.subarray(range.start, range.end + 1) : body);
      }
    }
    const tag = etagOf(st, null);
    if (notModified(tag)) return reply.code(304).header('ETag', tag).send();
    reply.header('ETag', tag);
    const range = rangeOf(st.size, tag);
    if (range === 'sent') return reply;
    if (range) return reply.send(fs.createReadStream(abs, range));
    return reply.header('Content-Length', st.size).send(fs.createReadStream(abs));
  }

  /** The 404 page's HTML with `status`, never indexed; text when the site has no 404 page. */
  const notFoundPage = (req: FastifyRequest, reply: FastifyReply, status = 404) => {
    reply.header('X-Robots-Tag', 'noindex');
    if (!fs.existsSync(path.join(siteDir, NOT_FOUND_HTML)))
      return reply.code(status).type('text/plain; charset=utf-8').send('404');
    return sendText(req, reply, NOT_FOUND_HTML, 'text/html; charset=utf-8', status, REVALIDATE);
  };

  /**
   * A review without a static page (issue 23): 404 unless it exists; then its page or page data
   * rendered on the first request and kept (`X-Deferred: rendered` / `kept`); 503 with
   * Retry-After when the renders waiting are at their bound. Where it cannot render (no
   * renderer, a release of other code), the page is the 404 page's HTML that loads the review
   * in the browser (status 200), the page data 404. A product hub without a static page
   * (`commentId` null) the same, but whether it exists is the render's answer (the build's
   * `_deferred/` data lists every product with a hub), and there is no browser fallback: 404.
   */
  async function deferredPage(
    req: FastifyRequest,
    reply: FastifyReply,
    kind: 'page' | 'page-data',
    productId: string,
    commentId: string | null,
  ) {
    if (commentId !== null) {
      // 200 only for a review the storefront knows (issue 11, "soft 404s"; review-exists.ts).
      const exists = opts.reviewExists ? await opts.reviewExists(productId, commentId) : false;
      if (!exists) return notFoundPage(req, reply);
    }
    const fallback = () => notFoundPage(req, reply, kind === 'page' && commentId !== null ? 200 : 404);
    if (!opts.deferred) return fallback();
    let release: string;
    try {
      // One realpath(3) call (microseconds), not a round trip through libuv's pool: a kept page's
      // answer is otherwise as cheap as a built one's (docs/benchmarks.md, kept vs built).
      release = fs.realpathSync.native(siteDir);
    } catch {
      return notFoundPage(req, reply);
    }
    const d = await opts.deferred.page(release, productId, commentId);
    if (d.kind === 'missing') return notFoundPage(req, reply);
    if (d.kind === 'busy')
      return reply
        .code(503)
        .header('Retry-After', '5')
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('服务器繁忙，请稍后再试');
    if (d.kind === 'unavailable') {
      req.log.warn({ productId, commentId, reason: d.reason }, 'deferred page not rendered');
      return fallback();
    }
    const files = pageFiles(productId, commentId);
    const rel = kind === 'page' ? files.html : files.pageData;
    reply.header('X-Deferred', d.kind);
    return sendText(req, reply, rel, textTypeOf(rel)!, 200, cacheControlFor(rel), d.dir);
  }

  const home = withPrefix('/');
  app.get('/', (_req, reply) => reply.redirect(home, 302));
  app.get(PATH_PREFIX, (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`${home}${q >= 0 ? req.url.slice(q) : ''}`, 301);
  });
  app.get(`${PATH_PREFIX}/*`, async (req, reply) => {
    const raw = req.url.slice(PATH_PREFIX.length);
    const q = raw.indexOf('?');
    const pathname = q >= 0 ? raw.slice(0, q) : raw;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return notFoundPage(req, reply);
    }
    // Before anything else: only canonical paths meet the takedown check and the files.
    const canonical = checkCanonical(pathname, decoded);
    if (canonical.kind === 'refuse') return notFoundPage(req, reply);
    if (canonical.kind === 'redirect')
      return reply.redirect(`${PATH_PREFIX}${canonical.path}${q >= 0 ? raw.slice(q) : ''}`, 301);
    const r = resolveSitePath(siteDir, decoded, q >= 0 ? raw.slice(q) : '');
    // On what the path resolves to, not on how it is spelled (issue 39, N1; taken-down.ts).
    const review = opts.isTakenDown ? reachedReview(r, decoded) : null;
    if (review && opts.isTakenDown!(review.productId, review.commentId)) {
      reply.code(410).header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      if (review.kind === 'page-data')
        return reply.type('application/json; charset=utf-8').send(errorBody(410, GONE_TEXT));
      return reply.type('text/html; charset=utf-8').send(goneHtml(siteDir));
    }
    if (r.kind === 'redirect') return reply.redirect(r.location, 301);
    if (r.kind === 'missing') {
      const hub = hubPageDataId(decoded);
      if (hub) return deferredPage(req, reply, 'page-data', hub, null);
      const data = reviewUrlKind(decoded);
      if (data?.kind === 'page-data' && fs.existsSync(path.join(siteDir, NOT_FOUND_HTML)))
        return deferredPage(req, reply, 'page-data', data.productId, data.commentId);
      return notFoundPage(req, reply);
    }
    if (r.kind === 'unbuilt-review') return deferredPage(req, reply, 'page', r.productId, r.commentId);
    if (r.kind === 'unbuilt-hub') return deferredPage(req, reply, 'page', r.productId, null);
    const cacheControl = cacheControlFor(r.rel);
    if (r.status !== 200) reply.header('X-Robots-Tag', 'noindex');
    if (r.rel === 'sw.js') reply.header('Service-Worker-Allowed', home);
    const type = textTypeOf(r.rel);
    if (type) return sendText(req, reply, r.rel, type, r.status, cacheControl);
    reply.header('Cache-Control', cacheControl);
    return reply.sendFile(r.rel);
  });
}
