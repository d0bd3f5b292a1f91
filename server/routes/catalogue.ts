// GET /api/v2/productcategories (pinned): the whole tree of data/categories.json.
import type { FastifyPluginAsync } from 'fastify';

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  // The tree never changes while the server runs: serialise its ~200 KB once, not per request
  // (docs/benchmarks.md: per-request JSON.stringify held the endpoint at 0.03x a bare route).
  const body = JSON.stringify({ categories: app.catalogue.tree });
  app.get('/v2/productcategories', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
};
