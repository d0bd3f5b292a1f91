// A buy the sign-in interrupted (issue 45): a guest's 加入购物车 or 立即购买 answered 401, the
// client sent the shopper to sign in (spec section 8) and the login page sends them back here;
// the picker then opens as it was left, the sku chosen, for one more tap. Kept in this tab's
// sessionStorage for 30 minutes, for this product only.
import type { BuyAction } from '../listing/buy';

const KEY = 'hrv:pendingBuy';
const MAX_AGE_MS = 30 * 60_000;

interface PendingBuy {
  productId: string;
  action: BuyAction;
  skuId: string;
  at: number;
}

export function keepPendingBuy(p: Omit<PendingBuy, 'at'>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...p, at: Date.now() }));
  } catch {
    // No storage (private mode): the shopper picks again after signing in.
  }
}

/** The pending buy of this product, once (it is forgotten as it is read). */
export function takePendingBuy(productId: string): { action: BuyAction; skuId: string } | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw || raw.length > 500) return null;
    const p = JSON.parse(raw) as Partial<PendingBuy>;
    if (p.productId !== productId) return null;
    sessionStorage.removeItem(KEY);
    const fresh = typeof p.at === 'number' && Date.now() - p.at < MAX_AGE_MS;
    const ok = (p.action === 'cart' || p.action === 'now') && typeof p.skuId === 'string' && /^\d{1,12}$/.test(p.skuId);
    return fresh && ok ? { action: p.action!, skuId: p.skuId! } : null;
  } catch {
    return null;
  }
}

export function clearPendingBuy(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
