import type { FastifyInstance } from 'fastify';
import { siteConfig } from '../../src/site-config';
import { analyticsSiteIdFrom, thirdPartyScripts } from '../../src/third-party';
import { robotsRoute } from './robots';
import { serveSite, type SiteOptions } from './serve-site';
import { boundedReviewExists, repositoryReviewExists } from './review-exists';
import { thirdPartyProxy, type ProxyOptions } from './third-party-proxy';

export interface SiteServerOptions extends Omit<SiteOptions, 'siteDir'> {
  /**
   * Analytics site id whose script the proxy may fetch. Default: GATSBY_ANALYTICS_SITE_ID of
   * the server's environment (the variable the build reads); unset, the proxy allows nothing.
   */
  analyticsSiteId?: string | null;
  /** Test seam of the proxy (third-party-proxy.ts): where allow-listed URLs are fetched from. */
  resolveUpstream?: ProxyOptions['resolveUpstream'];
}

/**
 * Everything the site needs from the server beside the API: /review/, robots.txt and the
 * script proxy. Beside the reference API (`npm start`, the e2e fixture, the bench), a review URL
 * without a static page answers 200 only when the review is in the API's repository
 * (review-exists.ts).
 */
export async function registerSite(app: FastifyInstance, siteDir: string, opts: SiteServerOptions = {}) {
  const { analyticsSiteId, resolveUpstream, ...site } = opts;
  const reviewExists =
    site.reviewExists ??
    (app.hasDecorator('repos') ? boundedReviewExists(repositoryReviewExists(app.repos.reviews)) : undefined);
  // Takedowns (issue 13) from the API's store when the API is in the same app.
  const isTakenDown =
    site.isTakenDown ??
    (app.hasDecorator('repos') ? (p: string, c: string) => app.repos.takedowns.isTakenDown(p, c) : undefined);
  await serveSite(app, { ...site, siteDir, reviewExists, isTakenDown });
  await robotsRoute(app);
  const siteId =
    analyticsSiteId === undefined
      ? siteConfig.analyticsSiteId
      : analyticsSiteIdFrom(analyticsSiteId, 'analyticsSiteId');
  await thirdPartyProxy(app, { allow: thirdPartyScripts(siteId).map((s) => s.src), resolveUpstream });
}
