// Default shipping weight of a category (spec section 9, "Default shipping weights"): the
// category's own weightInPounds, else the nearest ancestor's, else a store-wide default.
import { getCategoryTrail } from './tree';
import type { Catalogue } from './types';

/**
 * Store-wide default, in pounds, for categories with no weight on themselves or an ancestor
 * (the spec leaves it open: "Weight for categories without one: not shown").
 * 1 lb because: it is the weight the spec gives most often (food groups, most health
 * groups, headphones, speakers, smart watches, office/education), it sits at the median of
 * the spec's per-item weights, and the categories left without one (tops, dresses, shoes,
 * skincare, baby consumables, ...) are mostly single items of clothing and toiletries that
 * ship at 0.5 to 2 lb. It is an estimate for the price preview only; the merchant's real
 * weight replaces it at checkout.
 */
export const DEFAULT_WEIGHT_POUNDS = 1;

export interface ShippingWeight {
  pounds: number;
  /** Id of the category the weight comes from; null when it is the store-wide default. */
  fromId: string | null;
}

/** Unknown ids get the store-wide default: a product may carry a category we do not list. */
export function getShippingWeight(catalogue: Catalogue, id: string): ShippingWeight {
  const trail = getCategoryTrail(catalogue, id);
  for (let i = trail.length - 1; i >= 0; i--) {
    const w = trail[i].category.weightInPounds;
    if (typeof w === 'number') return { pounds: w, fromId: trail[i].id };
  }
  return { pounds: DEFAULT_WEIGHT_POUNDS, fromId: null };
}

export function defaultShippingWeight(catalogue: Catalogue, id: string): number {
  return getShippingWeight(catalogue, id).pounds;
}
