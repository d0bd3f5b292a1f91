// GET /api/v2/productcategories (pinned): the whole tree of data/categories.json.
import type { FastifyPluginAsync } from 'fastify';

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v2/productcategories', async () => ({ categories: app.catalogue.tree }));
};
