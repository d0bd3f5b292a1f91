// Shopping cart (spec section 7, "Cart"). Cart checks run in two steps: 0 = cart, 1 = order
// (spec section 4). Answer shapes are the project's own: the wire schemas of wire/cart.ts, which
// the reference server validates and serialises with (docs/api-client.md, docs/server.md "Checkout").

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { PreorderCheckStep } from './enums';
import type {
  AddToCartRequest,
  Cart,
  CartInfo,
  CartMetaInfo,
  PreorderCheckResult,
  UpdateCartGroupRequest,
  UpdateCartItemRequest,
} from './wire/cart';

const CART = '/api/v2/shoppingcart';
const group = (groupId: string | number) => `${CART}/groups/${seg(groupId)}`;

/** Content type of cart-meta-info / cart-info (protobuf messages rendered as JSON). */
export const PROTOBUF_JSON = 'application/x-protobuf-json';

export type {
  AddToCartRequest,
  Cart,
  CartGroup,
  CartInfo,
  CartItem,
  CartMetaInfo,
  PreorderCheckResult,
  UpdateCartGroupRequest,
  UpdateCartItemRequest,
} from './wire/cart';

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
