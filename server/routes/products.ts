// Products: detail, related, similar (pinned), size chart, translation; discovery and search.
import type { FastifyPluginAsync } from 'fastify';
import { checkWindow, IdParams, ProductParams, toId } from '../schemas/common';
import { DiscoverQuery, ProductQuery, SearchBody } from '../schemas/products';

export const productRoutes: FastifyPluginAsync = async (app) => {
  const repo = app.repos.products;

  app.get<{ Params: IdParams; Querystring: ProductQuery }>('/v1/products/:id', { schema: { params: IdParams, querystring: ProductQuery } },
    async (req) => repo.getProduct(toId(req.params.id), req.query));

  app.get<{ Params: IdParams }>('/v1/products/:id/related', { schema: { params: IdParams } }, async (req) => {
    const products = repo.related(toId(req.params.id));
    return { products, total: products.length };
  });

  app.get<{ Params: ProductParams }>('/v2/products/:productId/similar/context/PRODUCT_DETAILS', { schema: { params: ProductParams } },
    async (req) => ({ products: repo.similar(toId(req.params.productId)) }));

  app.get<{ Params: IdParams }>('/v1/sizecharts/products/:id', { schema: { params: IdParams } }, async (req) => repo.sizeChart(toId(req.params.id)));

  app.get<{ Params: IdParams }>('/v1/translate/product/:id', { schema: { params: IdParams } }, async (req) => repo.translation(toId(req.params.id)));

  app.get<{ Querystring: DiscoverQuery }>('/v2/discover', { schema: { querystring: DiscoverQuery } }, async (req) => {
    const { offset, limit } = checkWindow(req.query.f, req.query.t, 100);
    return app.repos.discover.discover({ ...req.query, offset, limit });
  });

  app.post<{ Body: SearchBody }>('/v3/discover', { schema: { body: SearchBody } }, async (req) => {
    const { offset, limit } = checkWindow(req.body.f ?? 0, req.body.t ?? 10, 100);
    return { q: req.body.q, ...app.repos.discover.search(req.body.q, offset, limit) };
  });
};
