// Products, similar/related lists, size charts, translations and discovery.
import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, windowQuery } from './common';

export const ProductImage = Type.Object({
  full: Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer(), format: Type.String() }),
  thumbnail: Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer(), format: Type.String() }),
});

/** Flat product summary: the items of related, discover and search answers. */
export const ProductSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  nameCN: Type.String(),
  brand: Type.Object({ id: Type.Integer(), name: Type.String(), nameCN: Type.String() }),
  merchant: Type.Object({ id: Type.Integer(), name: Type.String(), nameCN: Type.String() }),
  categoryId: Type.String(),
  rootCategoryId: Type.String(),
  images: Type.Array(ProductImage),
  currency: Type.String(),
  cents: Type.Integer(),
  listCents: Type.Integer(),
  exchangeRate: Type.Number(),
  /** cents x exchangeRate / 100, rounded to 2 decimals. */
  priceYuan: Type.Number(),
  /** Percent off listCents (0 when not discounted). */
  discountPercent: Type.Integer(),
  priceTag: Type.String(),
  priceTagCN: Type.String(),
  origin: Type.String(),
  marks: Type.Array(Type.String()),
  commentCount: Type.Integer(),
  /** Mean satisfaction 1..5, 1 decimal; null without reviews. */
  averageScore: Nullable(Type.Number()),
});
export type ProductSummary = Static<typeof ProductSummary>;

export const Promo = Type.Object({
  type: Type.String(), label: Type.String(), percentOff: Type.Integer(), promoCents: Type.Integer(), endsAt: Type.Integer(),
});
export const GroupBuy = Type.Object({
  label: Type.String(), minMembers: Type.Integer(), groupCents: Type.Integer(), endsAt: Type.Integer(),
});

export const ProductDetail = Type.Intersect([
  ProductSummary,
  Type.Object({
    description: Type.String(),
    descriptionCN: Type.String(),
    labels: Type.Array(Type.String()),
    categoryName: Nullable(Type.String()),
    skus: Type.Array(Type.Unknown()),
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

export const ProductListResponse = Type.Object({ products: Type.Array(ProductSummary), total: Type.Integer() });
export type ProductListResponse = Static<typeof ProductListResponse>;

export const SizeChart = Type.Object({
  productId: Type.Integer(),
  name: Nullable(Type.String()),
  unit: Nullable(Type.String()),
  /** First row is the header; empty when the product has no size chart. */
  rows: Type.Array(Type.Array(Type.String())),
  note: Nullable(Type.String()),
});
export type SizeChart = Static<typeof SizeChart>;

export const ProductTranslation = Type.Object({
  productId: Type.Integer(),
  language: Type.Literal('zh-CN'),
  name: Type.String(),
  description: Type.String(),
  sourceName: Type.String(),
  sourceDescription: Type.String(),
});
export type ProductTranslation = Static<typeof ProductTranslation>;

/** `min-max` in yuan (pr) or percent off (dr); either side may be empty: "100-", "-50". */
export const RANGE_PATTERN = '^\\s*\\d{0,7}(\\.\\d{1,2})?\\s*-\\s*\\d{0,7}(\\.\\d{1,2})?\\s*$';
export const CIDS_PATTERN = '^[0-9A-Za-z_-]{1,32}(,[0-9A-Za-z_-]{1,32}){0,49}$';

export const DiscoverQuery = Type.Object({
  ...windowQuery(10),
  // Absent: no price filter (docs/server.md); the app's client sends 0-100 by default.
  pr: Type.Optional(Type.String({ pattern: RANGE_PATTERN })),
  dr: Type.Optional(Type.String({ pattern: RANGE_PATTERN })),
  cids: Type.Optional(Type.String({ pattern: CIDS_PATTERN })),
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
  id: Type.Integer(), name: Type.String(), nameCN: Type.String(), country: Type.String(),
  logo: Type.String(), categoryGroups: Type.Array(Type.String()), productCount: Type.Integer(),
});
export type Brand = Static<typeof Brand>;

export const Merchant = Type.Object({
  id: Type.Integer(), name: Type.String(), nameCN: Type.String(), country: Type.String(), origin: Type.String(),
  currency: Type.String(), exchangeRate: Type.Number(), website: Type.String(), description: Type.String(),
  logo: Type.String(), banner: Type.String(), productCount: Type.Integer(), reviewCount: Type.Integer(),
});
export type Merchant = Static<typeof Merchant>;

export const DomesticShipping = Type.Object({
  merchantId: Type.Integer(),
  currency: Type.String(),
  freeShippingThresholdCents: Type.Integer(),
  /** Fee below the threshold. */
  feeCents: Type.Integer(),
  rules: Type.Array(Type.Object({ minCents: Type.Integer(), maxCents: Nullable(Type.Integer()), feeCents: Type.Integer() })),
  estimatedDays: Type.Object({ min: Type.Integer(), max: Type.Integer() }),
  carrier: Type.String(),
  note: Type.String(),
});
export type DomesticShipping = Static<typeof DomesticShipping>;

export { Id };
