// Products and discovery (spec section 7, "Products and discovery"; defaults from section 9).

import type { StorefrontClient } from './client';
import { seg } from '../common/path-segment';
import type { CategoriesResponse } from './wire/catalogue';
import type {
  BrandsResponse,
  DiscoverSort,
  DomesticShipping,
  MerchantsResponse,
  ProductDetail,
  ProductListResponse,
  ProductTranslation,
  SearchResponse,
  SimilarResponse,
  SizeChart,
} from './wire/products';

export type {
  Brand,
  BrandsResponse,
  DiscoverSort,
  DomesticShipping,
  GroupBuy,
  Merchant,
  MerchantsResponse,
  Product,
  ProductDetail,
  ProductListResponse,
  ProductTranslation,
  Promo,
  SearchResponse,
  SizeChart,
} from './wire/products';

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
  sort?: DiscoverSort;
}

/** GET /api/v1/products/{id}; `promo` / `groupBuy` = true add those offers to the answer. */
export const getProduct = (
  c: StorefrontClient,
  id: string | number,
  ctx: { promo?: boolean; groupBuy?: boolean } = {},
) => c.get<ProductDetail>(`/api/v1/products/${seg(id)}`, { params: { promo: ctx.promo, groupBuy: ctx.groupBuy } });

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
  c.get<BrandsResponse>('/api/v1/brands', { params: { f: q.f ?? 0, t: q.t ?? 10000, np: q.np } });

/** GET /api/v2/productcategories (pinned: `{ categories }`, the whole tree). */
export const getProductCategories = (c: StorefrontClient) => c.get<CategoriesResponse>('/api/v2/productcategories');

/** GET /api/v2/merchants */
export const listMerchants = (c: StorefrontClient) => c.get<MerchantsResponse>('/api/v2/merchants');

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

export const PRODUCT_SEARCH_PATH = '/api/v3/discover';

/** The body of a product search (the early answer is matched by it, as JSON). */
export const productSearchBody = (q: string, window: { f?: number; t?: number } = {}) => ({ q, ...window });

/** POST /api/v3/discover {q} (+ optional f/t window): keyword search. */
export const searchProducts = (c: StorefrontClient, q: string, window: { f?: number; t?: number } = {}) =>
  c.post<SearchResponse>(PRODUCT_SEARCH_PATH, productSearchBody(q, window));

export interface RecommendBottomRequest {
  /** The product the page shows; omitted on pages without one. */
  productId?: string;
  f?: number;
  t?: number;
}

/** POST /api/v2/recommend/product/bottom: recommendations at the bottom of a page. */
export const recommendBottom = (c: StorefrontClient, body: RecommendBottomRequest = {}) =>
  c.post<ProductListResponse>('/api/v2/recommend/product/bottom', { f: 0, t: 10, ...body });
