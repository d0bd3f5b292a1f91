// Which analytics script to load, if any (issue 11, defect 8; docs/analytics.md).
import { siteConfig } from '../../site-config';
import { analyticsScriptUrl, safeAnalyticsSiteId } from '../../third-party';

declare global {
  interface Window {
    /**
     * Run-time setting, read when the delayed-load hook fires: a page that defines
     * `window.__ANALYTICS__ = { siteId }` first (the serving layer, a staging host, the e2e
     * tests) uses that id instead of the build's. The server's proxy still fetches only the
     * id it is configured with, so a page cannot widen what the proxy reaches.
     */
    __ANALYTICS__?: { siteId?: unknown };
  }
}

/** The site id in effect in this browser: the run-time setting, else the build's; null = off. */
function configuredSiteId(): string | null {
  return safeAnalyticsSiteId(window.__ANALYTICS__?.siteId) ?? siteConfig.analyticsSiteId;
}

/** The analytics script URL to run off the main thread, or null when analytics is off. */
export function analyticsScript(): string | null {
  const id = configuredSiteId();
  return id ? analyticsScriptUrl(id) : null;
}
