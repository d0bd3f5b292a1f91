// Third-party scripts the site may load off the main thread (issue 11, defect 8; docs/analytics.md).
// The only one is the site-analytics script (Baidu Tongji), and only when a site id is
// configured: with no id this list is empty, so GET /__third-party-proxy refuses every URL.
// Shared by the browser (which script to load), gatsby-config.ts and the server (allow-list).

export interface ThirdPartyScript {
  id: string;
  src: string;
}

/** Baidu Tongji's loader; the site id is its query string. */
const ANALYTICS_SCRIPT_BASE = 'https://hm.baidu.com/hm.js';

/** Root path of the script proxy (spec section 2, "Other paths"): outside /review, as Gatsby's Script API builds it. */
export const THIRD_PARTY_PROXY_PATH = '/__third-party-proxy';

// A Baidu Tongji site id is 32 hexadecimal characters.
const SITE_ID = /^[0-9a-f]{32}$/;

/**
 * The configured analytics site id, or null when none is set (the default: nothing loads).
 * A value that is set but malformed is a configuration error and throws, naming the setting.
 */
export function analyticsSiteIdFrom(
  raw: string | undefined | null,
  setting = 'GATSBY_ANALYTICS_SITE_ID',
): string | null {
  const v = (raw ?? '').trim().toLowerCase();
  if (!v) return null;
  if (v.length > 64 || !SITE_ID.test(v)) {
    throw new Error(
      `${setting} must be a Baidu Tongji site id: 32 hexadecimal characters (got ${Math.min(v.length, 64)}${v.length > 64 ? '+' : ''} characters)`,
    );
  }
  return v;
}

/** Lenient variant for values set at run time in the browser: malformed means "not configured". */
export function safeAnalyticsSiteId(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  try {
    return analyticsSiteIdFrom(raw);
  } catch {
    return null;
  }
}

export const analyticsScriptUrl = (siteId: string) => `${ANALYTICS_SCRIPT_BASE}?${siteId}`;

/** The scripts for a configuration: none without a site id. Also the proxy's allow-list. */
export function thirdPartyScripts(siteId: string | null): ThirdPartyScript[] {
  return siteId ? [{ id: 'baidu-tongji', src: analyticsScriptUrl(siteId) }] : [];
}

/** The same-origin proxy URL of a third-party script (the form gatsby-script's off-main-thread strategy uses). */
export const thirdPartyProxyUrl = (src: string) => `${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(src)}`;
