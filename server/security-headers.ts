// Security headers of the reference server and the site server (issue 12, item 5).
//
// Every answer gets @fastify/helmet's set (nosniff, frame denial, a strict referrer policy,
// cross-origin isolation of resources, ...) with a Content-Security-Policy that allows nothing:
// API answers are JSON and images, never documents. HSTS only on https requests (behind a
// proxy that says so in X-Forwarded-Proto when the server trusts it): over plain http browsers
// ignore it, and the loopback demo must stay reachable over http.
//
// Pages of the built site get a policy of their own (`sitePolicy`): scripts only from the
// site's origin plus the exact inline scripts of that page, by hash (Gatsby writes a few per
// page: its page path, chunk map and compilation hash; the 404 page's marker script), so an
// injected script never runs even if escaping failed somewhere. Styles allow inline: Gatsby
// inlines the stylesheet and React writes style attributes, which hashes cannot cover.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Types a <script> runs as (HTML spec: a missing type or a JavaScript MIME type, or module). */
const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-...' sources of the page's inline scripts that a browser would run. */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE.test(type.trim())) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
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
export function sitePolicy(html: string, opts: SitePolicyOptions = {}): string {
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

/** helmet's headers on every answer (the site scope replaces the CSP on its own answers). */
export function installSecurityHeaders(app: FastifyInstance): void {
  void app.register(helmet, {
    global: true,
    contentSecurityPolicy: false, // set below: one fixed header, the site scope sets its own
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('Content-Security-Policy', API_POLICY);
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
