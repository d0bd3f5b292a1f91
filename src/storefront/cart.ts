// Shopping cart (spec section 7, "Cart"). Cart checks run in two steps: 0 = cart, 1 = order
// (spec section 4). Answer shapes are the project's own (docs/api-client.md).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { CartProductKind, PaymentMethod, PreorderCheckStep, ShippingMethod } from './enums';

const CART = '/api/v2/shoppingcart';
const group = (groupId: string | number) => `${CART}/groups/${seg(groupId)}`;

/** Content type of cart-meta-info / cart-info (protobuf messages rendered as JSON). */
export const PROTOBUF_JSON = 'application/x-protobuf-json';

export interface CartItem {
  groupId: string;
  skuId: string;
  quantity: number;
  excludedFromOrder: boolean;
  kind?: CartProductKind;
  productId?: string;
  name?: string;
  cents?: number;
  image?: string;
}

export interface CartGroup {
  groupId: string;
  merchantName?: string;
  paymentMethod?: PaymentMethod;
  paymentInstallment?: number;
  shippingMethod?: ShippingMethod;
  shippingAddressId?: string;
  loyaltyPoints?: { applyCents: number };
  items: CartItem[];
}

export interface Cart {
  groups: CartGroup[];
  totalCents?: number;
}

export interface CartMetaInfo {
  itemCount: number;
  [field: string]: unknown;
}

export type CartInfo = Record<string, unknown>;

export interface AddToCartRequest {
  skuId: string;
  quantity: number;
  productId?: string;
}

/** Group settings: one call sets any of payment, shipping, address or payer. */
export interface UpdateCartGroupRequest {
  paymentMethod?: PaymentMethod;
  paymentInstallment?: number;
  shippingMethod?: ShippingMethod;
  shippingAddressId?: string;
  payerIdentityId?: string;
}

export type UpdateCartItemRequest = { quantity: number } | { excludedFromOrder: boolean };

export interface PreorderCheckResult {
  ok: boolean;
  messages?: string[];
}

/** GET /api/v2/shoppingcart?target=..&ca=true */
export const getCart = (c: StorefrontClient, target: string) => c.get<Cart>(CART, { params: { target, ca: true } });

/** POST /api/v2/shoppingcart (add). */
export const addToCart = (c: StorefrontClient, body: AddToCartRequest) => c.post<Cart>(CART, body);

/** GET /api/v2/shoppingcart/cart-meta-info (protobuf-json). */
export const getCartMetaInfo = (c: StorefrontClient) =>
  c.get<CartMetaInfo>(`${CART}/cart-meta-info`, { headers: { Accept: PROTOBUF_JSON } });

/** GET /api/v2/shoppingcart/cart-info (protobuf-json). */
export const getCartInfo = (c: StorefrontClient) =>
  c.get<CartInfo>(`${CART}/cart-info`, { headers: { Accept: PROTOBUF_JSON } });

/** POST /api/v2/shoppingcart/groups/{groupId} */
export const updateCartGroup = (c: StorefrontClient, groupId: string, body: UpdateCartGroupRequest) =>
  c.post<Cart>(group(groupId), body);

/** POST /api/v2/shoppingcart/groups/{groupId}/items/{skuId} with quantity or excludedFromOrder. */
export const updateCartItem = (c: StorefrontClient, groupId: string, skuId: string, body: UpdateCartItemRequest) =>
  c.post<Cart>(`${group(groupId)}/items/${seg(skuId)}`, body);

/** DELETE /api/v2/shoppingcart/groups/{groupId}/items/{skuId} */
export const removeCartItem = (c: StorefrontClient, groupId: string, skuId: string) =>
  c.delete<Cart>(`${group(groupId)}/items/${seg(skuId)}`);

/** POST /api/v2/shoppingcart/groups/{groupId}/items/_all with excludedFromOrder. */
export const setAllCartItemsExcluded = (c: StorefrontClient, groupId: string, excludedFromOrder: boolean) =>
  c.post<Cart>(`${group(groupId)}/items/_all`, { excludedFromOrder });

/** POST /api/v2/shoppingcart/groups/{groupId}/loyalty-points {applyCents} */
export const applyLoyaltyPoints = (c: StorefrontClient, groupId: string, applyCents: number) =>
  c.post<Cart>(`${group(groupId)}/loyalty-points`, { applyCents });

/** DELETE /api/v2/shoppingcart/groups/{groupId}/loyalty-points */
export const removeLoyaltyPoints = (c: StorefrontClient, groupId: string) =>
  c.delete<Cart>(`${group(groupId)}/loyalty-points`);

/** GET /api/v2/shoppingcart/groups/{groupId}/preordercheck?step=0|1 */
export const preorderCheck = (c: StorefrontClient, groupId: string, step: PreorderCheckStep) =>
  c.get<PreorderCheckResult>(`${group(groupId)}/preordercheck`, { params: { step } });
