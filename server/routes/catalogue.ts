// GET /api/v2/productcategories (pinned): the whole tree of data/categories.json.
import type { FastifyPluginAsync } from 'fastify';
import type { CategoriesResponse } from '../../src/storefront/wire/catalogue';

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  // The tree never changes while the server runs: serialise its ~200 KB once, not per request
  // (docs/benchmarks.md: per-request JSON.stringify held the endpoint at 0.03x a bare route).
  // No response schema for the same reason: Fastify sends a string as it is.
  const answer: CategoriesResponse = { categories: app.catalogue.tree };
  const body = JSON.stringify(answer);
  app.get('/v2/productcategories', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
};
