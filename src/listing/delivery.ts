// Delivery of a product bought cross-border (issue 45): the merchant's leg (its carrier and days,
// GET /api/v1/merchants/{id}/domesticshipping, src/listing/facts.ts) and the cross-border leg to
// the shopper, with where each figure comes from.
//
// The cross-border leg has no call of its own (spec section 7 lists none): its fee is the
// storefront's direct-mail line (SUNSHINE_CUSTOM, 阳光清关, the only shipping method the spec
// names) charged by the pound, the product's weight being its category's default weight (spec
// section 9, src/catalogue/weight.ts), and its days that line's usual span. Both are estimates,
// and the page says so and says from what; checkout has the real figure.
import { round2 } from '../review/format';
import type { DomesticLegView } from './facts';

export const CROSS_BORDER_LINE = {
  method: 'SUNSHINE_CUSTOM',
  name: '阳光清关直邮',
  /** Yuan for the first pound, then for each pound or part of one after it. */
  firstPoundYuan: 40,
  extraPoundYuan: 30,
  /** Days from the forwarder's warehouse abroad to the shopper, customs clearance included. */
  minDays: 7,
  maxDays: 15,
} as const;

export interface CrossBorderLegView {
  name: string;
  minDays: number;
  maxDays: number;
  /** The weight the fee is charged on, pounds (a part of a pound counts as one). */
  billedPounds: number;
  feeYuan: number;
  /** Where the figures come from, as the page says it. */
  source: string;
}

export interface DeliveryView {
  domestic: DomesticLegView | null;
  crossBorder: CrossBorderLegView;
  /** Both legs' days added; the merchant's unknown: the cross-border leg's alone. */
  minDays: number;
  maxDays: number;
}

/** The cross-border leg for an item of `pounds` (its category's default weight, named `weightOf`). */
export function crossBorderLeg(pounds: number, weightOf: string | null): CrossBorderLegView {
  const line = CROSS_BORDER_LINE;
  const billedPounds = Math.max(1, Math.ceil(Number.isFinite(pounds) && pounds > 0 ? pounds : 1));
  const feeYuan = round2(line.firstPoundYuan + (billedPounds - 1) * line.extraPoundYuan);
  const weight = weightOf ? `按「${weightOf}」默认重量 ${pounds} 磅` : `按默认重量 ${pounds} 磅`;
  return {
    name: line.name,
    minDays: line.minDays,
    maxDays: line.maxDays,
    billedPounds,
    feeYuan,
    source: `${line.name}标准资费（首磅 ¥${line.firstPoundYuan}，续磅 ¥${line.extraPoundYuan}）${weight}估算，以结算页为准`,
  };
}

export function deliveryView(domestic: DomesticLegView | null, crossBorder: CrossBorderLegView): DeliveryView {
  return {
    domestic,
    crossBorder,
    minDays: (domestic?.minDays ?? 0) + crossBorder.minDays,
    maxDays: (domestic?.maxDays ?? 0) + crossBorder.maxDays,
  };
}
