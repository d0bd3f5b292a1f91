import type { FastifyInstance } from 'fastify';
import { siteConfig } from '../../src/site-config';
import { analyticsSiteIdFrom, thirdPartyScripts } from '../../src/third-party';
import { serveSite } from './serve-site';
import { thirdPartyProxy, type ProxyOptions } from './third-party-proxy';

export interface SiteServerOptions {
  /**
   * Analytics site id whose script the proxy may fetch. Default: GATSBY_ANALYTICS_SITE_ID of
   * the server's environment (the variable the build reads); unset, the proxy allows nothing.
   */
  analyticsSiteId?: string | null;
  /** Test seam of the proxy (third-party-proxy.ts): where allow-listed URLs are fetched from. */
  resolveUpstream?: ProxyOptions['resolveUpstream'];
}

/** Everything the site needs from the server beside the API: /review/ and the script proxy. */
export async function registerSite(app: FastifyInstance, siteDir: string, opts: SiteServerOptions = {}) {
  await serveSite(app, { siteDir });
  const siteId = opts.analyticsSiteId === undefined ? siteConfig.analyticsSiteId : analyticsSiteIdFrom(opts.analyticsSiteId, 'analyticsSiteId');
  await thirdPartyProxy(app, { allow: thirdPartyScripts(siteId).map((s) => s.src), resolveUpstream: opts.resolveUpstream });
}
