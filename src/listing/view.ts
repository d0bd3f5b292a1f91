// Wire -> view reshaping of the listing pages, done once at the edge (the build, or a hook for
// browser answers). Every user or third-party URL passes safeUrl; every optional field is
// defaulted; malformed records give null and are left out.
import type { Article } from '../storefront/articles';
import type { Merchant, Product, ProductDetail } from '../storefront/products';
import type { Review } from '../storefront/types';
import { safeUrl } from '../common/safe-url';
import { formatPrice, specLine } from '../review/format';
import { toReviewView, type ReviewView } from '../review/view';
import { num, pathId, strings, toViewImage, trimmedText, type ViewImage } from '../common/coerce';
import type { ArticleView, MerchantView, ProductCardView, ProductReviewItem, ProductView } from './types';

export const PRODUCT_IMAGE_LIMIT = 6;

function productImages(images: Product['images'], pick: 'full' | 'thumbnail', limit: number): ViewImage[] {
  const out: ViewImage[] = [];
  for (const i of Array.isArray(images) ? images : []) {
    const v = toViewImage(i?.[pick] ?? i?.full ?? i?.thumbnail);
    if (v) out.push(v);
    if (out.length === limit) break;
  }
  return out;
}

/** The shown price of a product: cents x rate / 100 (spec section 5). */
const priceOf = (p: Pick<Product, 'cents' | 'exchangeRate'>) => formatPrice(num(p.cents), num(p.exchangeRate));

/** A product grid card from a discover / related item; null without a usable id. */
export function toProductCard(p: unknown): ProductCardView | null {
  if (!p || typeof p !== 'object') return null;
  const w = p as Product;
  const id = pathId(w.id);
  if (!id) return null;
  return {
    id,
    name: trimmedText(w.nameCN) ?? trimmedText(w.name) ?? `商品 ${id}`,
    image: productImages(w.images, 'thumbnail', 1)[0] ?? null,
    price: priceOf(w),
    origin: trimmedText(w.origin),
    marks: strings(w.marks, 2),
  };
}

/** The product page's product from GET /api/v1/products/{id}; null without a usable id. */
export function toProductView(p: unknown): ProductView | null {
  if (!p || typeof p !== 'object') return null;
  const w = p as ProductDetail;
  const id = pathId(w.id);
  if (!id) return null;
  const price = priceOf(w);
  const list = formatPrice(num(w.listCents), num(w.exchangeRate));
  const listHigher = num(w.listCents) != null && num(w.cents) != null && w.listCents! > w.cents!;
  return {
    id,
    name: trimmedText(w.name) ?? '',
    nameCN: trimmedText(w.nameCN) ?? trimmedText(w.name) ?? `商品 ${id}`,
    images: productImages(w.images, 'full', PRODUCT_IMAGE_LIMIT),
    price,
    listPrice: listHigher ? list : null,
    marks: strings(w.marks),
    origin: trimmedText(w.origin),
    labels: strings(w.labels),
    brand: trimmedText(w.brand?.nameCN) ?? trimmedText(w.brand?.name),
    merchant: trimmedText(w.merchant?.nameCN) ?? trimmedText(w.merchant?.name),
    categoryId: trimmedText(w.categoryId),
    description: trimmedText(w.descriptionCN) ?? trimmedText(w.description),
    promo: trimmedText(w.promo?.label),
    partial: false,
  };
}

/**
 * A product page without the product call (optional endpoint failed): what the reviews' sku
 * tells (the name before "|" and the price). Never a broken /pd/ link.
 */
export function productFromReviews(productId: string, reviews: ReviewView[]): ProductView {
  const sku = reviews.find((r) => r.sku.name || r.sku.cents != null)?.sku;
  const raw = sku?.name ?? '';
  const bar = raw.indexOf('|');
  const nameCN = (bar > 0 ? raw.slice(0, bar).trim() : '') || `商品 ${productId}`;
  return {
    id: productId,
    name: '',
    nameCN,
    images: [],
    price: sku ? formatPrice(sku.cents, sku.rate) : null,
    listPrice: null,
    marks: [],
    origin: null,
    labels: [],
    brand: null,
    merchant: null,
    categoryId: null,
    description: null,
    promo: null,
    partial: true,
  };
}

/** A review as a list item of the product page. */
export function toProductReviewItem(r: ReviewView): ProductReviewItem {
  return {
    id: r.id,
    productId: r.productId,
    content: r.content,
    userLabel: r.userLabel,
    userAvatar: r.userAvatar,
    likes: r.likes,
    postedAt: r.postedAt,
    score: r.score,
    tags: r.tags,
    spec: specLine([r.sku.color, r.sku.size, r.sku.width]),
    images: r.gallery.slice(0, 3).map((g) => g.thumb),
  };
}

/** listComments answer -> list items; malformed reviews are left out (the rest still shows). */
export function toProductReviewItems(comments: unknown, productId: string): ProductReviewItem[] {
  if (!Array.isArray(comments)) return [];
  const out: ProductReviewItem[] = [];
  for (const c of comments as Review[]) {
    const v = toReviewView(c, productId);
    if (v.ok) out.push(toProductReviewItem(v.review));
  }
  return out;
}

export function toMerchantView(m: unknown): MerchantView | null {
  if (!m || typeof m !== 'object') return null;
  const w = m as Merchant;
  const id = pathId(w.id);
  const name = trimmedText(w.nameCN) ?? trimmedText(w.name);
  if (!id || !name) return null;
  return {
    id,
    name,
    nameEn: trimmedText(w.name) !== name ? trimmedText(w.name) : null,
    country: trimmedText(w.country) ?? trimmedText(w.origin),
    description: trimmedText(w.description),
    logo: safeUrl(w.logo),
    website: (() => {
      const u = safeUrl(w.website);
      return u && /^https?:/i.test(u) ? u : null;
    })(),
    productCount: num(w.productCount),
  };
}

export function toArticleView(a: unknown): ArticleView | null {
  if (!a || typeof a !== 'object') return null;
  const w = a as Article;
  const id = pathId(w.id);
  const title = trimmedText(w.title);
  if (!id || !title) return null;
  const url = safeUrl(w.url);
  const banner =
    toViewImage(w.bannerImage ?? w.banner, { width: 750, height: 300 }) ??
    toViewImage(w.banner, { width: 750, height: 300 });
  return {
    ...(banner && { banner }),
    id,
    title,
    summary: trimmedText(w.summary) ?? '',
    cover: toViewImage(w.coverImage ?? w.cover, 690) ?? toViewImage(w.cover, 690),
    publishedAt: num(w.publishedAt),
    author: trimmedText(w.author),
    tags: strings(w.tags, 5),
    paragraphs: (trimmedText(w.content) ?? '')
      .split(/\n+/)
      .map((p) => p.trim())
      .filter(Boolean)
      .slice(0, 30),
    url: url && /^https?:/i.test(url) ? url : null,
  };
}

/** Keeps the well-formed records, in order, without duplicate ids. */
export function compact<T extends { id: string }>(items: unknown, to: (x: unknown) => T | null, limit = Infinity): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  for (const x of Array.isArray(items) ? items : []) {
    const v = to(x);
    if (!v || seen.has(v.id)) continue;
    seen.add(v.id);
    out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}
