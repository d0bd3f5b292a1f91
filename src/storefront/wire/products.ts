// Products: detail, summaries (related, discover, search), the pinned similar products, size
// charts, translations, brands and merchants (spec section 7, "Products and discovery";
// docs/server.md describes the reference server's answers).
import { Type, type Static } from '@sinclair/typebox';
import {
  CATEGORY_ID_SOURCE,
  ID_STRING_PATTERN,
  Image,
  List,
  LongText,
  Loose,
  Nullable,
  ShortText,
  UrlText,
  WireId,
  windowQuery,
} from './common';
import { Sku } from './reviews';

export const ProductImage = Type.Object(
  { full: Loose(Image), thumbnail: Loose(Image) },
  { additionalProperties: true },
);
export type ProductImage = Static<typeof ProductImage>;

const NamedRef = Type.Object(
  { id: Type.Optional(WireId()), name: Loose(ShortText()), nameCN: Loose(ShortText()) },
  { additionalProperties: true },
);

/** Product summary: the items of related, discover and search answers. Only `id` is relied on. */
export const Product = Type.Object(
  {
    id: WireId(),
    name: Loose(ShortText()),
    nameCN: Loose(ShortText()),
    brand: Loose(NamedRef),
    merchant: Loose(NamedRef),
    /** Leaf category. */
    categoryId: Loose(ShortText()),
    /** Top-level group. */
    rootCategoryId: Loose(ShortText()),
    images: Loose(List(ProductImage, 50)),
    currency: Loose(ShortText()),
    cents: Loose(Type.Number()),
    listCents: Loose(Type.Number()),
    exchangeRate: Loose(Type.Number()),
    /** cents x exchangeRate / 100, rounded to 2 decimals. */
    priceYuan: Loose(Type.Number()),
    /** Percent off listCents (0 when not discounted). */
    discountPercent: Loose(Type.Number()),
    priceTag: Loose(ShortText()),
    priceTagCN: Loose(ShortText()),
    origin: Loose(ShortText()),
    marks: Loose(List(ShortText(), 20)),
    commentCount: Loose(Type.Number()),
    /** Mean satisfaction 1..5, 1 decimal; null without reviews. */
    averageScore: Loose(Type.Number()),
  },
  { additionalProperties: true },
);
export type Product = Static<typeof Product>;

export const Promo = Type.Object({
  type: ShortText(),
  label: ShortText(),
  percentOff: Type.Integer(),
  promoCents: Type.Integer(),
  endsAt: Type.Integer(),
});
export type Promo = Static<typeof Promo>;
export const GroupBuy = Type.Object({
  label: ShortText(),
  minMembers: Type.Integer(),
  groupCents: Type.Integer(),
  endsAt: Type.Integer(),
});
export type GroupBuy = Static<typeof GroupBuy>;

/** GET /api/v1/products/{id}. `promo` / `groupBuy` are present only when asked for (null: none). */
export const ProductDetail = Type.Object(
  {
    ...Product.properties,
    description: Loose(LongText()),
    descriptionCN: Loose(LongText()),
    labels: Loose(List(ShortText(), 50)),
    categoryName: Loose(ShortText()),
    skus: Loose(List(Sku, 200)),
    hasSizeChart: Type.Optional(Type.Boolean()),
    promo: Loose(Promo),
    groupBuy: Loose(GroupBuy),
  },
  { additionalProperties: true },
);
export type ProductDetail = Static<typeof ProductDetail>;

export const ProductListResponse = Type.Object({ products: List(Product, 100), total: Type.Optional(Type.Integer()) });
export type ProductListResponse = Static<typeof ProductListResponse>;

/** POST /api/v3/discover: the list and the query it answers. */
export const SearchResponse = Type.Object({ q: Type.String({ maxLength: 100 }), ...ProductListResponse.properties });
export type SearchResponse = Static<typeof SearchResponse>;

/** Similar-product item (pinned, contract "Entities"). */
export const SimilarProductItem = Type.Object(
  {
    product: Type.Object(
      {
        id: WireId(),
        images: Loose(List(Type.Union([ProductImage, UrlText()]), 50)),
        marks: Loose(List(ShortText(), 20)),
        name: Loose(ShortText()),
        nameCN: Loose(ShortText()),
        priceTag: Loose(ShortText()),
        priceTagCN: Loose(ShortText()),
      },
      { additionalProperties: true },
    ),
    labelView: Loose(
      Type.Object(
        {
          shortLabels: Loose(
            List(
              Type.Object(
                {
                  labels: Loose(List(Type.Object({ text: Loose(ShortText()) }, { additionalProperties: true }), 50)),
                },
                { additionalProperties: true },
              ),
              50,
            ),
          ),
        },
        { additionalProperties: true },
      ),
    ),
    origin: Loose(ShortText()),
  },
  { additionalProperties: true },
);
export type SimilarProductItem = Static<typeof SimilarProductItem>;

/** GET /api/v2/products/{productId}/similar/context/PRODUCT_DETAILS (pinned). */
export const SimilarResponse = Type.Object({ products: List(SimilarProductItem, 100) });
export type SimilarResponse = Static<typeof SimilarResponse>;

export const SizeChart = Type.Object({
  productId: WireId(),
  name: Loose(ShortText()),
  unit: Loose(ShortText()),
  /** First row is the header; empty when the product has no size chart. */
  rows: Type.Optional(List(List(ShortText(), 20), 100)),
  note: Loose(Type.String({ maxLength: 2000 })),
});
export type SizeChart = Static<typeof SizeChart>;

export const ProductTranslation = Type.Object({
  productId: WireId(),
  language: Type.Optional(Type.Literal('zh-CN')),
  name: Loose(ShortText()),
  description: Loose(LongText()),
  sourceName: Loose(ShortText()),
  sourceDescription: Loose(LongText()),
});
export type ProductTranslation = Static<typeof ProductTranslation>;

export const Brand = Type.Object({
  id: WireId(),
  name: ShortText(),
  nameCN: Loose(ShortText()),
  country: Loose(ShortText()),
  logo: Loose(UrlText()),
  categoryGroups: Loose(List(ShortText(), 50)),
  productCount: Type.Optional(Type.Integer()),
});
export type Brand = Static<typeof Brand>;
export const BrandsResponse = Type.Object({ brands: List(Brand, 10_000), total: Type.Optional(Type.Integer()) });
export type BrandsResponse = Static<typeof BrandsResponse>;

export const Merchant = Type.Object({
  id: WireId(),
  name: ShortText(),
  nameCN: Loose(ShortText()),
  country: Loose(ShortText()),
  origin: Loose(ShortText()),
  currency: Loose(ShortText()),
  exchangeRate: Loose(Type.Number()),
  website: Loose(UrlText()),
  description: Loose(LongText()),
  logo: Loose(UrlText()),
  banner: Loose(UrlText()),
  productCount: Type.Optional(Type.Integer()),
  reviewCount: Type.Optional(Type.Integer()),
});
export type Merchant = Static<typeof Merchant>;
export const MerchantsResponse = Type.Object({ merchants: List(Merchant, 1000) });
export type MerchantsResponse = Static<typeof MerchantsResponse>;

export const DomesticShipping = Type.Object({
  merchantId: WireId(),
  currency: Type.Optional(ShortText()),
  /** Free domestic shipping from this order total, in the merchant's currency cents. */
  freeShippingThresholdCents: Loose(Type.Integer()),
  rules: Type.Optional(
    List(Type.Object({ minCents: Type.Integer(), maxCents: Nullable(Type.Integer()), feeCents: Type.Integer() }), 100),
  ),
  estimatedDays: Type.Optional(Type.Object({ min: Type.Integer(), max: Type.Integer() })),
  carrier: Type.Optional(ShortText()),
  note: Loose(Type.String({ maxLength: 2000 })),
  /** Fee below the threshold. */
  feeCents: Loose(Type.Integer()),
  /**
   * Reference-server extension (issue 45): the merchant's return policy. `days` 0: no returns;
   * `returnTo`: the country a parcel goes back to; `fees`: who pays it back (FREE: the merchant).
   */
  returns: Type.Optional(
    Type.Object({
      days: Type.Integer({ minimum: 0, maximum: 365 }),
      returnTo: Type.String({ maxLength: 2, pattern: '^[A-Z]{2}$' }),
      fees: Type.Union([Type.Literal('FREE'), Type.Literal('CUSTOMER')]),
    }),
  ),
});
export type DomesticShipping = Static<typeof DomesticShipping>;

// Requests.

export const ProductQuery = Type.Object({
  promo: Type.Boolean({ default: false }),
  groupBuy: Type.Boolean({ default: false }),
});
export type ProductQuery = Static<typeof ProductQuery>;

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
export const CIDS_PATTERN = `^${CATEGORY_ID_SOURCE}(,${CATEGORY_ID_SOURCE}){0,49}$`;

export const DiscoverSort = Type.Union([
  Type.Literal('popular'),
  Type.Literal('newest'),
  Type.Literal('price_asc'),
  Type.Literal('price_desc'),
]);
export type DiscoverSort = Static<typeof DiscoverSort>;

export const DiscoverQuery = Type.Object({
  ...windowQuery(10),
  // Absent: no price filter (docs/server.md); the app's client sends 0-100 by default.
  pr: Type.Optional(Type.String({ maxLength: RANGE_MAX_LENGTH, pattern: RANGE_PATTERN })),
  dr: Type.Optional(Type.String({ maxLength: RANGE_MAX_LENGTH, pattern: RANGE_PATTERN })),
  // 50 ids of up to 32 characters and their commas.
  cids: Type.Optional(Type.String({ maxLength: 50 * 33, pattern: CIDS_PATTERN })),
  sort: Type.Optional(DiscoverSort),
});
export type DiscoverQuery = Static<typeof DiscoverQuery>;

export const SearchBody = Type.Object({
  q: Type.String({ minLength: 1, maxLength: 100 }),
  f: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  t: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});
export type SearchBody = Static<typeof SearchBody>;

/** POST /api/v2/recommend/product/bottom: the product the page shows (if any) and a window. */
export const RecommendBottomBody = Type.Object({
  productId: Type.Optional(Type.String({ maxLength: 10, pattern: ID_STRING_PATTERN })),
  f: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  t: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 10 }),
});
export type RecommendBottomBody = Static<typeof RecommendBottomBody>;

export const BrandsQuery = Type.Object({ ...windowQuery(10000), np: Type.Boolean({ default: false }) });
export type BrandsQuery = Static<typeof BrandsQuery>;
