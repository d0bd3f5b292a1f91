// Coupon claims (spec section 7, "Other"; claim types of section 3).
import { Type, type Static } from '@sinclair/typebox';
import { IdString, List, ShortText } from './common';

/** Claim types of spec section 3. */
export const CouponClaimType = Type.Unsafe<'NORMAL' | 'UNCLAIM' | 'WILLEXPIRE'>({
  type: 'string',
  enum: ['NORMAL', 'UNCLAIM', 'WILLEXPIRE'],
});

/** A coupon id on the reference server: "<productId>-<template 1..3>". */
export const COUPON_ID_PATTERN = '^[1-9][0-9]{0,9}-[1-9]$';

export const ClaimCoupon = Type.Object({
  id: Type.String({ maxLength: 20 }),
  title: ShortText(),
  amountCents: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  thresholdCents: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
  /** Epoch ms; set once claimed. */
  expiresAt: Type.Optional(Type.Number({ minimum: 0, maximum: 1e14 })),
  claimType: CouponClaimType,
});
export type ClaimCoupon = Static<typeof ClaimCoupon>;

export const ClaimPopup = Type.Object({ coupons: List(ClaimCoupon, 20) });
export type ClaimPopup = Static<typeof ClaimPopup>;

export const SuitProductParams = Type.Object({ id: IdString });
export type SuitProductParams = Static<typeof SuitProductParams>;

export const ClaimParams = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 32 }),
  id: Type.String({ maxLength: 20, pattern: COUPON_ID_PATTERN }),
});
export type ClaimParams = Static<typeof ClaimParams>;

export const ClaimResult = Type.Object({ claimed: Type.Boolean(), coupon: Type.Optional(ClaimCoupon) });
export type ClaimResult = Static<typeof ClaimResult>;
