// The enumerations of spec section 3 as TypeScript union types. Wire values, exactly as the
// API sends and expects them.

/** Kinds of product in a cart group. */
export type CartProductKind = 'AVAILABLE' | 'UNAVAILABLE' | 'SPECIAL_OFFER' | 'GIFT';

/** Order statuses seen (spec: the full list and the transitions are not shown). */
export type OrderStatus = 'RECEIVED' | 'FAILED_TO_PLACE' | 'AWAIT_PAYMENT';

export type { AccountType } from './wire/signin';

/** NORMAL; UNCLAIM = "claim the coupon"; WILLEXPIRE = "expiring soon". */
export type CouponClaimType = 'NORMAL' | 'UNCLAIM' | 'WILLEXPIRE';

export type PaymentMethod = 'WECHATPAY' | 'ALIPAY' | 'WECHATMINIPAY';

/** The only shipping method seen. */
export type ShippingMethod = 'SUNSHINE_CUSTOM';

/** Payer-identity flags: before / after the payer was modified. */
export const PayerFlag = { BEFORE_MODIFICATION: 1, AFTER_MODIFICATION: 2 } as const;
export type PayerFlag = (typeof PayerFlag)[keyof typeof PayerFlag];

/** Cart checks run in two steps (spec section 4): 0 = cart, 1 = order. */
export type PreorderCheckStep = 0 | 1;

/** Comment list sort key; posted_at is the default (spec section 9); likes is the reference server's other one. */
export type { CommentSort } from './wire/reviews';
