// Products and discovery (spec section 7, "Products and discovery"; defaults from section 9).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { CategoriesResponse, SimilarResponse, Sku } from './types';

type Img = { url?: string | null; width?: number | null; height?: number | null; format?: string | null };

/**
 * Product summary: the items of related, discover and search answers (reference server,
 * server/schemas/products.ts). Only `id` is relied on; everything else may be missing.
 */
export interface Product {
  id: string | number;
  name?: string | null;
  nameCN?: string | null;
  brand?: { id?: string | number; name?: string | null; nameCN?: string | null } | null;
  merchant?: { id?: string | number; name?: string | null; nameCN?: string | null } | null;
  categoryId?: string | null;
  rootCategoryId?: string | null;
  images?: Array<{ full?: Img | null; thumbnail?: Img | null }> | null;
  currency?: string | null;
  cents?: number | null;
  listCents?: number | null;
  exchangeRate?: number | null;
  /** cents x exchangeRate / 100, two decimals. */
  priceYuan?: number | null;
  discountPercent?: number | null;
  priceTag?: string | null;
  priceTagCN?: string | null;
  origin?: string | null;
  marks?: string[] | null;
  commentCount?: number | null;
  averageScore?: number | null;
}

export interface Promo { type: string; label: string; percentOff: number; promoCents: number; endsAt: number }
export interface GroupBuy { label: string; minMembers: number; groupCents: number; endsAt: number }

/** GET /api/v1/products/{id}. `promo` / `groupBuy` are present only when asked for (null: none). */
export interface ProductDetail extends Product {
  description?: string | null;
  descriptionCN?: string | null;
  labels?: string[] | null;
  categoryName?: string | null;
  skus?: Sku[] | null;
  hasSizeChart?: boolean;
  promo?: Promo | null;
  groupBuy?: GroupBuy | null;
}

export interface ProductListResponse {
  products: Product[];
  total?: number;
}

export interface Brand {
  id: string | number;
  name: string;
  nameCN?: string | null;
  country?: string | null;
  logo?: string | null;
  categoryGroups?: string[] | null;
  productCount?: number;
}

export interface Merchant {
  id: string | number;
  name: string;
  nameCN?: string | null;
  country?: string | null;
  origin?: string | null;
  currency?: string | null;
  exchangeRate?: number | null;
  website?: string | null;
  description?: string | null;
  logo?: string | null;
  banner?: string | null;
  productCount?: number;
  reviewCount?: number;
}

export interface SizeChart {
  productId: string | number;
  name?: string | null;
  unit?: string | null;
  /** Table rows; the first row is the header; empty when the product has none. */
  rows: string[][];
  note?: string | null;
}

export interface ProductTranslation {
  productId: string | number;
  language?: 'zh-CN';
  name?: string | null;
  description?: string | null;
  sourceName?: string | null;
  sourceDescription?: string | null;
}

export interface DomesticShipping {
  merchantId: string | number;
  currency?: string;
  /** Free domestic shipping from this order total, in the merchant's currency cents. */
  freeShippingThresholdCents?: number | null;
  /** Fee below the threshold. */
  feeCents?: number | null;
  rules?: Array<{ minCents: number; maxCents: number | null; feeCents: number }>;
  estimatedDays?: { min: number; max: number };
  carrier?: string;
  note?: string | null;
}

export interface DiscoverQuery {
  /** From (offset). Default 0. */
  f?: number;
  /** To (exclusive end). Default 10; 15 in the category variant. */
  t?: number;
  /** Price range `min-max`. Default '0-100'. */
  pr?: string;
  /** Discount range `min-max` (percent off). */
  dr?: string;
  /** Reference-server extension. */
  sort?: 'popular' | 'newest' | 'price_asc' | 'price_desc';
}

/** GET /api/v1/products/{id}; `promo` / `groupBuy` = true add those offers to the answer. */
export const getProduct = (c: StorefrontClient, id: string | number, ctx: { promo?: boolean; groupBuy?: boolean } = {}) =>
  c.get<ProductDetail>(`/api/v1/products/${seg(id)}`, { params: { promo: ctx.promo, groupBuy: ctx.groupBuy } });

/** GET /api/v1/products/{id}/related */
export const getRelatedProducts = (c: StorefrontClient, id: string | number) =>
  c.get<ProductListResponse>(`/api/v1/products/${seg(id)}/related`);

/**
 * GET /api/v2/products/{id}/similar/context/PRODUCT_DETAILS (the whole answer; the review
 * page's helper that reads `products` is review-page.ts getSimilarProducts).
 */
export const getSimilar = (c: StorefrontClient, id: string | number) =>
  c.get<SimilarResponse>(`/api/v2/products/${seg(id)}/similar/context/PRODUCT_DETAILS`);

/** GET /api/v1/sizecharts/products/{id} */
export const getSizeChart = (c: StorefrontClient, id: string | number) =>
  c.get<SizeChart>(`/api/v1/sizecharts/products/${seg(id)}`);

/** GET /api/v1/translate/product/{id} */
export const translateProduct = (c: StorefrontClient, id: string | number) =>
  c.get<ProductTranslation>(`/api/v1/translate/product/${seg(id)}`);

/** GET /api/v1/brands?f=0&t=10000[&np=] — the whole brand list by default (spec section 9). */
export const listBrands = (c: StorefrontClient, q: { f?: number; t?: number; np?: boolean } = {}) =>
  c.get<{ brands: Brand[]; total?: number }>('/api/v1/brands', { params: { f: q.f ?? 0, t: q.t ?? 10000, np: q.np } });

/** GET /api/v2/productcategories (pinned: `{ categories }`, the whole tree). */
export const getProductCategories = (c: StorefrontClient) => c.get<CategoriesResponse>('/api/v2/productcategories');

/** GET /api/v2/merchants */
export const listMerchants = (c: StorefrontClient) => c.get<{ merchants: Merchant[] }>('/api/v2/merchants');

/** GET /api/v1/merchants/{id}/domesticshipping */
export const getDomesticShipping = (c: StorefrontClient, merchantId: string) =>
  c.get<DomesticShipping>(`/api/v1/merchants/${seg(merchantId)}/domesticshipping`);

/** GET /api/v2/discover with f=0, t=10, pr='0-100' by default (spec section 9). */
export const discover = (c: StorefrontClient, q: DiscoverQuery = {}) =>
  c.get<ProductListResponse>('/api/v2/discover', {
    params: { pr: q.pr ?? '0-100', dr: q.dr, f: q.f ?? 0, t: q.t ?? 10, sort: q.sort },
  });

/** The category variant of GET /api/v2/discover: cids (comma-joined) and t=15. */
export const discoverCategory = (c: StorefrontClient, cids: string | string[], q: DiscoverQuery = {}) =>
  c.get<ProductListResponse>('/api/v2/discover', {
    params: {
      cids: Array.isArray(cids) ? cids.join(',') : cids,
      pr: q.pr ?? '0-100',
      dr: q.dr,
      f: q.f ?? 0,
      t: q.t ?? 15,
      sort: q.sort,
    },
  });

/** POST /api/v3/discover {q} (+ optional f/t window): keyword search. */
export const searchProducts = (c: StorefrontClient, q: string, window: { f?: number; t?: number } = {}) =>
  c.post<ProductListResponse>('/api/v3/discover', { q, ...window });

export interface RecommendBottomRequest {
  /** The product the page shows; omitted on pages without one. */
  productId?: string;
  f?: number;
  t?: number;
}

/** POST /api/v2/recommend/product/bottom: recommendations at the bottom of a page. */
export const recommendBottom = (c: StorefrontClient, body: RecommendBottomRequest = {}) =>
  c.post<ProductListResponse>('/api/v2/recommend/product/bottom', { f: 0, t: 10, ...body });
