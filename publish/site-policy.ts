// The policies the site is served with, as plain values: the site server (server/site/), the
// publish step (publish/page-policies.ts: each page's CSP for nginx) and deploy/nginx read them
// from here, so the headers are the same whoever serves the files.
//
// Pages of the built site get a policy of their own (`sitePolicy`): scripts only from the
// site's origin plus the page's own inline scripts, by hash (Gatsby writes two per page: its
// page path and compilation hash, its chunk map; the 404 page has a marker script), known by
// their ids (src/site-inline-scripts.ts), so an injected script never runs even if escaping
// failed somewhere. Styles allow inline: React writes style attributes, which hashes cannot
// cover (the stylesheet itself is a file: gatsby-ssr.tsx links it).
import { createHash } from 'node:crypto';
import { inlineScripts } from '../src/site-inline-scripts';

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * 'sha256-...' sources of the page's own inline scripts (src/site-inline-scripts.ts: known ids
 * only, issue 25 F11). Any other inline script, injected or not, is not allowed to run.
 */
export function inlineScriptHashes(html: string | Uint8Array): string[] {
  const out = new Set<string>();
  for (const s of inlineScripts(html))
    if (s.known) out.add(`'sha256-${createHash('sha256').update(s.body, 'utf8').digest('base64')}'`);
  return [...out];
}

export interface SitePolicyOptions {
  /** Origins images may come from beside the site's own (a media CDN, MEDIA_BASE_URL). */
  imageOrigins?: string[];
  /** Origins the page's scripts may call beside the site's own (an API on another host). */
  connectOrigins?: string[];
}

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return /^https?:$/.test(new URL(url).protocol) ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** The policy of one page of the site, from its HTML (no HTML: the policy of its scripts and data). */
export function sitePolicy(html: string | Uint8Array, opts: SitePolicyOptions = {}): string {
  const extra = (list: string[] | undefined) => (list ?? []).map(originOf).filter((o): o is string => !!o);
  return [
    "default-src 'self'",
    // WeChat's JS-SDK, loaded only inside WeChat's browser for the share card (issue 21).
    ["script-src 'self' https://res.wx.qq.com", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...extra(opts.imageOrigins)].join(' '),
    ["media-src 'self' blob:", ...extra(opts.imageOrigins)].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...extra(opts.connectOrigins)].join(' '),
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Origins of the environment's media and API hosts, when they are not the site's own. */
export function sitePolicyOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SitePolicyOptions {
  const media = originOf(env.MEDIA_BASE_URL);
  const api = originOf(env.GATSBY_STOREFRONT_API_URL ?? env.STOREFRONT_API_URL);
  return { imageOrigins: media ? [media] : [], connectOrigins: api ? [api] : [] };
}
