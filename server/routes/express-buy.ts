// Express buy (spec section 7): sku -> details -> pre-order check, for signed-in users only
// (401 for guests, 404 on another user's express buy, as on a missing one).
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn } from '../context';
import { noBodyIsEmptyObject } from './hooks';
import { PreorderCheckResult } from '../../src/storefront/wire/cart';
import { ExpressBuyDetails, ExpressBuyRequest, ExpressBuyUpdate, OrderParams } from '../../src/storefront/wire/orders';
import { toId } from './window';

export const expressBuyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', signedIn(app));
  app.addHook('preValidation', noBodyIsEmptyObject);

  app.post(
    '/v1/express-buy/sku',
    { schema: { body: ExpressBuyRequest, response: { 200: ExpressBuyDetails } } },
    async (req) => app.repos.expressBuy.start(requireUser(app, req), req.body),
  );

  app.post(
    '/v1/express-buy/details/:id',
    { schema: { params: OrderParams, body: ExpressBuyUpdate, response: { 200: ExpressBuyDetails } } },
    async (req) => app.repos.expressBuy.update(requireUser(app, req), toId(req.params.id), req.body),
  );

  app.get(
    '/v1/express-buy/preordercheck/:id',
    { schema: { params: OrderParams, response: { 200: PreorderCheckResult } } },
    async (req) => app.repos.expressBuy.preorderCheck(requireUser(app, req), toId(req.params.id)),
  );
};
