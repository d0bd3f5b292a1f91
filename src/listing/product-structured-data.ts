// Structured data of a product review hub (/pd/{id}/, issue 22), per Google's product-snippet
// and review-snippet rules: a Product with its name (the <h1>), images, brand where known, an
// Offer in CNY when the price is shown, the aggregateRating of the visible rating summary and
// up to 10 of the reviews shown on the page, each with its author, date and rating. Thin
// reviews and anonymous authors are left out of the nested reviews (src/listing/review-quality.ts,
// docs/seo.md "Thin reviews"). Typed with schema-dts; checked on the whole e2e build by
// @adobe/structured-data-validator (tests/e2e/structured-data.test.ts).
import type { Product, Review, WithContext } from 'schema-dts';
import { isoChinaTime, isDefaultPraise } from '../review/format';
import { absoluteMedia } from '../review/structured-data';
import { scoreBucket, type RatingSummary } from './rating';
import { isNamedAuthor, isThin } from '../review/quality';
import type { ProductReviewItem, ProductView } from './types';

export const PRODUCT_JSON_LD_REVIEWS = 10;
const PRODUCT_JSON_LD_IMAGES = 3;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const absolute = (urls: Array<string | null | undefined>) =>
  urls.map((u) => absoluteMedia(u)).filter((u): u is string => !!u && /^https?:\/\//i.test(u));

/** The shown price "¥12.34" as JSON-LD's price "12.34"; null when none is shown. */
export function shownPriceYuan(price: string | null): string | null {
  const m = price ? /^¥(\d{1,12}\.\d{2})$/.exec(price) : null;
  return m ? m[1] : null;
}

/** A shown review as a nested Review, or null when it must not be one (thin, anonymous, unrated, undated). */
function nestedReview(r: ProductReviewItem): Review | null {
  const score = scoreBucket(r.score);
  const date = isoChinaTime(r.postedAt);
  if (score == null || !date || !isNamedAuthor(r.userLabel) || isThin(r.content, r.images.length > 0)) return null;
  const body = isDefaultPraise(r.content) ? '' : oneLine(r.content);
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: oneLine(r.userLabel!) },
    datePublished: date,
    reviewRating: { '@type': 'Rating', ratingValue: score, bestRating: 5, worstRating: 1 },
    ...(body ? { reviewBody: body } : {}),
  };
}

/**
 * The Product block, or null when the page has nothing Google's rules accept (no image, or
 * neither a rating, an offer nor a review): no block is not an error, a partial one is.
 */
export function productJsonLd(
  product: ProductView,
  summary: RatingSummary,
  shown: readonly ProductReviewItem[],
  canonical: string,
): WithContext<Product> | null {
  const name = oneLine(product.nameCN);
  const image = absolute([
    ...product.images.map((i) => i.url),
    ...shown.flatMap((r) => r.images.map((i) => i.url)),
  ]).slice(0, PRODUCT_JSON_LD_IMAGES);
  const price = shownPriceYuan(product.price);
  const reviews = shown
    .map(nestedReview)
    .filter((r): r is Review => !!r)
    .slice(0, PRODUCT_JSON_LD_REVIEWS);
  const rated = summary.count > 0 && summary.average != null;
  if (!name || !image.length || (!rated && price == null && !reviews.length)) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    image,
    url: canonical,
    productID: product.id,
    ...(product.brand ? { brand: { '@type': 'Brand', name: oneLine(product.brand) } } : {}),
    ...(price != null ? { offers: { '@type': 'Offer', price, priceCurrency: 'CNY', url: canonical } } : {}),
    ...(rated
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            // The shown average (one decimal, formatAverage) as a number.
            ratingValue: summary.average!,
            reviewCount: summary.count,
            ratingCount: summary.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length ? { review: reviews } : {}),
  };
}
