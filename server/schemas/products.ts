// Products, similar/related lists, size charts, translations and discovery.
import { Type, type Static } from '@sinclair/typebox';
import { Id, List, LongText, Nullable, ShortText, UrlText, windowQuery } from './common';

export const ProductImage = Type.Object({
  full: Type.Object({ url: UrlText(), width: Type.Integer(), height: Type.Integer(), format: ShortText() }),
  thumbnail: Type.Object({ url: UrlText(), width: Type.Integer(), height: Type.Integer(), format: ShortText() }),
});

/** Flat product summary: the items of related, discover and search answers. */
export const ProductSummary = Type.Object({
  id: Type.Integer(),
  name: ShortText(),
  nameCN: ShortText(),
  brand: Type.Object({ id: Type.Integer(), name: ShortText(), nameCN: ShortText() }),
  merchant: Type.Object({ id: Type.Integer(), name: ShortText(), nameCN: ShortText() }),
  categoryId: ShortText(),
  rootCategoryId: ShortText(),
  images: List(ProductImage, 50),
  currency: ShortText(),
  cents: Type.Integer(),
  listCents: Type.Integer(),
  exchangeRate: Type.Number(),
  /** cents x exchangeRate / 100, rounded to 2 decimals. */
  priceYuan: Type.Number(),
  /** Percent off listCents (0 when not discounted). */
  discountPercent: Type.Integer(),
  priceTag: ShortText(),
  priceTagCN: ShortText(),
  origin: ShortText(),
  marks: List(ShortText(), 20),
  commentCount: Type.Integer(),
  /** Mean satisfaction 1..5, 1 decimal; null without reviews. */
  averageScore: Nullable(Type.Number()),
});
export type ProductSummary = Static<typeof ProductSummary>;

export const Promo = Type.Object({
  type: ShortText(), label: ShortText(), percentOff: Type.Integer(), promoCents: Type.Integer(), endsAt: Type.Integer(),
});
export const GroupBuy = Type.Object({
  label: ShortText(), minMembers: Type.Integer(), groupCents: Type.Integer(), endsAt: Type.Integer(),
});

export const ProductDetail = Type.Intersect([
  ProductSummary,
  Type.Object({
    description: LongText(),
    descriptionCN: LongText(),
    labels: List(ShortText(), 50),
    categoryName: Nullable(ShortText()),
    skus: List(Type.Unknown(), 200),
    hasSizeChart: Type.Boolean(),
    /** Present only with ?promo=true; null when the product has no promotion. */
    promo: Type.Optional(Nullable(Promo)),
    /** Present only with ?groupBuy=true; null when the product has no group-buy offer. */
    groupBuy: Type.Optional(Nullable(GroupBuy)),
  }),
]);
export type ProductDetail = Static<typeof ProductDetail>;

export const ProductQuery = Type.Object({
  promo: Type.Boolean({ default: false }),
  groupBuy: Type.Boolean({ default: false }),
});
export type ProductQuery = Static<typeof ProductQuery>;

export const ProductListResponse = Type.Object({ products: List(ProductSummary, 100), total: Type.Integer() });
export type ProductListResponse = Static<typeof ProductListResponse>;

export const SizeChart = Type.Object({
  productId: Type.Integer(),
  name: Nullable(ShortText()),
  unit: Nullable(ShortText()),
  /** First row is the header; empty when the product has no size chart. */
  rows: List(List(ShortText(), 20), 100),
  note: Nullable(Type.String({ maxLength: 2000 })),
});
export type SizeChart = Static<typeof SizeChart>;

export const ProductTranslation = Type.Object({
  productId: Type.Integer(),
  language: Type.Literal('zh-CN'),
  name: ShortText(),
  description: LongText(),
  sourceName: ShortText(),
  sourceDescription: LongText(),
});
export type ProductTranslation = Static<typeof ProductTranslation>;

/**
 * `min-max` in yuan (pr) or percent off (dr); either side may be empty: "100-", "-50", "-".
 * Unambiguous (issue 12, item 1): every space has exactly one place to go. A side is a number
 * followed by its own spaces, so the leading `\s*` and the side's `\s*` never compete for the
 * same run of spaces; the old `\s*\d{0,7}(...)?\s*` let two `\s*` share one run (the number
 * may be empty) and backtracked in cubic time on a long run of spaces or plus signs.
 */
const RANGE_SIDE = '(?:[0-9]{1,7}(?:\\.[0-9]{1,2})?|\\.[0-9]{1,2})';
export const RANGE_PATTERN = `^\\s*(?:${RANGE_SIDE}\\s*)?-\\s*(?:${RANGE_SIDE}\\s*)?$`;
export const RANGE_MAX_LENGTH = 40;
export const CIDS_PATTERN = '^[0-9A-Za-z_-]{1,32}(,[0-9A-Za-z_-]{1,32}){0,49}$';

export const DiscoverQuery = Type.Object({
  ...windowQuery(10),
  // Absent: no price filter (docs/server.md); the app's client sends 0-100 by default.
  pr: Type.Optional(Type.String({ maxLength: RANGE_MAX_LENGTH, pattern: RANGE_PATTERN })),
  dr: Type.Optional(Type.String({ maxLength: RANGE_MAX_LENGTH, pattern: RANGE_PATTERN })),
  // 50 ids of up to 32 characters and their commas.
  cids: Type.Optional(Type.String({ maxLength: 50 * 33, pattern: CIDS_PATTERN })),
  sort: Type.Optional(Type.Union([Type.Literal('popular'), Type.Literal('newest'), Type.Literal('price_asc'), Type.Literal('price_desc')])),
});
export type DiscoverQuery = Static<typeof DiscoverQuery>;

export const SearchBody = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  f: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  t: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type SearchBody = Static<typeof SearchBody>;

export const BrandsQuery = Type.Object({ ...windowQuery(10000), np: Type.Boolean({ default: false }) });
export type BrandsQuery = Static<typeof BrandsQuery>;

export const Brand = Type.Object({
  id: Type.Integer(), name: ShortText(), nameCN: ShortText(), country: ShortText(),
  logo: UrlText(), categoryGroups: List(ShortText(), 50), productCount: Type.Integer(),
});
export type Brand = Static<typeof Brand>;

export const Merchant = Type.Object({
  id: Type.Integer(), name: ShortText(), nameCN: ShortText(), country: ShortText(), origin: ShortText(),
  currency: ShortText(), exchangeRate: Type.Number(), website: UrlText(), description: LongText(),
  logo: UrlText(), banner: UrlText(), productCount: Type.Integer(), reviewCount: Type.Integer(),
});
export type Merchant = Static<typeof Merchant>;

export const DomesticShipping = Type.Object({
  merchantId: Type.Integer(),
  currency: ShortText(),
  freeShippingThresholdCents: Type.Integer(),
  /** Fee below the threshold. */
  feeCents: Type.Integer(),
  rules: List(Type.Object({ minCents: Type.Integer(), maxCents: Nullable(Type.Integer()), feeCents: Type.Integer() })),
  estimatedDays: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  carrier: ShortText(),
  note: Type.String({ maxLength: 2000 }),
});
export type DomesticShipping = Static<typeof DomesticShipping>;

export { Id };
