// Security headers of the reference server and the site server (issue 12, item 5).
//
// Every answer gets helmet's set (nosniff, frame denial, a strict referrer policy,
// cross-origin isolation of resources, ...) with a Content-Security-Policy that allows nothing:
// API answers are JSON and images, never documents. HSTS only on https requests (behind a
// proxy that says so in X-Forwarded-Proto when the server trusts it): over plain http browsers
// ignore it, and the loopback demo must stay reachable over http.
//
//
// The site's page policy and the API policy are values in publish/site-policy.ts (neutral: the
// publish step and deploy/nginx use them too); this module installs them on a Fastify app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_POLICY, HSTS } from '../publish/site-policy';

export { API_POLICY, HSTS, inlineScriptHashes, sitePolicy, sitePolicyOptionsFromEnv } from '../publish/site-policy';
export type { SitePolicyOptions } from '../publish/site-policy';

const HELMET: HelmetOptions = {
  contentSecurityPolicy: false, // set below: one fixed header, the site scope sets its own
  strictTransportSecurity: false, // https only, below
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
};

/**
 * helmet's headers for these options, asked of helmet once. They are fixed values, and
 * @fastify/helmet built helmet's middleware chain again for every request: 8 % of the CPU of a
 * kept review detail at 1,000,000 reviews (docs/benchmarks.md).
 */
export function helmetHeaders(options: HelmetOptions = HELMET): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/** helmet's headers on every answer (the site scope replaces the CSP on its own answers). */
export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = { ...helmetHeaders(), 'Content-Security-Policy': API_POLICY };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}
