// The review as the page sees it: reshaped once from the wire type, every URL checked,
// every optional field defaulted. A record that cannot make a page is rejected with a reason
// (the build skips and reports it; the browser shows what it has).
import type { Review, RelatedReviewItem, SimilarProductItem, Sku } from '../storefront/types';
import { safeUrl } from '../common/safe-url';
import { idText, num, pathId, text, trimmedText, toViewImage, type ViewImage } from '../common/coerce';
import { SIMILAR_PRODUCTS_LIMIT } from './format';

export interface GalleryItem {
  id: string;
  full: ViewImage;
  thumb: ViewImage;
  isVideoCover: boolean;
  /** The playable video (contract: optional `url`), null when there is none or it is unsafe. */
  videoUrl: string | null;
  /**
   * The full picture's srcset of the media server's widths (issue 44), when the build made the
   * view (ViewOptions.srcSetOf); absent in the browser, whose bundle leaves the rule out.
   */
  srcSet?: string;
  /** Optional extensions of the video (docs/api-client.md): pixels and seconds, when sent. */
  videoSize?: { width: number; height: number } | null;
  videoDuration?: number | null;
}

export interface ReviewView {
  id: string;
  productId: string;
  content: string;
  userLabel: string | null;
  userAvatar: string | null;
  medal: { image: string | null; text: string | null } | null;
  likes: number;
  postedAt: number | null;
  score: number | null;
  tags: string[];
  gallery: GalleryItem[];
  /** Replies (the reference server's `replyCount` extension); null when the API does not say. */
  replyCount: number | null;
  /** Optional extension `verifiedPurchase`: the reviewer bought it (the variant when known). */
  verified: { variant: string | null } | null;
  sku: {
    name: string;
    cents: number | null;
    rate: number | null;
    color: string | null;
    size: string | null;
    width: string | null;
    /** The sku's own picture (the product image of the structured data when a review has none). */
    image: string | null;
  };
}

export interface RelatedView {
  commentId: string;
  productId: string;
  image: string | null;
  userLabel: string | null;
  userAvatar: string | null;
  content: string;
  likes: number;
  /**
   * Optional extensions of the feed item (issue 44, docs/api-client.md), left out when the API
   * does not send them: the image's height / width (the waterfall places cards from it), the
   * product's picture (drawn small on a text card, so only on items without an image), the
   * review's whole score 1-5 and its product's leaf category (related reviews).
   */
  ratio?: number;
  productImage?: string;
  score?: number;
  categoryId?: string;
}

export interface SimilarView {
  id: string;
  name: string;
  nameCN: string;
  image: string | null;
  priceTagCN: string | null;
  priceTag: string | null;
  marks: string[];
  labels: string[];
  origin: string | null;
}

const positive = (x: unknown): number | null => {
  const n = num(x);
  return n != null && Number.isFinite(n) && n > 0 ? n : null;
};

export interface ViewOptions {
  /**
   * A picture's srcset from its URL (src/common/media-variants.ts srcSetOf). The build passes
   * it (gatsby/sourcing, the deferred renderer); the browser does not, so the review page's
   * first-load JavaScript does not carry the rule (tests/e2e/page-weight.test.ts).
   */
  srcSetOf?: (url: string) => string | undefined;
}

/** Gallery: pictures, else video covers (spec section 5). */
function toGallery(r: Review, opts: ViewOptions): GalleryItem[] {
  const pictures = Array.isArray(r.pictures) ? r.pictures : [];
  const items: GalleryItem[] = [];
  pictures.forEach((p, i) => {
    const full = toViewImage(p?.full);
    if (!full) return;
    const thumb =
      toViewImage(p?.thumbnail, { width: 160, height: Math.round((160 * full.height) / full.width) }) ?? full;
    const srcSet = opts.srcSetOf?.(full.url);
    items.push({
      id: idText(p?.id) ?? `p${i}`,
      full,
      thumb,
      isVideoCover: false,
      videoUrl: null,
      ...(srcSet && { srcSet }),
    });
  });
  if (items.length) return items;
  const videos = Array.isArray(r.videos) ? r.videos : [];
  videos.forEach((v, i) => {
    const cover = toViewImage(v?.cover, { width: 720, height: 960 });
    if (!cover) return;
    const width = positive(v?.width);
    const height = positive(v?.height);
    items.push({
      id: `v${i}`,
      full: cover,
      thumb: cover,
      isVideoCover: true,
      videoUrl: safeUrl(v?.url),
      videoSize: width && height ? { width: Math.round(width), height: Math.round(height) } : null,
      videoDuration: positive(v?.duration),
    });
  });
  return items;
}

export type ReviewResult = { ok: true; review: ReviewView } | { ok: false; reason: string };

/** Reshape a wire review; rejects records that cannot make a page. */
export function toReviewView(r: unknown, expectedProductId?: string, opts: ViewOptions = {}): ReviewResult {
  if (!r || typeof r !== 'object') return { ok: false, reason: '不是对象 (not an object)' };
  const raw = r as Review;
  const id = idText(raw.id);
  if (!id) return { ok: false, reason: 'missing id' };
  const productId = idText(raw.productId) ?? idText(raw.sku?.productId) ?? expectedProductId ?? null;
  if (!productId) return { ok: false, reason: `review ${id}: missing productId` };
  if (raw.postedAt != null && num(raw.postedAt) == null)
    return { ok: false, reason: `review ${id}: postedAt is not a number` };
  if (raw.content != null && typeof raw.content !== 'string')
    return { ok: false, reason: `review ${id}: content is not text` };
  if (raw.sku != null && typeof raw.sku !== 'object')
    return { ok: false, reason: `review ${id}: sku is not an object` };
  if (raw.pictures != null && !Array.isArray(raw.pictures))
    return { ok: false, reason: `review ${id}: pictures is not a list` };
  const medal = Array.isArray(raw.userMedals) ? raw.userMedals[0] : null;
  const sku: Partial<Sku> = raw.sku ?? {};
  const attrs = sku.attributes?.attributes;
  const label = raw.productCommentLabel;
  return {
    ok: true,
    review: {
      id,
      productId,
      content: typeof raw.content === 'string' ? raw.content : '',
      userLabel: text(raw.userLabel),
      userAvatar: safeUrl(raw.userAvatar),
      medal: medal ? { image: safeUrl(medal.image?.url), text: text(medal.text?.text) } : null,
      likes: Math.max(0, num(raw.likes) ?? 0),
      postedAt: num(raw.postedAt),
      score: num(label?.productSatisfyScore),
      // Each tag once (issue 44: the API may repeat one).
      tags: [
        ...new Set(
          (Array.isArray(label?.wordTags) ? label!.wordTags! : []).flatMap((t) => {
            const v = trimmedText(t);
            return v ? [v] : [];
          }),
        ),
      ],
      gallery: toGallery(raw, opts),
      verified:
        raw.verifiedPurchase && typeof raw.verifiedPurchase === 'object'
          ? { variant: text(raw.verifiedPurchase.variant) }
          : null,
      replyCount: num(raw.replyCount) == null ? null : Math.max(0, Math.floor(num(raw.replyCount)!)),
      sku: {
        name: text(sku.name) ?? '',
        cents: num(sku.cents),
        rate: num(attrs?.exchangeRateUsed?.choices?.[0]),
        color: text(sku.color?.name),
        size: text(sku.size?.name),
        width: text(attrs?.width?.choices?.[0]),
        image: safeUrl(sku.images?.[0]?.full?.url) ?? safeUrl(sku.images?.[0]?.thumbnail?.url),
      },
    },
  };
}

export interface ReplyView {
  id: string;
  userLabel: string | null;
  content: string;
  postedAt: number | null;
  /** Written by the merchant (optional extension `fromMerchant`, docs/api-client.md). */
  fromMerchant: boolean;
}

/** Replies: well-formed items only (an id and text), each once. */
export function toReplyViews(items: unknown): ReplyView[] {
  if (!Array.isArray(items)) return [];
  const seen = new Set<string>();
  const out: ReplyView[] = [];
  for (const it of items as Array<Record<string, unknown>>) {
    const id = idText(it?.id);
    const content = text(it?.content);
    if (!id || !content || seen.has(id)) continue;
    seen.add(id);
    out.push({
      id,
      userLabel: text(it.userLabel),
      content,
      postedAt: num(it.postedAt),
      fromMerchant: it.fromMerchant === true,
    });
  }
  return out;
}

/** Related reviews: well-formed items only, each once (a page leaves its own out: page-data.ts relatedTo). */
export function toRelatedViews(items: unknown): RelatedView[] {
  if (!Array.isArray(items)) return [];
  const seen = new Set<string>();
  const out: RelatedView[] = [];
  for (const it of items as RelatedReviewItem[]) {
    const commentId = idText(it?.commentId);
    const productId = idText(it?.productId);
    if (!commentId || !productId || seen.has(commentId)) continue;
    seen.add(commentId);
    const image = safeUrl(it.image);
    const view: RelatedView = {
      commentId,
      productId,
      image,
      userLabel: text(it.userLabel),
      userAvatar: safeUrl(it.userAvatar),
      content: typeof it.content === 'string' ? it.content : '',
      likes: Math.max(0, num(it.likes) ?? 0),
    };
    const w = side(it.imageWidth);
    const h = side(it.imageHeight);
    if (image && w && h) view.ratio = Math.round((h / w) * 1000) / 1000;
    const productImage = image ? null : safeUrl(it.productImage);
    if (productImage) view.productImage = productImage;
    const score = num(it.score);
    if (score != null && Number.isInteger(score) && score >= 1 && score <= 5) view.score = score;
    const categoryId = pathId(it.categoryId);
    if (categoryId) view.categoryId = categoryId;
    out.push(view);
  }
  return out;
}

/** A picture side from the wire: a whole number of pixels 1..20000, else null. */
function side(x: unknown): number | null {
  const n = num(x);
  return n != null && Number.isInteger(n) && n > 0 && n <= 20000 ? n : null;
}

function productImage(images: SimilarProductItem['product']['images']): string | null {
  const first = Array.isArray(images) ? images[0] : null;
  if (!first) return null;
  if (typeof first === 'string') return safeUrl(first);
  return safeUrl(first.thumbnail?.url) ?? safeUrl(first.full?.url);
}

/** Similar products: well-formed items only, cut to 9 (spec section 5). */
export function toSimilarViews(items: unknown, excludeProductId?: string): SimilarView[] {
  if (!Array.isArray(items)) return [];
  const out: SimilarView[] = [];
  for (const it of items as SimilarProductItem[]) {
    const id = idText(it?.product?.id);
    if (!id || id === excludeProductId) continue;
    const p = it.product;
    out.push({
      id,
      name: text(p.name) ?? '',
      nameCN: text(p.nameCN) ?? text(p.name) ?? '',
      image: productImage(p.images),
      priceTag: text(p.priceTag),
      priceTagCN: text(p.priceTagCN),
      marks: (Array.isArray(p.marks) ? p.marks : []).filter((m): m is string => !!text(m)),
      labels: (it.labelView?.shortLabels ?? [])
        .flatMap((s) => s?.labels ?? [])
        .map((l) => text(l?.text))
        .filter((t): t is string => !!t),
      origin: text(it.origin),
    });
    if (out.length === SIMILAR_PRODUCTS_LIMIT) break;
  }
  return out;
}
