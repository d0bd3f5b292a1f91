// The cart grouped by merchant (spec section 7, "Cart"): every call needs a signed-in user (401
// otherwise) and works on that user's cart only. Write answers are the whole cart, with amounts.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn } from '../context';
import { noBodyIsEmptyObject } from './hooks';
import {
  AddToCartRequest,
  Cart,
  CartInfo,
  CartMetaInfo,
  CartQuery,
  ExcludeAllRequest,
  GroupItemParams,
  GroupParams,
  LoyaltyPointsRequest,
  PreorderCheckQuery,
  PreorderCheckResult,
  UpdateCartGroupRequest,
  UpdateCartItemRequest,
} from '../../src/storefront/wire/cart';
import { toId } from './window';

/** The spec's "protobuf-json content type" of cart-meta-info and cart-info: JSON text under it. */
export const PROTOBUF_JSON = 'application/x-protobuf-json; charset=utf-8';

const CART = '/v2/shoppingcart';
const GROUP = `${CART}/groups/:groupId`;
const ITEM = `${GROUP}/items/:skuId`;

export const cartRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cart = () => app.repos.cart;
  const answer = { response: { 200: Cart } };
  app.addHook('onRequest', signedIn(app));
  app.addHook('preValidation', noBodyIsEmptyObject);

  app.get(CART, { schema: { querystring: CartQuery, ...answer } }, async (req) =>
    cart().view(requireUser(app, req), { amounts: req.query.ca === true, target: req.query.target }),
  );

  app.post(CART, { schema: { body: AddToCartRequest, ...answer } }, async (req) =>
    cart().add(requireUser(app, req), req.body),
  );

  app.get(`${CART}/cart-meta-info`, { schema: { response: { 200: CartMetaInfo } } }, async (req, reply) => {
    const meta = cart().metaInfo(requireUser(app, req));
    return reply.type(PROTOBUF_JSON).send(meta);
  });

  app.get(`${CART}/cart-info`, { schema: { response: { 200: CartInfo } } }, async (req, reply) => {
    const info = cart().info(requireUser(app, req));
    return reply.type(PROTOBUF_JSON).send(info);
  });

  app.post(GROUP, { schema: { params: GroupParams, body: UpdateCartGroupRequest, ...answer } }, async (req) =>
    cart().updateGroup(requireUser(app, req), toId(req.params.groupId), req.body),
  );

  // `_all` is a static segment: find-my-way prefers it over the :skuId parameter.
  app.post(
    `${GROUP}/items/_all`,
    { schema: { params: GroupParams, body: ExcludeAllRequest, ...answer } },
    async (req) => cart().setAllExcluded(requireUser(app, req), toId(req.params.groupId), req.body.excludedFromOrder),
  );

  app.post(ITEM, { schema: { params: GroupItemParams, body: UpdateCartItemRequest, ...answer } }, async (req) =>
    cart().updateItem(requireUser(app, req), toId(req.params.groupId), toId(req.params.skuId), req.body),
  );

  app.delete(ITEM, { schema: { params: GroupItemParams, ...answer } }, async (req) =>
    cart().removeItem(requireUser(app, req), toId(req.params.groupId), toId(req.params.skuId)),
  );

  app.post(
    `${GROUP}/loyalty-points`,
    { schema: { params: GroupParams, body: LoyaltyPointsRequest, ...answer } },
    async (req) => cart().applyPoints(requireUser(app, req), toId(req.params.groupId), req.body.applyCents),
  );

  app.delete(`${GROUP}/loyalty-points`, { schema: { params: GroupParams, ...answer } }, async (req) =>
    cart().removePoints(requireUser(app, req), toId(req.params.groupId)),
  );

  app.get(
    `${GROUP}/preordercheck`,
    { schema: { params: GroupParams, querystring: PreorderCheckQuery, response: { 200: PreorderCheckResult } } },
    async (req) => cart().preorderCheck(requireUser(app, req), toId(req.params.groupId), req.query.step === 1 ? 1 : 0),
  );
};
