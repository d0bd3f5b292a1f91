// Coupon claims (spec section 7, "Other"). Every product offers the same three coupon templates;
// a coupon's id is "<productId>-<template>". Claiming stores the claim with its expiry (from
// the template's validity). Claim types (spec section 3): UNCLAIM before claiming, NORMAL once
// claimed, WILLEXPIRE once claimed and expiring within WILL_EXPIRE_MS.
import type { DB } from '../db/open';
import { badRequest, notFound } from '../errors';
import type { ClaimCoupon, ClaimResult } from '../../src/storefront/wire/claims';

export const COUPON_TEMPLATES = [
  { title: '满199减20', amountCents: 2000, thresholdCents: 19900, validDays: 30 },
  { title: '满399减50', amountCents: 5000, thresholdCents: 39900, validDays: 14 },
  { title: '无门槛10元券', amountCents: 1000, thresholdCents: 0, validDays: 2 },
];
const DAY = 86_400_000;
export const WILL_EXPIRE_MS = 3 * DAY;

export class ClaimRepository {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  private productExists(productId: number): boolean {
    return !!this.db.prepare('SELECT 1 FROM products WHERE id = ?').get(productId);
  }

  private coupon(productId: number, t: number, userId: number | null): ClaimCoupon {
    const tpl = COUPON_TEMPLATES[t - 1];
    const id = `${productId}-${t}`;
    const claim =
      userId == null
        ? undefined
        : (this.db
            .prepare('SELECT expires_at FROM coupon_claims WHERE user_id = ? AND coupon_id = ?')
            .get(userId, id) as { expires_at: number } | undefined);
    const base = { id, title: tpl.title, amountCents: tpl.amountCents, thresholdCents: tpl.thresholdCents };
    // An expired claim may be claimed again.
    if (!claim || claim.expires_at <= this.now()) return { ...base, claimType: 'UNCLAIM' };
    const soon = claim.expires_at - this.now() <= WILL_EXPIRE_MS;
    return { ...base, expiresAt: claim.expires_at, claimType: soon ? 'WILLEXPIRE' : 'NORMAL' };
  }

  /** The product's coupons with the user's claim state (guests: all UNCLAIM). */
  popup(productId: number, userId: number | null): ClaimCoupon[] {
    if (!this.productExists(productId)) throw notFound('商品不存在');
    return COUPON_TEMPLATES.map((_, i) => this.coupon(productId, i + 1, userId));
  }

  /** Claims a coupon; claiming one already held answers claimed: false with it. */
  claim(type: string, couponId: string, userId: number): ClaimResult {
    if (type !== 'SUITPRODUCT') throw badRequest('不支持的领取类型');
    const [p, t] = couponId.split('-').map(Number);
    if (!COUPON_TEMPLATES[t - 1] || !this.productExists(p)) throw notFound('优惠券不存在');
    const now = this.now();
    const claimed = this.db.transaction(() => {
      const held = this.db
        .prepare('SELECT expires_at FROM coupon_claims WHERE user_id = ? AND coupon_id = ?')
        .get(userId, couponId) as { expires_at: number } | undefined;
      if (held && held.expires_at > now) return false;
      // A claim that expired may be claimed again.
      this.db
        .prepare(
          `INSERT INTO coupon_claims (user_id, coupon_id, claimed_at, expires_at) VALUES (?, ?, ?, ?)
          ON CONFLICT(user_id, coupon_id) DO UPDATE SET claimed_at = excluded.claimed_at, expires_at = excluded.expires_at`,
        )
        .run(userId, couponId, now, now + COUPON_TEMPLATES[t - 1].validDays * DAY);
      return true;
    })();
    return { claimed, coupon: this.coupon(p, t, userId) };
  }
}
