// What a product hub shows beside its reviews (issue 45), made once by the build (and by the
// site server for a deferred hub) from the product's facts (src/listing/facts.ts), its reviews'
// fits (src/listing/fit.ts) and its category's default weight: the components only render it.
import { getCategory, getShippingWeight, type Catalogue } from '../catalogue';
import { summarizeFits, type Fit, type FitSummary } from './fit';
import { landedCost, type LandedCost } from './landed-cost';
import { crossBorderLeg, deliveryView, type DeliveryView } from './delivery';
import type { OfferView, ProductFacts, SizeChartView } from './facts';
import { round2 } from '../review/format';

export interface LandedCostView extends LandedCost {
  /** The two legs of `shippingYuan`: the merchant's (null: unknown) and the cross-border one. */
  domesticYuan: number | null;
  crossBorderYuan: number;
}

export interface FactsView {
  sizeChart: SizeChartView | null;
  /** Shown when the product has a size chart or a review states a fit. */
  fit: FitSummary | null;
  delivery: DeliveryView | null;
  landed: LandedCostView | null;
  promo: OfferView | null;
  groupBuy: OfferView | null;
  original: { name: string; description: string | null } | null;
}

/**
 * The hub's facts; null when the product call did not answer (no facts: the page is the
 * reviews' alone, as before issue 45) and no review states a fit.
 */
export function factsView(input: {
  catalogue: Catalogue;
  categoryId: string | null;
  marks: readonly string[];
  facts: ProductFacts | undefined;
  fits: Iterable<Fit | null | undefined>;
}): FactsView | null {
  const { facts, catalogue } = input;
  const summary = summarizeFits(input.fits);
  const sizeChart = facts?.sizeChart ?? null;
  const fit = sizeChart || summary.counted > 0 ? summary : null;
  if (!facts) return fit ? { ...empty, fit } : null;
  const category = input.categoryId ? getCategory(catalogue, input.categoryId) : undefined;
  const weight = getShippingWeight(catalogue, category?.id ?? '');
  const weightOf = weight.fromId ? (getCategory(catalogue, weight.fromId)?.name ?? null) : null;
  const cross = crossBorderLeg(weight.pounds, weightOf);
  const domestic = facts.domestic ?? null;
  const cost =
    facts.priceYuan != null && category
      ? landedCost({
          priceYuan: facts.priceYuan,
          marks: input.marks,
          categoryId: category.id,
          shippingYuan: domestic ? round2(domestic.feeYuan + cross.feeYuan) : null,
        })
      : null;
  return {
    sizeChart,
    fit,
    delivery: deliveryView(domestic, cross),
    landed: cost ? { ...cost, domesticYuan: domestic?.feeYuan ?? null, crossBorderYuan: cross.feeYuan } : null,
    promo: facts.promo ?? null,
    groupBuy: facts.groupBuy ?? null,
    original: facts.original ?? null,
  };
}

const empty: FactsView = {
  sizeChart: null,
  fit: null,
  delivery: null,
  landed: null,
  promo: null,
  groupBuy: null,
  original: null,
};
