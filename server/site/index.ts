import type { FastifyInstance } from 'fastify';
import { thirdPartyScripts } from '../../src/third-party';
import { robotsRoute } from './robots';
import { serveSite } from './serve-site';
import { thirdPartyProxy } from './third-party-proxy';

/** Everything the site needs from the server beside the API: /review/, robots.txt and the script proxy. */
export async function registerSite(app: FastifyInstance, siteDir: string) {
  await serveSite(app, { siteDir });
  await robotsRoute(app);
  await thirdPartyProxy(app, { allow: thirdPartyScripts.map((s) => s.src) });
}
