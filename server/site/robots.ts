// GET /robots.txt for `npm start`'s origin (issue 11, "Crawler readiness"). In production the
// storefront's own root serves robots.txt; docs/seo.md lists the lines it must carry.
import type { FastifyInstance } from 'fastify';
import { siteConfig } from '../../src/site-config';
import { withPrefix } from '../../src/paths';

/** The robots.txt body: the review site is open; the API, the script proxy and the editor console are not pages. */
function robotsTxt(siteUrl = siteConfig.siteUrl): string {
  return [
    'User-agent: *',
    `Allow: ${withPrefix('/')}`,
    'Disallow: /api/',
    'Disallow: /__third-party-proxy',
    'Disallow: /editor/',
    '',
    `Sitemap: ${siteUrl.replace(/\/+$/, '')}${withPrefix('/sitemap-index.xml')}`,
    '',
  ].join('\n');
}

export async function robotsRoute(app: FastifyInstance) {
  const body = robotsTxt();
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body),
  );
}
