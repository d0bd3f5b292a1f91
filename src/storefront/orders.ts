// Orders (spec section 7, "Orders"). Cancelling takes two steps: apply, then confirm
// (spec section 4). Answer shapes are the project's own: the wire schemas of wire/orders.ts
// (docs/api-client.md; transitions in docs/server.md, "Checkout").

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type {
  BcSellRequest,
  BcSellResult,
  CancelApplied,
  CancelRequest,
  CreateOrderRequest,
  FriendPay,
  FriendPayRequest,
  ItemShipping,
  Order,
  OrderCompletion,
  OrderList,
  OrderListQuery,
  PaymentInfo,
  PayOnBehalf,
} from './wire/orders';

const ORDERS = '/api/v1/orders';
const order = (id: string | number) => `${ORDERS}/${seg(id)}`;

export type {
  BcSellRequest,
  BcSellResult,
  CancelApplied,
  CancelRequest,
  CreateOrderRequest,
  FriendPay,
  FriendPayRequest,
  ItemShipping,
  Order,
  OrderCompletion,
  OrderList,
  OrderListQuery,
  OrderSummary,
  PayOnBehalf,
} from './wire/orders';

/** The order admin's token header of the internal call (server: STOREFRONT_ADMIN_TOKEN). */
const adminHeaders = (adminToken?: string) =>
  adminToken ? { headers: { Authorization: `Bearer ${adminToken}` } } : {};

/** POST /api/v1/orders */
export const createOrder = (c: StorefrontClient, body: CreateOrderRequest) => c.post<Order>(ORDERS, body);

/** GET /api/v1/orders with filter params. */
export const listOrders = (c: StorefrontClient, query: OrderListQuery = {}) =>
  c.get<OrderList>(ORDERS, { params: { ...query } });

/** GET /api/v1/orders/{id}?pv=true */
export const getOrder = (c: StorefrontClient, id: string) => c.get<Order>(order(id), { params: { pv: true } });

/** GET /api/v1/orders/{id}/completion */
export const getOrderCompletion = (c: StorefrontClient, id: string) =>
  c.get<OrderCompletion>(`${order(id)}/completion`);

/** Cancel, step 1: POST /api/v1/orders/{id}/cancel2/_apply */
export const applyCancelOrder = (c: StorefrontClient, id: string, body: CancelRequest = {}) =>
  c.post<CancelApplied>(`${order(id)}/cancel2/_apply`, body);

/** Cancel, step 2: POST /api/v1/orders/{id}/cancel2/_confirm */
export const confirmCancelOrder = (c: StorefrontClient, id: string, body: CancelRequest = {}) =>
  c.post<Order>(`${order(id)}/cancel2/_confirm`, body);

/** GET /api/v1/orders/{id}/groups/{gid}/items/{iid}/shipping */
export const getItemShipping = (c: StorefrontClient, id: string, groupId: string, itemId: string) =>
  c.get<ItemShipping>(`${order(id)}/groups/${seg(groupId)}/items/${seg(itemId)}/shipping`);

/** GET /api/v1/orders/{id}/payment/friend-pay */
export const getFriendPay = (c: StorefrontClient, id: string) => c.get<FriendPay>(`${order(id)}/payment/friend-pay`);

/** POST /api/v1/orders/{id}/payment/friend-pay */
export const createFriendPay = (c: StorefrontClient, id: string, body: FriendPayRequest = {}) =>
  c.post<PaymentInfo>(`${order(id)}/payment/friend-pay`, body);

/** POST /api/v1/orders/{id}/payment/friend-pay/checkpayeridentity */
export const checkFriendPayerIdentity = (c: StorefrontClient, id: string, body: FriendPayRequest) =>
  c.post<{ ok: boolean }>(`${order(id)}/payment/friend-pay/checkpayeridentity`, body);

/** GET /api/v1/orders/{id}/pay-on-behalf */
export const getPayOnBehalf = (c: StorefrontClient, id: string) => c.get<PayOnBehalf>(`${order(id)}/pay-on-behalf`);

/** POST /api/v1/_internal/order-admin/orders/update-bc-sell (internal: the order admin's token). */
export const updateBcSell = (c: StorefrontClient, body: BcSellRequest, adminToken?: string) =>
  c.post<BcSellResult>('/api/v1/_internal/order-admin/orders/update-bc-sell', body, adminHeaders(adminToken));
