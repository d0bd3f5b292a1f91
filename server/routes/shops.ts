// Brands and merchants.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { IdParams } from '../../src/storefront/wire/common';
import { BrandsQuery, BrandsResponse, DomesticShipping, MerchantsResponse } from '../../src/storefront/wire/products';
import { checkWindow, toId } from './window';

export const shopRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/brands', { schema: { querystring: BrandsQuery, response: { 200: BrandsResponse } } }, async (req) => {
    // Spec section 9: the site fetches the whole list, 0 to 10000.
    const { offset, limit } = checkWindow(req.query.f, req.query.t, 10000);
    return app.repos.shops.brands({ offset, limit, includeEmpty: req.query.np });
  });

  app.get('/v2/merchants', { schema: { response: { 200: MerchantsResponse } } }, async () => ({
    merchants: app.repos.shops.merchants(),
  }));

  app.get(
    '/v1/merchants/:id/domesticshipping',
    { schema: { params: IdParams, response: { 200: DomesticShipping } } },
    async (req) => app.repos.shops.domesticShipping(toId(req.params.id)),
  );
};
