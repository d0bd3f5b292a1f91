import type { FastifyInstance } from 'fastify';
import { thirdPartyScripts } from '../../src/third-party';
import { robotsRoute } from './robots';
import { serveSite, type SiteOptions } from './serve-site';
import { boundedReviewExists, repositoryReviewExists } from './review-exists';
import { thirdPartyProxy } from './third-party-proxy';

/**
 * Everything the site needs from the server beside the API: /review/, robots.txt and the
 * script proxy. Beside the reference API (`npm start`, the e2e fixture, the bench), a review URL
 * without a static page answers 200 only when the review is in the API's repository
 * (review-exists.ts).
 */
export async function registerSite(app: FastifyInstance, siteDir: string, opts: Omit<SiteOptions, 'siteDir'> = {}) {
  const reviewExists = opts.reviewExists
    ?? (app.hasDecorator('repos') ? boundedReviewExists(repositoryReviewExists(app.repos.reviews)) : undefined);
  await serveSite(app, { ...opts, siteDir, reviewExists });
  await robotsRoute(app);
  await thirdPartyProxy(app, { allow: thirdPartyScripts.map((s) => s.src) });
}
