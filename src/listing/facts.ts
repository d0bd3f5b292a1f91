// The facts beside a product's reviews (issue 45): its size chart, the merchant's domestic
// shipping, its original (English) name, its promotion and group buy, reshaped once from the
// wire answers (GET /api/v1/sizecharts/products/{id}, /merchants/{id}/domesticshipping,
// /translate/product/{id}, /products/{id}?promo=true&groupBuy=true) at the edge, bounded:
// whatever a server sends, a chart has at most MAX_CHART_ROWS x MAX_CHART_COLUMNS cells of
// MAX_CELL characters. Every field is optional: a missing or failed call leaves its part out.
import type { DomesticShipping, ProductDetail, ProductTranslation, SizeChart } from '../storefront/products';
import { num, trimmedText } from '../common/coerce';
import { round2 } from '../review/format';

export const MAX_CHART_ROWS = 30;
export const MAX_CHART_COLUMNS = 8;
export const MAX_CELL = 24;
const MAX_NOTE = 200;
const MAX_SOURCE_DESCRIPTION = 600;

export interface SizeChartView {
  name: string;
  unit: string | null;
  header: string[];
  rows: string[][];
  note: string | null;
}

/** The merchant's leg: from its warehouse to the cross-border carrier, in its country. */
export interface DomesticLegView {
  carrier: string | null;
  minDays: number;
  maxDays: number;
  /** What this product alone pays for the leg, yuan (0 from the free-shipping threshold). */
  feeYuan: number;
  /** The free-shipping threshold in yuan; null when the merchant has none. */
  freeFromYuan: number | null;
  note: string | null;
  /** The merchant's return policy when it states one. */
  returns: ReturnsView | null;
}

export interface ReturnsView {
  /** Days after delivery to send it back; 0: no returns. */
  days: number;
  /** ISO country the parcel goes back to, and its Chinese name. */
  returnTo: string;
  place: string;
  /** The merchant pays the parcel back. */
  free: boolean;
}

export interface OfferView {
  label: string;
  /**
   * The offer's price, `¥12.34`. Its end time is not kept: the API answers the offers running
   * now, and a page that printed an end date would go stale between builds.
   */
  price: string;
  /** A group buy's members. */
  minMembers?: number;
}

/** What the facts calls told of one product (kept with its ProductView, page data size ~1 KB). */
export interface ProductFacts {
  /** The price in yuan the landed cost starts from (cents x rate / 100). */
  priceYuan: number | null;
  sizeChart?: SizeChartView;
  domestic?: DomesticLegView;
  /** The source (English) name and description, from the translation call. */
  original?: { name: string; description: string | null };
  promo?: OfferView;
  groupBuy?: OfferView;
}

const cell = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, MAX_CELL) : '');
const short = (v: unknown, max: number) => trimmedText(v)?.slice(0, max) ?? null;
const yuanText = (cents: unknown, rate: number | null) => {
  const c = num(cents);
  return c != null && c > 0 && rate != null && rate > 0 ? `¥${round2((c * rate) / 100).toFixed(2)}` : null;
};

/** A size chart whose header and every row have the same columns; null without one. */
export function toSizeChartView(w: SizeChart | null | undefined): SizeChartView | null {
  const rows = Array.isArray(w?.rows) ? w.rows : [];
  const header = Array.isArray(rows[0]) ? rows[0].slice(0, MAX_CHART_COLUMNS).map(cell) : [];
  if (header.length < 2 || header.some((h) => !h)) return null;
  const body = rows
    .slice(1, MAX_CHART_ROWS + 1)
    .filter((r): r is string[] => Array.isArray(r) && r.length >= header.length)
    .map((r) => r.slice(0, header.length).map(cell))
    .filter((r) => r[0]);
  if (!body.length) return null;
  return {
    name: short(w?.name, MAX_CELL) ?? '尺码表',
    unit: short(w?.unit, 8),
    header,
    rows: body,
    note: short(w?.note, MAX_NOTE),
  };
}

/**
 * The merchant's leg for one item of `cents` (the product's currency, the merchant's): the rule
 * whose range holds the price gives the fee; days and carrier as the merchant states them.
 */
export function toDomesticLeg(
  w: DomesticShipping | null | undefined,
  cents: number | null,
  rate: number | null,
): DomesticLegView | null {
  const min = num(w?.estimatedDays?.min);
  const max = num(w?.estimatedDays?.max);
  if (!w || min == null || max == null || min < 0 || max < min || max > 90 || rate == null || rate <= 0) return null;
  const rules = Array.isArray(w.rules) ? w.rules : [];
  const rule =
    cents == null
      ? undefined
      : rules.find(
          (r) => num(r?.minCents) != null && cents >= r.minCents && (r.maxCents == null || cents < r.maxCents),
        );
  const feeCents = num(rule?.feeCents) ?? num(w.feeCents);
  if (feeCents == null || feeCents < 0) return null;
  const threshold = num(w.freeShippingThresholdCents);
  return {
    carrier: short(w.carrier, 40),
    minDays: min,
    maxDays: max,
    feeYuan: round2((feeCents * rate) / 100),
    freeFromYuan: threshold != null && threshold > 0 ? round2((threshold * rate) / 100) : null,
    note: short(w.note, MAX_NOTE),
    returns: toReturns(w.returns),
  };
}

const regionNames = new Intl.DisplayNames(['zh-CN'], { type: 'region' });

function toReturns(r: DomesticShipping['returns']): ReturnsView | null {
  const days = num(r?.days);
  const to = typeof r?.returnTo === 'string' && /^[A-Z]{2}$/.test(r.returnTo) ? r.returnTo : null;
  if (days == null || !Number.isInteger(days) || days < 0 || days > 365 || !to) return null;
  let place = to;
  try {
    place = regionNames.of(to) ?? to;
  } catch {
    // an unknown code stays a code
  }
  return { days, returnTo: to, place, free: r?.fees === 'FREE' };
}

/** The facts of one product from its detail (asked with promo and groupBuy) and the other answers. */
export function toProductFacts(
  detail: ProductDetail,
  answers: {
    sizeChart?: SizeChart | null;
    shipping?: DomesticShipping | null;
    translation?: ProductTranslation | null;
  },
): ProductFacts {
  const rate = num(detail.exchangeRate);
  const cents = num(detail.cents);
  const facts: ProductFacts = { priceYuan: cents != null && rate != null ? round2((cents * rate) / 100) : null };
  const chart = toSizeChartView(answers.sizeChart);
  if (chart) facts.sizeChart = chart;
  const domestic = toDomesticLeg(answers.shipping, cents, rate);
  if (domestic) facts.domestic = domestic;
  const name = short(answers.translation?.sourceName, 200);
  if (name)
    facts.original = {
      name,
      description: short(answers.translation?.sourceDescription, MAX_SOURCE_DESCRIPTION),
    };
  const promoPrice = yuanText(detail.promo?.promoCents, rate);
  const promoLabel = short(detail.promo?.label, 40);
  if (promoPrice && promoLabel) facts.promo = { label: promoLabel, price: promoPrice };
  const groupPrice = yuanText(detail.groupBuy?.groupCents, rate);
  const groupLabel = short(detail.groupBuy?.label, 40);
  const members = num(detail.groupBuy?.minMembers);
  if (groupPrice && groupLabel && members != null && members >= 2)
    facts.groupBuy = {
      label: groupLabel,
      price: groupPrice,
      minMembers: members,
    };
  return facts;
}
