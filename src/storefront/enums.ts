// The enumerations of spec section 3 as TypeScript union types. Wire values, exactly as the
// API sends and expects them.

/** Kinds of product in a cart group. */
export type { CartProductKind } from './wire/cart';

/**
 * Order statuses seen (spec section 3: RECEIVED, FAILED_TO_PLACE, AWAIT_PAYMENT) plus the
 * project's CANCELLED; transitions in docs/server.md, "Checkout".
 */
export type { OrderStatus } from './wire/orders';

export type { AccountType } from './wire/signin';

/** NORMAL; UNCLAIM = "claim the coupon"; WILLEXPIRE = "expiring soon". */
export type CouponClaimType = 'NORMAL' | 'UNCLAIM' | 'WILLEXPIRE';

export type { PaymentMethod } from './wire/cart';

/** The only shipping method seen. */
export type { ShippingMethod } from './wire/cart';

/** Payer-identity flags: before / after the payer was modified. */
export const PayerFlag = { BEFORE_MODIFICATION: 1, AFTER_MODIFICATION: 2 } as const;
export type PayerFlag = (typeof PayerFlag)[keyof typeof PayerFlag];

/** Cart checks run in two steps (spec section 4): 0 = cart, 1 = order. */
export type PreorderCheckStep = 0 | 1;

/** Comment list sort key; posted_at is the default (spec section 9); likes is the reference server's other one. */
export type { CommentSort } from './wire/reviews';
