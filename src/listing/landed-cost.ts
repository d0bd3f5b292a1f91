// What a shopper in China pays for one item bought cross-border (issue 45): the price, the
// cross-border retail import tax unless the merchant pays it (包税), and shipping, in yuan.
//
// The tax rule (China's cross-border e-commerce retail imports, 跨境电商零售进口; docs/landed-cost.md
// gives the sources):
// - within the limits (5,000 yuan a transaction, 26,000 a year: 财关税〔2018〕49号, from
//   2019-01-01), no tariff, and import VAT and consumption tax at 70 % of the statutory amount
//   (财关税〔2016〕18号): with VAT at 13 % (财政部 税务总局 海关总署公告2019年第39号) and no
//   consumption tax, 13 % x 70 % = 9.1 % of the price (the "综合税");
// - a single item over 5,000 yuan pays the full general-trade tariff, VAT and consumption tax,
//   which depend on its customs code: no figure is given, only the rule;
// - goods that may carry consumption tax (high-end cosmetics, alcohol, gems and jewellery) pay
//   more than 9.1 %, by rates and thresholds the data does not tell (a cosmetic is "high-end" by
//   its price per millilitre): the figure is 9.1 % and marked as the least it can be.
// The annual limit is the shopper's own (their other orders this year): not known here.

/** The single-transaction limit, yuan. */
export const SINGLE_LIMIT_YUAN = 5000;
/** Import VAT 13 % at 70 %. */
export const CBEC_TAX_RATE = 0.091;
/**
 * Second-level categories whose goods may carry consumption tax: 彩妆 and 面部护肤 (high-end
 * cosmetics), 酒水, and gems and jewellery (钻石, 翡翠, 水晶玛瑙, 彩色宝石, 珍珠).
 */
const MAY_CARRY_CONSUMPTION_TAX = new Set(['b0', 'b2', 'c4', 'f1', 'f2', 'f3', 'f4', 'f8']);

export interface LandedCostInput {
  /** The item's price in yuan. */
  priceYuan: number;
  /** The product's marks (包税: the merchant pays the tax). */
  marks: readonly string[];
  /** The product's leaf category id (its first two characters name the second level). */
  categoryId: string;
  /** Shipping to the shopper in yuan (0 when free); null when not known. */
  shippingYuan: number | null;
}

export interface LandedCost {
  priceYuan: number;
  /** The tax the shopper pays in yuan; null when it cannot be given (over the single limit). */
  taxYuan: number | null;
  /** Which rule gave the tax. */
  taxRule: 'included' | 'cbec' | 'cbec-at-least' | 'over-limit';
  shippingYuan: number | null;
  /** Price + tax + shipping; null when a part is not known. */
  totalYuan: number | null;
}

const yuan = (n: number) => Math.round(n * 100) / 100;

export function landedCost(input: LandedCostInput): LandedCost | null {
  const { priceYuan, shippingYuan } = input;
  if (!Number.isFinite(priceYuan) || priceYuan <= 0) return null;
  const shipping = shippingYuan !== null && Number.isFinite(shippingYuan) && shippingYuan >= 0 ? shippingYuan : null;
  let taxYuan: number | null;
  let taxRule: LandedCost['taxRule'];
  if (input.marks.includes('包税')) {
    taxYuan = 0;
    taxRule = 'included';
  } else if (priceYuan > SINGLE_LIMIT_YUAN) {
    taxYuan = null;
    taxRule = 'over-limit';
  } else {
    taxYuan = yuan(priceYuan * CBEC_TAX_RATE);
    taxRule = MAY_CARRY_CONSUMPTION_TAX.has(input.categoryId.slice(0, 2)) ? 'cbec-at-least' : 'cbec';
  }
  const totalYuan = taxYuan === null || shipping === null ? null : yuan(priceYuan + taxYuan + shipping);
  return { priceYuan: yuan(priceYuan), taxYuan, taxRule, shippingYuan: shipping, totalYuan };
}

/** What the page says about the tax line. */
export const TAX_RULE_TEXT: Record<LandedCost['taxRule'], string> = {
  included: '商家包税，无需另付税费',
  cbec: '跨境电商综合税 9.1%（关税 0，增值税 13% 按 70% 征收）',
  'cbec-at-least': '跨境电商综合税至少 9.1%；高档化妆品、酒类、珠宝玉石另有消费税，以海关计征为准',
  'over-limit': '单件超过 5000 元：按一般贸易全额征收关税、增值税和消费税，以海关计征为准',
};
