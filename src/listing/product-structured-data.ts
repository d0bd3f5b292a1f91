// Structured data of a product review hub (/pd/{id}/, issue 22), per Google's product-snippet
// and review-snippet rules: a Product with its name (the <h1>), images, brand where known, an
// Offer in CNY when the price is shown, the aggregateRating of the visible rating summary and
// up to 10 of the reviews shown on the page, each with its author, date and rating. Thin
// reviews and anonymous authors are left out of the nested reviews (src/listing/review-quality.ts,
// docs/seo.md "Thin reviews"). Typed with schema-dts; checked on the whole e2e build by
// @adobe/structured-data-validator (tests/e2e/structured-data.test.ts).
import type { MerchantReturnPolicy, OfferShippingDetails, Product, Review, WithContext } from 'schema-dts';
import type { FactsView } from './facts-view';
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
 * Issue 45: how the shown offer reaches the shopper, as the page's delivery and landed cost show
 * it: the shipping (both legs, yuan) to China, the merchant's days as handling time and the
 * cross-border leg's as transit time. Only when both legs are known (the page shows the sum).
 */
export function shippingDetails(facts: FactsView | null | undefined): OfferShippingDetails | null {
  const d = facts?.delivery;
  const rate = facts?.landed?.shippingYuan;
  if (!d?.domestic || rate == null) return null;
  const days = (minValue: number, maxValue: number) =>
    ({ '@type': 'QuantitativeValue', minValue, maxValue, unitCode: 'DAY' }) as const;
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: rate, currency: 'CNY' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'CN' },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(d.domestic.minDays, d.domestic.maxDays),
      transitTime: days(d.crossBorder.minDays, d.crossBorder.maxDays),
    },
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
  extras?: OfferExtras | null,
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
    ...(price != null ? { offers: { '@type': 'Offer', price, priceCurrency: 'CNY', url: canonical, ...extras } } : {}),
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

/** What issue 45 adds to the offer (made by the build from the page's facts: no browser code). */
export interface OfferExtras {
  shippingDetails?: OfferShippingDetails;
  hasMerchantReturnPolicy?: MerchantReturnPolicy;
}

export function offerExtras(facts: FactsView | null | undefined): OfferExtras {
  const shipping = shippingDetails(facts);
  const returns = returnPolicy(facts);
  return {
    ...(shipping ? { shippingDetails: shipping } : {}),
    ...(returns ? { hasMerchantReturnPolicy: returns } : {}),
  };
}

/** Issue 45: the merchant's return policy as the page's delivery block states it (sold in CN). */
export function returnPolicy(facts: FactsView | null | undefined): MerchantReturnPolicy | null {
  const r = facts?.delivery?.domestic?.returns;
  if (!r) return null;
  if (r.days === 0)
    return {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'CN',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    };
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'CN',
    returnPolicyCountry: r.returnTo,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: r.days,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: r.free ? 'https://schema.org/FreeReturn' : 'https://schema.org/ReturnFeesCustomerResponsibility',
  };
}
