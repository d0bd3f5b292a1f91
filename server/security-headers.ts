// Security headers of the reference server and the site server (issue 12, item 5).
//
// Every answer gets @fastify/helmet's set (nosniff, frame denial, a strict referrer policy,
// cross-origin isolation of resources, ...) with a Content-Security-Policy that allows nothing:
// API answers are JSON and images, never documents. HSTS only on https requests (behind a
// proxy that says so in X-Forwarded-Proto when the server trusts it): over plain http browsers
// ignore it, and the loopback demo must stay reachable over http.
//
//
// The site's page policy and the API policy are values in publish/site-policy.ts (neutral: the
// publish step and deploy/nginx use them too); this module installs them on a Fastify app.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { API_POLICY, HSTS } from '../publish/site-policy';

export { API_POLICY, HSTS, inlineScriptHashes, sitePolicy, sitePolicyOptionsFromEnv } from '../publish/site-policy';
export type { SitePolicyOptions } from '../publish/site-policy';

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
