// Brands and merchants.
import type { FastifyPluginAsync } from 'fastify';
import { checkWindow, IdParams, toId } from '../schemas/common';
import { BrandsQuery } from '../schemas/products';

export const shopRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: BrandsQuery }>('/v1/brands', { schema: { querystring: BrandsQuery } }, async (req) => {
    // Spec section 9: the site fetches the whole list, 0 to 10000.
    const { offset, limit } = checkWindow(req.query.f, req.query.t, 10000);
    return app.repos.shops.brands({ offset, limit, includeEmpty: req.query.np });
  });

  app.get('/v2/merchants', async () => ({ merchants: app.repos.shops.merchants() }));

  app.get<{ Params: IdParams }>('/v1/merchants/:id/domesticshipping', { schema: { params: IdParams } },
    async (req) => app.repos.shops.domesticShipping(toId(req.params.id)));
};
