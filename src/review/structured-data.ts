// Structured data of a review page (issue 11, "Structured data"), per Google's review-snippet
// rules: a Review whose itemReviewed is the Product (its name, an image and, where the sku has a
// price, an offer), with the author's name, the rating and the date; plus a BreadcrumbList made
// from the visible breadcrumb. Every fact is one the page shows: the product name is the <h1>,
// the author the reviewer label, the rating the stars, the price the shown price (spec
// section 5). The types come from schema-dts; tests/helpers/json-ld.ts checks the values.
import type { BreadcrumbList, Offer, Product, Review, VideoObject, WithContext } from 'schema-dts';
import { siteConfig } from '../site-config';
import { absoluteUrl, productPath } from '../paths';
import { breadcrumbList } from '../common/breadcrumb';
import { isoChinaTime, priceYuan, productName, reviewerLabel, isDefaultPraise } from './format';
import { reviewCrumbs } from './crumbs';
import { isNamedAuthor, isThinReview } from './quality';
import type { ReviewView } from './view';

export type JsonLd = WithContext<Review> | WithContext<BreadcrumbList> | WithContext<VideoObject>;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A site media path ("/media/...") as an absolute URL on the public site. */
export function absoluteMedia(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') ? siteConfig.siteUrl.replace(/\/+$/, '') + url : url;
}

/** Pictures of the product: the review's own (shown in the gallery), else the sku's picture. */
function productImages(r: ReviewView): string[] {
  const shown = r.gallery
    .slice(0, 3)
    .map((g) => absoluteMedia(g.full.url))
    .filter((u): u is string => !!u);
  if (shown.length) return shown;
  const sku = absoluteMedia(r.sku.image);
  return sku ? [sku] : [];
}

/**
 * The Review block, or null when the review lacks what the rules require (a product name, a
 * product image, a 1-5 rating, a date): a partial Review is an error in Google's report, no
 * block is not.
 */
function reviewJsonLd(r: ReviewView, canonical: string): WithContext<Review> | null {
  const name = oneLine(productName(r.sku.name));
  const image = productImages(r);
  const date = isoChinaTime(r.postedAt);
  const score = r.score;
  if (!name || !image.length || !date || score == null || score < 1 || score > 5) return null;
  // Issue 22: no Review rich markup for a thin review, and "匿名用户" is no Person to name
  // (src/review/quality.ts, docs/seo.md "Thin reviews").
  if (isThinReview(r) || !isNamedAuthor(r.userLabel)) return null;
  const productUrl = absoluteUrl(siteConfig.siteUrl, productPath(r.productId));
  const price = priceYuan(r.sku.cents, r.sku.rate);
  const offer: Offer | undefined =
    price == null ? undefined : { '@type': 'Offer', price, priceCurrency: 'CNY', url: productUrl };
  const product: Product = { '@type': 'Product', name, image, url: productUrl, ...(offer ? { offers: offer } : {}) };
  const body = isDefaultPraise(r.content) ? '' : oneLine(r.content);
  return {
    '@context': 'https://schema.org',
    '@type': 'Review',
    url: canonical,
    inLanguage: 'zh-CN',
    datePublished: date,
    author: { '@type': 'Person', name: reviewerLabel(r.userLabel) },
    itemReviewed: product,
    reviewRating: { '@type': 'Rating', ratingValue: score, bestRating: 5, worstRating: 1 },
    ...(body ? { reviewBody: body } : {}),
    publisher: { '@type': 'Organization', name: siteConfig.company.name },
  };
}

/** ISO 8601 duration of a number of seconds ("PT4S"). */
export const isoDuration = (seconds: number) => `PT${Math.max(1, Math.round(seconds))}S`;

/**
 * A VideoObject per playable video the page shows (issue 21 item 1; Google's video rules: name,
 * thumbnailUrl and uploadDate required, description, contentUrl and duration recommended). Only
 * facts of the data: the duration when the API sent one; no block without a date or a file.
 */
export function videoJsonLd(r: ReviewView): WithContext<VideoObject>[] {
  const videos = r.gallery.filter((g) => g.isVideoCover && g.videoUrl);
  const date = isoChinaTime(r.postedAt);
  if (!videos.length || !date) return [];
  const product = oneLine(productName(r.sku.name));
  const body = isDefaultPraise(r.content) ? '' : oneLine(r.content);
  return videos.flatMap((g, i) => {
    const contentUrl = absoluteMedia(g.videoUrl);
    const thumbnailUrl = absoluteMedia(g.full.url);
    if (!contentUrl || !thumbnailUrl || !/^https?:\/\//i.test(contentUrl)) return [];
    const name = `${product || '用户'}晒单视频${videos.length > 1 ? ` ${i + 1}` : ''}`;
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'VideoObject',
        name,
        description: (body || name).slice(0, 2048),
        thumbnailUrl,
        uploadDate: date,
        contentUrl,
        ...(g.videoDuration ? { duration: isoDuration(g.videoDuration) } : {}),
        inLanguage: 'zh-CN',
      },
    ];
  });
}

/** Every JSON-LD block of a review page, in order. */
export function reviewStructuredData(r: ReviewView, canonical: string): JsonLd[] {
  const review = reviewJsonLd(r, canonical);
  const crumbs = breadcrumbList(reviewCrumbs(r), canonical, siteConfig.siteUrl);
  return [...(review ? [review] : []), crumbs, ...videoJsonLd(r)];
}

/**
 * JSON for a <script type="application/ld+json"> body: "<", ">", "&" and the JS line
 * separators are written as \u escapes so no user text can end the element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
