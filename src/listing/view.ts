// Wire -> view reshaping of the listing pages, done once at the edge (the build, or a hook for
// browser answers). Every user or third-party URL passes safeUrl; every optional field is
// defaulted; malformed records give null and are left out.
import type { Article } from '../storefront/articles';
import type { Merchant, Product, ProductDetail } from '../storefront/products';
import type { Review } from '../storefront/types';
import { safeUrl } from '../common/safe-url';
import { formatPrice, specLine } from '../review/format';
import { toReviewView, type ReviewView, type ViewImage } from '../review/view';
import type { ArticleView, MerchantView, ProductCardView, ProductReviewItem, ProductView } from './types';

type WireImg = { url?: string | null; width?: number | null; height?: number | null } | null | undefined;

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const idOf = (v: unknown): string | null =>
  (typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v.trim())) || (typeof v === 'number' && Number.isInteger(v)) ? String(v).trim() : null;
const strings = (v: unknown, max = 20): string[] =>
  (Array.isArray(v) ? v : []).map(str).filter((s): s is string => !!s).slice(0, max);

export const PRODUCT_IMAGE_LIMIT = 6;

/** An image with its declared size (fallback square), or null when the URL is unsafe. */
export function toViewImage(img: WireImg | string, fallback = 800): ViewImage | null {
  const raw = typeof img === 'string' ? { url: img } : img;
  const url = safeUrl(raw?.url);
  if (!url) return null;
  const w = num(raw?.width);
  const h = num(raw?.height);
  return { url, width: w && w > 0 ? Math.round(w) : fallback, height: h && h > 0 ? Math.round(h) : fallback };
}

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
  const id = idOf(w.id);
  if (!id) return null;
  return {
    id,
    name: str(w.nameCN) ?? str(w.name) ?? `商品 ${id}`,
    image: productImages(w.images, 'thumbnail', 1)[0] ?? null,
    price: priceOf(w),
    origin: str(w.origin),
    marks: strings(w.marks, 2),
  };
}

/** The product page's product from GET /api/v1/products/{id}; null without a usable id. */
export function toProductView(p: unknown): ProductView | null {
  if (!p || typeof p !== 'object') return null;
  const w = p as ProductDetail;
  const id = idOf(w.id);
  if (!id) return null;
  const price = priceOf(w);
  const list = formatPrice(num(w.listCents), num(w.exchangeRate));
  const listHigher = num(w.listCents) != null && num(w.cents) != null && w.listCents! > w.cents!;
  return {
    id,
    name: str(w.name) ?? '',
    nameCN: str(w.nameCN) ?? str(w.name) ?? `商品 ${id}`,
    images: productImages(w.images, 'full', PRODUCT_IMAGE_LIMIT),
    price,
    listPrice: listHigher ? list : null,
    marks: strings(w.marks),
    origin: str(w.origin),
    labels: strings(w.labels),
    brand: str(w.brand?.nameCN) ?? str(w.brand?.name),
    merchant: str(w.merchant?.nameCN) ?? str(w.merchant?.name),
    categoryId: str(w.categoryId),
    description: str(w.descriptionCN) ?? str(w.description),
    promo: str(w.promo?.label),
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
    id: productId, name: '', nameCN, images: [], price: sku ? formatPrice(sku.cents, sku.rate) : null, listPrice: null,
    marks: [], origin: null, labels: [], brand: null, merchant: null, categoryId: null, description: null, promo: null,
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

/** Filter buttons: the word tags of the product's reviews, most frequent first. */
export function topTags(reviews: Array<{ tags: string[] }>, limit = 8): string[] {
  const counts = new Map<string, number>();
  for (const r of reviews) for (const t of new Set(r.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([t]) => t);
}

export function toMerchantView(m: unknown): MerchantView | null {
  if (!m || typeof m !== 'object') return null;
  const w = m as Merchant;
  const id = idOf(w.id);
  const name = str(w.nameCN) ?? str(w.name);
  if (!id || !name) return null;
  return {
    id,
    name,
    nameEn: str(w.name) !== name ? str(w.name) : null,
    country: str(w.country) ?? str(w.origin),
    description: str(w.description),
    logo: safeUrl(w.logo),
    website: (() => { const u = safeUrl(w.website); return u && /^https?:/i.test(u) ? u : null; })(),
    productCount: num(w.productCount),
  };
}

export function toArticleView(a: unknown): ArticleView | null {
  if (!a || typeof a !== 'object') return null;
  const w = a as Article;
  const id = idOf(w.id);
  const title = str(w.title);
  if (!id || !title) return null;
  const url = safeUrl(w.url);
  return {
    id,
    title,
    summary: str(w.summary) ?? '',
    cover: toViewImage(w.coverImage ?? w.cover, 690) ?? toViewImage(w.cover, 690),
    publishedAt: num(w.publishedAt),
    author: str(w.author),
    tags: strings(w.tags, 5),
    paragraphs: (str(w.content) ?? '').split(/\n+/).map((p) => p.trim()).filter(Boolean).slice(0, 30),
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
