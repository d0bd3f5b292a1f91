// Products: detail, related, similar (pinned), size chart, translation; discovery and search.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams, ProductParams } from '../../src/storefront/wire/common';
import {
  DiscoverQuery,
  ProductDetail,
  ProductListResponse,
  ProductQuery,
  ProductTranslation,
  RecommendBottomBody,
  SearchBody,
  SearchResponse,
  SimilarResponse,
  SizeChart,
} from '../../src/storefront/wire/products';
import { checkWindow, toId } from './window';

export const productRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const repo = app.repos.products;

  app.get(
    '/v1/products/:id',
    { schema: { params: IdParams, querystring: ProductQuery, response: { 200: ProductDetail } } },
    async (req) => repo.getProduct(toId(req.params.id), req.query),
  );

  app.get(
    '/v1/products/:id/related',
    { schema: { params: IdParams, response: { 200: ProductListResponse } } },
    async (req) => {
      const products = repo.related(toId(req.params.id));
      return { products, total: products.length };
    },
  );

  app.get(
    '/v2/products/:productId/similar/context/PRODUCT_DETAILS',
    { schema: { params: ProductParams, response: { 200: SimilarResponse } } },
    async (req) => ({ products: repo.similar(toId(req.params.productId)) }),
  );

  app.get('/v1/sizecharts/products/:id', { schema: { params: IdParams, response: { 200: SizeChart } } }, async (req) =>
    repo.sizeChart(toId(req.params.id)),
  );

  app.get(
    '/v1/translate/product/:id',
    { schema: { params: IdParams, response: { 200: ProductTranslation } } },
    async (req) => repo.translation(toId(req.params.id)),
  );

  app.get(
    '/v2/discover',
    { schema: { querystring: DiscoverQuery, response: { 200: ProductListResponse } } },
    async (req) => {
      const { offset, limit } = checkWindow(req.query.f, req.query.t, 100);
      return app.repos.discover.discover({ ...req.query, offset, limit });
    },
  );

  app.post('/v3/discover', { schema: { body: SearchBody, response: { 200: SearchResponse } } }, async (req) => {
    const { offset, limit } = checkWindow(req.body.f ?? 0, req.body.t ?? 10, 100);
    return app.repos.search.products(req.body.q, offset, limit);
  });
  // Recommendations at the bottom of a page: the product's related ones when a product is
  // given, else the most popular; the window f..t over that list.
  app.post(
    '/v2/recommend/product/bottom',
    { schema: { body: RecommendBottomBody, response: { 200: ProductListResponse } } },
    async (req) => {
      const body = req.body ?? { f: 0, t: 10 };
      const { offset, limit } = checkWindow(body.f, body.t, 50);
      if (body.productId === undefined) return app.repos.discover.discover({ offset, limit });
      const related = repo.related(toId(body.productId));
      return { products: related.slice(offset, offset + limit), total: related.length };
    },
  );
};
