// What the listing pages (home, category, product, haul, merchants, articles) show: view
// models reshaped once from the wire types at the edge (view.ts), small enough for page-data.
import type { ViewImage } from '../common/coerce';
import type { ProductFacts } from './facts';

/** A product as its own page (/pd/{id}/) shows it. */
export interface ProductView {
  id: string;
  /** English (source) name. */
  name: string;
  nameCN: string;
  images: ViewImage[];
  /** Shown price, `¥12.34` (spec section 5), or null without cents. */
  price: string | null;
  /** The list price when it is higher than the price. */
  listPrice: string | null;
  marks: string[];
  origin: string | null;
  labels: string[];
  brand: string | null;
  merchant: string | null;
  categoryId: string | null;
  description: string | null;
  promo: string | null;
  /** True when built from a review's sku because the product call was not available. */
  partial: boolean;
  /** Issue 45: what the facts calls told (size chart, shipping, original name, offers); the build's only. */
  facts?: ProductFacts;
}

/** A product in a grid (home, category). */
export interface ProductCardView {
  id: string;
  name: string;
  image: ViewImage | null;
  price: string | null;
  origin: string | null;
  marks: string[];
  /** Its reviews' average score and count, as its hub counts them (category pages, issue 44). */
  rating?: ProductRating;
}

export interface ProductRating {
  /** One decimal. */
  average: number;
  count: number;
}

/** A review in the product page's list (built from the detail or a listComments answer). */
export interface ProductReviewItem {
  id: string;
  productId: string;
  content: string;
  userLabel: string | null;
  userAvatar: string | null;
  likes: number;
  postedAt: number | null;
  score: number | null;
  tags: string[];
  spec: string;
  images: ViewImage[];
}

export interface MerchantView {
  id: string;
  name: string;
  nameEn: string | null;
  country: string | null;
  description: string | null;
  logo: string | null;
  website: string | null;
  productCount: number | null;
}

export interface ArticleView {
  id: string;
  title: string;
  summary: string;
  cover: ViewImage | null;
  /** The wide banner of a featured article (the home page's; only when the API sends one). */
  banner?: ViewImage;
  publishedAt: number | null;
  author: string | null;
  tags: string[];
  /** Body paragraphs (the content service sends plain text). */
  paragraphs: string[];
  /** An external article URL (http/https only). */
  url: string | null;
}

export interface CategoryLinkView {
  id: string;
  name: string;
}
