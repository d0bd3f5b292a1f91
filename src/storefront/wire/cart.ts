// Shopping cart grouped by merchant (spec section 3 "Cart and order entities", section 7
// "Cart"): request and answer schemas shared by src/storefront/cart.ts and server/routes/cart.ts.
// Money: `cents` in the product's source currency (contract "Money"); amounts the shopper pays
// (loyalty points, the customs value) are in fen, CNY cents, because a cart mixes currencies.
import { Type, type Static } from '@sinclair/typebox';
import { IdString, List, ShortText, UrlText } from './common';

/** A string enum (`enum`, not a union of literals: no ajv run when serialised). */
export const StringEnum = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values] });

export const CART_PRODUCT_KINDS = ['AVAILABLE', 'UNAVAILABLE', 'SPECIAL_OFFER', 'GIFT'] as const;
export const CartProductKind = StringEnum(CART_PRODUCT_KINDS);
export type CartProductKind = Static<typeof CartProductKind>;

export const PAYMENT_METHODS = ['WECHATPAY', 'ALIPAY', 'WECHATMINIPAY'] as const;
export const PaymentMethod = StringEnum(PAYMENT_METHODS);
export type PaymentMethod = Static<typeof PaymentMethod>;

export const ShippingMethod = StringEnum(['SUNSHINE_CUSTOM'] as const);
export type ShippingMethod = Static<typeof ShippingMethod>;

/** Most of one sku in a cart or an order (server rule, docs/server.md "Checkout"). */
export const MAX_ITEM_QUANTITY = 99;
/** Most distinct skus in one cart. */
export const MAX_CART_ITEMS = 100;
/** Installment counts; more than 1 only with ALIPAY (docs/server.md "Checkout"). */
export const INSTALLMENTS = [1, 3, 6, 12] as const;

const Quantity = Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY });
/** Ids in answers are decimal strings. */
const OutId = () => Type.String({ maxLength: 20 });
const Fen = () => Type.Integer({ minimum: 0, maximum: 1e12 });

export const CartItem = Type.Object({
  groupId: OutId(),
  skuId: OutId(),
  quantity: Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY }),
  excludedFromOrder: Type.Boolean(),
  kind: Type.Optional(CartProductKind),
  productId: Type.Optional(OutId()),
  name: Type.Optional(ShortText()),
  cents: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e10 })),
  currency: Type.Optional(ShortText({ maxLength: 3 })),
  /** Unit price in fen (cents x exchange rate). */
  fen: Type.Optional(Fen()),
  /** Units left; 0 means UNAVAILABLE. */
  stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9 })),
  image: Type.Optional(UrlText()),
});
export type CartItem = Static<typeof CartItem>;

export const LoyaltyPoints = Type.Object({ applyCents: Fen() });

export const CartGroup = Type.Object({
  /** The merchant's id: the cart is grouped by merchant. */
  groupId: OutId(),
  merchantName: Type.Optional(ShortText()),
  paymentMethod: Type.Optional(PaymentMethod),
  paymentInstallment: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  shippingMethod: Type.Optional(ShippingMethod),
  shippingAddressId: Type.Optional(OutId()),
  payerIdentityId: Type.Optional(OutId()),
  loyaltyPoints: Type.Optional(LoyaltyPoints),
  /** Included items (and the gift) at their unit fen times quantity. */
  itemsFen: Type.Optional(Fen()),
  /** itemsFen less the loyalty points applied. */
  payableFen: Type.Optional(Fen()),
  items: List(CartItem, MAX_CART_ITEMS + 1),
});
export type CartGroup = Static<typeof CartGroup>;

export const Cart = Type.Object({
  groups: List(CartGroup, MAX_CART_ITEMS),
  /** Sum of the groups' payableFen (with ca=true). */
  totalCents: Type.Optional(Fen()),
  /** The signed-in user's loyalty points, fen. */
  loyaltyBalanceCents: Type.Optional(Fen()),
  target: Type.Optional(ShortText({ maxLength: 32 })),
});
export type Cart = Static<typeof Cart>;

export const CartQuery = Type.Object({
  target: Type.Optional(Type.String({ maxLength: 32 })),
  /** ca=true: compute amounts (itemsFen, payableFen, totalCents). */
  ca: Type.Optional(Type.Boolean()),
});

export const CartMetaInfo = Type.Object({
  itemCount: Type.Integer({ minimum: 0, maximum: MAX_CART_ITEMS }),
  includedCount: Type.Integer({ minimum: 0, maximum: MAX_CART_ITEMS }),
  quantity: Type.Integer({ minimum: 0, maximum: MAX_CART_ITEMS * MAX_ITEM_QUANTITY }),
  groupCount: Type.Integer({ minimum: 0, maximum: MAX_CART_ITEMS }),
});
export type CartMetaInfo = Static<typeof CartMetaInfo>;

export const CartInfo = Type.Object({
  groups: List(
    Type.Object({
      groupId: OutId(),
      merchantName: Type.Optional(ShortText()),
      itemCount: Type.Integer({ minimum: 0, maximum: MAX_CART_ITEMS }),
      includedCount: Type.Integer({ minimum: 0, maximum: MAX_CART_ITEMS }),
      itemsFen: Fen(),
    }),
    MAX_CART_ITEMS,
  ),
  loyaltyBalanceCents: Fen(),
});
export type CartInfo = Static<typeof CartInfo>;

export const AddToCartRequest = Type.Object({
  skuId: IdString,
  quantity: Quantity,
  productId: Type.Optional(IdString),
});
export type AddToCartRequest = Static<typeof AddToCartRequest>;

/** Group settings: one call sets any of payment, shipping, address or payer. */
export const UpdateCartGroupRequest = Type.Object(
  {
    paymentMethod: Type.Optional(PaymentMethod),
    paymentInstallment: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    shippingMethod: Type.Optional(ShippingMethod),
    shippingAddressId: Type.Optional(IdString),
    payerIdentityId: Type.Optional(IdString),
  },
  { minProperties: 1 },
);
export type UpdateCartGroupRequest = Static<typeof UpdateCartGroupRequest>;

/** `{ quantity }` or `{ excludedFromOrder }` (or both). */
export const UpdateCartItemRequest = Type.Object(
  { quantity: Type.Optional(Quantity), excludedFromOrder: Type.Optional(Type.Boolean()) },
  { minProperties: 1 },
);
export type UpdateCartItemRequest = Static<typeof UpdateCartItemRequest>;

export const ExcludeAllRequest = Type.Object({ excludedFromOrder: Type.Boolean() });

export const LoyaltyPointsRequest = Type.Object({ applyCents: Type.Integer({ minimum: 1, maximum: 100_000_000 }) });

export const GroupParams = Type.Object({ groupId: IdString });
export const GroupItemParams = Type.Object({ groupId: IdString, skuId: IdString });

/** Cart checks run in two steps (spec section 4): 0 = cart, 1 = order. */
export const PreorderCheckQuery = Type.Object({ step: Type.Integer({ minimum: 0, maximum: 1 }) });

export const PREORDER_PROBLEMS = [
  'EMPTY',
  'OUT_OF_STOCK',
  'TOO_MANY',
  'NO_ADDRESS',
  'NO_PAYER',
  'CUSTOMS_LIMIT',
] as const;

export const PreorderCheckResult = Type.Object({
  ok: Type.Boolean(),
  step: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  /** Chinese text of each problem, in the order of `problems`. */
  messages: Type.Optional(List(ShortText(), MAX_CART_ITEMS + 8)),
  problems: Type.Optional(
    List(Type.Object({ code: StringEnum(PREORDER_PROBLEMS), skuId: Type.Optional(OutId()) }), MAX_CART_ITEMS + 8),
  ),
});
export type PreorderCheckResult = Static<typeof PreorderCheckResult>;
