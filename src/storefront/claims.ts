// Coupon claims (spec section 7, "Other"; claim types of section 3).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { CouponClaimType } from './enums';

/** What a claim is attached to; SUITPRODUCT is the only one the spec names. */
export type ClaimTarget = 'SUITPRODUCT' | (string & {});

export interface ClaimCoupon {
  id: string;
  title: string;
  amountCents?: number;
  thresholdCents?: number;
  expiresAt?: number;
  claimType: CouponClaimType;
}

/** GET /api/v1/claim/popup/SUITPRODUCT/{id}: coupons to claim for a product. */
export const getSuitProductClaimPopup = (c: StorefrontClient, productId: string) =>
  c.get<{ coupons: ClaimCoupon[] }>(`/api/v1/claim/popup/SUITPRODUCT/${seg(productId)}`);

/** POST /api/v1/claim/{type}/{id} */
export const claim = (c: StorefrontClient, type: ClaimTarget, id: string) =>
  c.post<{ claimed: boolean; coupon?: ClaimCoupon }>(`/api/v1/claim/${seg(type)}/${seg(id)}`);
