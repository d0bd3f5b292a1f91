// Coupon claims (spec section 7, "Other"; claim types of section 3).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { ClaimPopup, ClaimResult } from './wire/claims';

export type { ClaimCoupon } from './wire/claims';

/** What a claim is attached to; SUITPRODUCT is the only one the spec names. */
export type ClaimTarget = 'SUITPRODUCT' | (string & {});

/** GET /api/v1/claim/popup/SUITPRODUCT/{id}: coupons to claim for a product. */
export const getSuitProductClaimPopup = (c: StorefrontClient, productId: string) =>
  c.get<ClaimPopup>(`/api/v1/claim/popup/SUITPRODUCT/${seg(productId)}`);

/** POST /api/v1/claim/{type}/{id} */
export const claim = (c: StorefrontClient, type: ClaimTarget, id: string) =>
  c.post<ClaimResult>(`/api/v1/claim/${seg(type)}/${seg(id)}`);
