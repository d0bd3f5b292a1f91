import type { FastifyInstance } from 'fastify';
import { thirdPartyScripts } from '../../src/third-party';
import { serveSite } from './serve-site';
import { thirdPartyProxy } from './third-party-proxy';

/** Everything the site needs from the server beside the API: /review/ and the script proxy. */
export async function registerSite(app: FastifyInstance, siteDir: string) {
  await serveSite(app, { siteDir });
  await thirdPartyProxy(app, { allow: thirdPartyScripts.map((s) => s.src) });
}
