// Orders (spec section 7 "Orders") and express buy (section 7 "Express buy"): request and
// answer schemas shared by src/storefront/{orders,express-buy}.ts and server/routes/. Status
// transitions and the pre-order rules: docs/server.md, "Checkout".
import { Type, type Static } from '@sinclair/typebox';
import { IdString, List, ShortText } from './common';
import { MAX_CART_ITEMS, MAX_ITEM_QUANTITY, PaymentMethod, ShippingMethod, StringEnum } from './cart';

/**
 * Statuses seen (spec section 3) plus the project's CANCELLED (the end of the two-step cancel,
 * spec section 4).
 */
export const ORDER_STATUSES = ['RECEIVED', 'FAILED_TO_PLACE', 'AWAIT_PAYMENT', 'CANCELLED'] as const;
export const OrderStatus = StringEnum(ORDER_STATUSES);
export type OrderStatus = Static<typeof OrderStatus>;

export const CANCEL_STATES = ['NONE', 'APPLIED', 'CONFIRMED'] as const;

const OutId = () => Type.String({ maxLength: 20 });
const Fen = () => Type.Integer({ minimum: 0, maximum: 1e12 });
const Millis = () => Type.Integer({ minimum: 0, maximum: 1e15 });
const Token = () => Type.String({ maxLength: 200 });

export const UtmParams = Type.Object({
  utmSource: Type.Optional(Type.String({ maxLength: 200 })),
  utmMedium: Type.Optional(Type.String({ maxLength: 200 })),
  utmTerm: Type.Optional(Type.String({ maxLength: 200 })),
  utmContent: Type.Optional(Type.String({ maxLength: 200 })),
  utmCampaign: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Payment info fields (spec section 3): WeChat JSAPI parameters or an Alipay redirect page. */
export const PaymentInfo = Type.Object({
  timeStamp: Type.Optional(Token()),
  nonceStr: Type.Optional(Token()),
  package: Type.Optional(Token()),
  signType: Type.Optional(Token()),
  paySign: Type.Optional(Token()),
  redirectHtml: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type PaymentInfo = Static<typeof PaymentInfo>;

export const CreateOrderRequest = Type.Object({
  groupId: IdString,
  paymentMethod: Type.Optional(PaymentMethod),
  utmParams: Type.Optional(UtmParams),
});
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;

export const OrderItem = Type.Object({
  id: OutId(),
  skuId: OutId(),
  quantity: Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY }),
  name: Type.Optional(ShortText()),
  kind: Type.Optional(ShortText({ maxLength: 20 })),
  cents: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e10 })),
  fen: Type.Optional(Fen()),
});

export const OrderSummary = Type.Object({
  id: OutId(),
  status: OrderStatus,
  /** Items in the merchant's currency (contract "Money"). */
  totalCents: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e12 })),
  currency: Type.Optional(ShortText({ maxLength: 3 })),
  /** What the shopper pays, fen, after loyalty points. */
  payableFen: Type.Optional(Fen()),
  createdAt: Type.Optional(Millis()),
});
export type OrderSummary = Static<typeof OrderSummary>;

export const Order = Type.Object({
  ...OrderSummary.properties,
  groups: Type.Optional(
    List(
      Type.Object({
        id: OutId(),
        merchantName: Type.Optional(ShortText()),
        items: List(OrderItem, MAX_CART_ITEMS + 1),
      }),
      1,
    ),
  ),
  paymentMethod: Type.Optional(PaymentMethod),
  paymentInstallment: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  shippingMethod: Type.Optional(ShippingMethod),
  shippingAddressId: Type.Optional(OutId()),
  payerIdentityId: Type.Optional(OutId()),
  cancelState: Type.Optional(StringEnum(CANCEL_STATES)),
  bcSell: Type.Optional(Type.Boolean()),
  /** Price view (pv=true): the amounts behind payableFen. */
  itemsFen: Type.Optional(Fen()),
  loyaltyFen: Type.Optional(Fen()),
  paymentInfo: Type.Optional(PaymentInfo),
  updatedAt: Type.Optional(Millis()),
});
export type Order = Static<typeof Order>;

export const OrderListQuery = Type.Object({
  status: Type.Optional(OrderStatus),
  f: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  t: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 10 }),
});
export type OrderListQuery = Partial<Static<typeof OrderListQuery>>;

export const OrderList = Type.Object({
  orders: List(OrderSummary, 50),
  total: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9 })),
});
export type OrderList = Static<typeof OrderList>;

export const OrderQuery = Type.Object({ pv: Type.Optional(Type.Boolean()) });
export const OrderParams = Type.Object({ id: IdString });
export const ItemShippingParams = Type.Object({ id: IdString, gid: IdString, iid: IdString });

export const OrderCompletion = Type.Object({
  orderId: OutId(),
  status: OrderStatus,
  paid: Type.Boolean(),
  payableFen: Fen(),
  /** What the page offers next: PAY, WAIT (placed, being processed) or NONE. */
  next: StringEnum(['PAY', 'WAIT', 'NONE'] as const),
});
export type OrderCompletion = Static<typeof OrderCompletion>;

export const CancelRequest = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 200 })) });
export type CancelRequest = Static<typeof CancelRequest>;

export const CancelApplied = Type.Object({
  orderId: OutId(),
  status: OrderStatus,
  cancelState: StringEnum(CANCEL_STATES),
});
export type CancelApplied = Static<typeof CancelApplied>;

export const ItemShipping = Type.Object({
  orderId: OutId(),
  groupId: OutId(),
  itemId: OutId(),
  shippingMethod: Type.Optional(ShippingMethod),
  state: StringEnum(['NOT_SHIPPED', 'PROCESSING', 'CANCELLED'] as const),
  events: List(Type.Object({ at: Millis(), text: ShortText() }), 10),
});
export type ItemShipping = Static<typeof ItemShipping>;

/** The payer who pays for a friend's order must be the order's declared payer (customs). */
export const FriendPayRequest = Type.Object({
  payerName: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  payerIdNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 18 })),
});
export type FriendPayRequest = Static<typeof FriendPayRequest>;

export const FriendPay = Type.Object({
  orderId: OutId(),
  status: OrderStatus,
  payableFen: Fen(),
  /** The declared payer's name, masked (张*). */
  payerName: Type.Optional(ShortText({ maxLength: 60 })),
  paymentInfo: Type.Optional(PaymentInfo),
});
export type FriendPay = Static<typeof FriendPay>;

export const PayerCheck = Type.Object({ ok: Type.Boolean() });

export const PayOnBehalf = Type.Object({
  orderId: OutId(),
  status: OrderStatus,
  payableFen: Fen(),
  payerName: Type.Optional(ShortText({ maxLength: 60 })),
  items: List(
    Type.Object({ name: ShortText(), quantity: Type.Integer({ minimum: 1, maximum: 99 }) }),
    MAX_CART_ITEMS + 1,
  ),
});
export type PayOnBehalf = Static<typeof PayOnBehalf>;

export const BcSellRequest = Type.Object({
  orderIds: List(IdString, 100),
  bcSell: Type.Boolean(),
});
export type BcSellRequest = Static<typeof BcSellRequest>;

export const BcSellResult = Type.Object({
  orders: List(Type.Object({ id: OutId(), status: OrderStatus, bcSell: Type.Boolean() }), 100),
  /** Ids that are not orders, or orders already cancelled: left as they were. */
  skipped: List(OutId(), 100),
});
export type BcSellResult = Static<typeof BcSellResult>;

// Express buy: one sku straight from the product page.

export const ExpressBuyRequest = Type.Object({
  skuId: IdString,
  quantity: Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY }),
});
export type ExpressBuyRequest = Static<typeof ExpressBuyRequest>;

export const ExpressBuyDetails = Type.Object({
  id: OutId(),
  skuId: Type.Optional(OutId()),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY })),
  paymentMethod: Type.Optional(PaymentMethod),
  shippingMethod: Type.Optional(ShippingMethod),
  shippingAddressId: Type.Optional(OutId()),
  payerIdentityId: Type.Optional(OutId()),
  name: Type.Optional(ShortText()),
  kind: Type.Optional(ShortText({ maxLength: 20 })),
  cents: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e10 })),
  currency: Type.Optional(ShortText({ maxLength: 3 })),
  itemsFen: Type.Optional(Fen()),
  stock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9 })),
});
export type ExpressBuyDetails = Static<typeof ExpressBuyDetails>;

/** Either some detail fields or the shipping address (or payer) to use. */
export const ExpressBuyUpdate = Type.Object(
  {
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITEM_QUANTITY })),
    paymentMethod: Type.Optional(PaymentMethod),
    shippingMethod: Type.Optional(ShippingMethod),
    shippingAddressId: Type.Optional(IdString),
    payerIdentityId: Type.Optional(IdString),
  },
  { minProperties: 1 },
);
export type ExpressBuyUpdate = Static<typeof ExpressBuyUpdate>;
