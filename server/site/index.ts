import type { FastifyInstance } from 'fastify';
import { siteConfig } from '../../src/site-config';
import { analyticsSiteIdFrom, thirdPartyScripts } from '../../src/third-party';
import { robotsRoute } from './robots';
import { serveSite, type SiteOptions } from './serve-site';
import { boundedReviewExists, repositoryReviewExists } from './review-exists';
import { thirdPartyProxy, type ProxyOptions } from './third-party-proxy';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DeferredPages, type DeferredPagesOptions } from './deferred/deferred-pages';
import { RenderPool, renderProcessesFromEnv } from './deferred/render-process';
import { dropOnEdit } from './deferred/edits';
import { REPO_ROOT } from '../catalogue';
import { createHash } from 'node:crypto';

/** SITE_KEPT_DIR, else var/kept/<the site folder's hash>: one store per served site folder. */
const defaultKeptRoot = (siteDir: string) =>
  process.env.SITE_KEPT_DIR ||
  path.join(REPO_ROOT, 'var', 'kept', createHash('sha256').update(path.resolve(siteDir)).digest('hex').slice(0, 12));

export interface SiteServerOptions extends Omit<SiteOptions, 'siteDir'> {
  /**
   * Analytics site id whose script the proxy may fetch. Default: GATSBY_ANALYTICS_SITE_ID of
   * the server's environment (the variable the build reads); unset, the proxy allows nothing.
   */
  analyticsSiteId?: string | null;
  /** Test seam of the proxy (third-party-proxy.ts): where allow-listed URLs are fetched from. */
  resolveUpstream?: ProxyOptions['resolveUpstream'];
  /**
   * Deferred reviews rendered on request (issue 23, deferred/): where the Gatsby workspace is
   * (its last build's renderer), where kept pages go, the bounds. Default beside the reference
   * API: the work tree, var/kept/<hash of siteDir> (SITE_KEPT_DIR), the API of
   * this server (STOREFRONT_API_URL when set). `false`: the browser rendering of before.
   */
  render?:
    | false
    | ({
        renderRoot?: string;
        keptRoot?: string;
        apiUrl?: () => string;
        /** Render processes; default SITE_RENDER_PROCESSES (renderProcessesFromEnv). */
        processes?: number;
      } & Omit<DeferredPagesOptions, 'renderer' | 'keptRoot'>);
}

/**
 * Everything the site needs from the server beside the API: /review/, robots.txt and the
 * script proxy. Beside the reference API (`npm start`, the e2e fixture, the bench), a review URL
 * without a static page answers 200 only when the review is in the API's repository
 * (review-exists.ts).
 */
export async function registerSite(app: FastifyInstance, siteDir: string, opts: SiteServerOptions = {}) {
  const { analyticsSiteId, resolveUpstream, render, ...site } = opts;
  const reviewExists =
    site.reviewExists ??
    (app.hasDecorator('repos') ? boundedReviewExists(repositoryReviewExists(app.repos.reviews)) : undefined);
  // Takedowns (issue 13) from the API's store when the API is in the same app.
  const isTakenDown =
    site.isTakenDown ??
    (app.hasDecorator('repos') ? (p: string, c: string) => app.repos.takedowns.isTakenDown(p, c) : undefined);
  let deferred = site.deferred;
  if (!deferred && render !== false && reviewExists) {
    const r = render ?? {};
    const apiUrl =
      r.apiUrl ??
      (() => process.env.STOREFRONT_API_URL || `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    const renderer = new RenderPool(r.renderRoot ?? REPO_ROOT, apiUrl, r.processes ?? renderProcessesFromEnv());
    deferred = new DeferredPages({
      ...r,
      // Two renders in hand per process: one renders while the other waits for the API.
      concurrency: r.concurrency ?? 2 * renderer.size,
      keptRoot: r.keptRoot ?? defaultKeptRoot(siteDir),
      renderer,
    });
    const pages = deferred;
    dropOnEdit(app, (p, c) => pages.forget(p, c));
    app.addHook('onClose', async () => pages.close());
  }
  await serveSite(app, { ...site, siteDir, reviewExists, isTakenDown, deferred });
  await robotsRoute(app);
  const siteId =
    analyticsSiteId === undefined
      ? siteConfig.analyticsSiteId
      : analyticsSiteIdFrom(analyticsSiteId, 'analyticsSiteId');
  await thirdPartyProxy(app, { allow: thirdPartyScripts(siteId).map((s) => s.src), resolveUpstream });
}
