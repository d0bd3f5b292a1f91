// Orders (spec section 7, "Orders"): every call is the signed-in user's (401 for guests, 404
// on another user's order), except the internal bc-sell update, which takes the order admin's
// token instead (adminAuth). Transitions: docs/server.md, "Checkout".
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn } from '../context';
import { noBodyIsEmptyObject } from './hooks';
import {
  BcSellRequest,
  BcSellResult,
  CancelApplied,
  CancelRequest,
  CreateOrderRequest,
  FriendPay,
  FriendPayRequest,
  ItemShipping,
  ItemShippingParams,
  Order,
  OrderCompletion,
  OrderList,
  OrderListQuery,
  OrderParams,
  OrderQuery,
  PayerCheck,
  PaymentInfo,
  PayOnBehalf,
} from '../../src/storefront/wire/orders';
import { adminAuth } from '../admin-token';
import { checkWindow, toId } from './window';

export interface OrderRoutesOptions {
  /** The order admin's bearer token (STOREFRONT_ADMIN_TOKEN); empty: no internal call is allowed. */
  adminToken?: string;
}

const ORDER = '/v1/orders/:id';

export const orderRoutes: FastifyPluginAsync<OrderRoutesOptions> = async (fastify, opts) => {
  // The internal call first, in its own scope: it has no user session, only the admin token.
  await fastify.register(async (internal) => {
    const app = internal.withTypeProvider<TypeBoxTypeProvider>();
    app.addHook('preValidation', adminAuth({ token: opts.adminToken }));
    app.post(
      '/v1/_internal/order-admin/orders/update-bc-sell',
      { schema: { body: BcSellRequest, response: { 200: BcSellResult } } },
      async (req) => app.repos.orders.updateBcSell(req.body.orderIds.map(toId), req.body.bcSell),
    );
  });

  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const orders = () => app.repos.orders;
    app.addHook('onRequest', signedIn(app));
    app.addHook('preValidation', noBodyIsEmptyObject);
    const id = (p: { id: string }) => toId(p.id);

    app.post('/v1/orders', { schema: { body: CreateOrderRequest, response: { 200: Order } } }, async (req) =>
      orders().create(requireUser(app, req), req.body),
    );

    app.get('/v1/orders', { schema: { querystring: OrderListQuery, response: { 200: OrderList } } }, async (req) => {
      const { offset, limit } = checkWindow(req.query.f, req.query.t, 50);
      return orders().list(requireUser(app, req), { status: req.query.status, offset, limit });
    });

    app.get(
      ORDER,
      { schema: { params: OrderParams, querystring: OrderQuery, response: { 200: Order } } },
      async (req) => orders().detail(requireUser(app, req), id(req.params), req.query.pv === true),
    );

    app.get(
      `${ORDER}/completion`,
      { schema: { params: OrderParams, response: { 200: OrderCompletion } } },
      async (req) => orders().completion(requireUser(app, req), id(req.params)),
    );

    app.post(
      `${ORDER}/cancel2/_apply`,
      { schema: { params: OrderParams, body: CancelRequest, response: { 200: CancelApplied } } },
      async (req) => orders().applyCancel(requireUser(app, req), id(req.params), req.body?.reason),
    );

    app.post(
      `${ORDER}/cancel2/_confirm`,
      { schema: { params: OrderParams, body: CancelRequest, response: { 200: Order } } },
      async (req) => orders().confirmCancel(requireUser(app, req), id(req.params)),
    );

    app.get(
      `${ORDER}/groups/:gid/items/:iid/shipping`,
      {
        schema: {
          params: ItemShippingParams,
          response: { 200: ItemShipping },
        },
      },
      async (req) =>
        orders().itemShipping(requireUser(app, req), id(req.params), toId(req.params.gid), toId(req.params.iid)),
    );

    app.get(
      `${ORDER}/payment/friend-pay`,
      { schema: { params: OrderParams, response: { 200: FriendPay } } },
      async (req) => app.repos.payments.getFriendPay(requireUser(app, req), id(req.params)),
    );

    app.post(
      `${ORDER}/payment/friend-pay`,
      { schema: { params: OrderParams, body: FriendPayRequest, response: { 200: PaymentInfo } } },
      async (req) => app.repos.payments.createFriendPay(requireUser(app, req), id(req.params), req.body ?? {}),
    );

    app.post(
      `${ORDER}/payment/friend-pay/checkpayeridentity`,
      { schema: { params: OrderParams, body: FriendPayRequest, response: { 200: PayerCheck } } },
      async (req) => ({ ok: app.repos.payments.payerMatches(requireUser(app, req), id(req.params), req.body ?? {}) }),
    );

    app.get(
      `${ORDER}/pay-on-behalf`,
      { schema: { params: OrderParams, response: { 200: PayOnBehalf } } },
      async (req) => app.repos.payments.payOnBehalf(requireUser(app, req), id(req.params)),
    );
  });
};
