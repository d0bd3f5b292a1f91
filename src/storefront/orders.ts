// Orders (spec section 7, "Orders"). Cancelling takes two steps: apply, then confirm
// (spec section 4). Answer shapes are the project's own (docs/api-client.md).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { OrderStatus, PaymentMethod } from './enums';
import type { PaymentInfo, UtmParams } from './storage';

const ORDERS = '/api/v1/orders';
const order = (id: string | number) => `${ORDERS}/${seg(id)}`;

export interface CreateOrderRequest {
  groupId: string;
  paymentMethod?: PaymentMethod;
  /** Attribution captured from the landing URL (session.ts captureUtm). */
  utmParams?: UtmParams;
}

export interface OrderSummary {
  id: string;
  status: OrderStatus;
  totalCents?: number;
  createdAt?: number;
}

export interface Order extends OrderSummary {
  groups?: Array<{ id: string; items: Array<{ id: string; skuId: string; quantity: number; name?: string }> }>;
  paymentInfo?: PaymentInfo;
  [field: string]: unknown;
}

export interface OrderListQuery {
  status?: OrderStatus;
  f?: number;
  t?: number;
}

export interface OrderList {
  orders: OrderSummary[];
  total?: number;
}

export interface CancelRequest {
  reason?: string;
}

export interface FriendPayRequest {
  payerName?: string;
  payerIdNumber?: string;
}

/** POST /api/v1/orders */
export const createOrder = (c: StorefrontClient, body: CreateOrderRequest) => c.post<Order>(ORDERS, body);

/** GET /api/v1/orders with filter params. */
export const listOrders = (c: StorefrontClient, query: OrderListQuery = {}) =>
  c.get<OrderList>(ORDERS, { params: { ...query } });

/** GET /api/v1/orders/{id}?pv=true */
export const getOrder = (c: StorefrontClient, id: string) => c.get<Order>(order(id), { params: { pv: true } });

/** GET /api/v1/orders/{id}/completion */
export const getOrderCompletion = (c: StorefrontClient, id: string) =>
  c.get<Record<string, unknown>>(`${order(id)}/completion`);

/** Cancel, step 1: POST /api/v1/orders/{id}/cancel2/_apply */
export const applyCancelOrder = (c: StorefrontClient, id: string, body: CancelRequest = {}) =>
  c.post<Record<string, unknown>>(`${order(id)}/cancel2/_apply`, body);

/** Cancel, step 2: POST /api/v1/orders/{id}/cancel2/_confirm */
export const confirmCancelOrder = (c: StorefrontClient, id: string, body: CancelRequest = {}) =>
  c.post<Order>(`${order(id)}/cancel2/_confirm`, body);

/** GET /api/v1/orders/{id}/groups/{gid}/items/{iid}/shipping */
export const getItemShipping = (c: StorefrontClient, id: string, groupId: string, itemId: string) =>
  c.get<Record<string, unknown>>(`${order(id)}/groups/${seg(groupId)}/items/${seg(itemId)}/shipping`);

/** GET /api/v1/orders/{id}/payment/friend-pay */
export const getFriendPay = (c: StorefrontClient, id: string) =>
  c.get<Record<string, unknown>>(`${order(id)}/payment/friend-pay`);

/** POST /api/v1/orders/{id}/payment/friend-pay */
export const createFriendPay = (c: StorefrontClient, id: string, body: FriendPayRequest = {}) =>
  c.post<PaymentInfo>(`${order(id)}/payment/friend-pay`, body);

/** POST /api/v1/orders/{id}/payment/friend-pay/checkpayeridentity */
export const checkFriendPayerIdentity = (c: StorefrontClient, id: string, body: FriendPayRequest) =>
  c.post<{ ok: boolean }>(`${order(id)}/payment/friend-pay/checkpayeridentity`, body);

/** GET /api/v1/orders/{id}/pay-on-behalf */
export const getPayOnBehalf = (c: StorefrontClient, id: string) =>
  c.get<Record<string, unknown>>(`${order(id)}/pay-on-behalf`);

/** POST /api/v1/_internal/order-admin/orders/update-bc-sell */
export const updateBcSell = (c: StorefrontClient, body: { orderIds: string[]; bcSell: boolean }) =>
  c.post<Record<string, unknown>>('/api/v1/_internal/order-admin/orders/update-bc-sell', body);
