// Head data of a review page (spec section 9): title, description and keywords from
// templates over the site name, reviewer label, product name and word tags; canonical URL is
// the review path; the share image is the first picture, else the first video cover.
// The product is named by the part of the sku name before "|" (issue 11, defect 2).
// Everything returned is plain text: React/Helmet escape it into attributes; the JSON-LD
// blocks go through jsonLdText, which escapes what could close the <script> element.
import { siteConfig } from '../site-config';
import { absoluteUrl, reviewPath } from '../paths';
import { productName, reviewerLabel, shortTitle, truncate, isDefaultPraise } from './format';
import { isThinReview } from './quality';
import { absoluteMedia, reviewStructuredData, type JsonLd } from './structured-data';
import type { ReviewView } from './view';

export { jsonLdText } from './structured-data';

export interface HeadData {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  image: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  jsonLd: JsonLd[];
  /** A thin review (src/review/quality.ts): noindex, and so no canonical URL (issue 22). */
  noindex: boolean;
}

const DESCRIPTION_LIMIT = 150;

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What a review's head says of it in words and one picture: the title, description, canonical URL and share image. */
export type HeadSummary = Pick<
  HeadData,
  'title' | 'description' | 'canonical' | 'image' | 'imageWidth' | 'imageHeight'
>;

/**
 * The head's title, description, canonical URL and share image, without its keywords and
 * JSON-LD: what the share card needs (src/review/share.ts), computed while React hydrates the
 * page, where the JSON-LD's dates and offer cost a slow phone's main thread for nothing (issue 40).
 */
export function reviewSummary(r: ReviewView): HeadSummary & { product: string } {
  const label = reviewerLabel(r.userLabel);
  const product = oneLine(productName(r.sku.name));
  const subject = product ? `${label}的${product}晒单` : `${label}的晒单`;
  const short = shortTitle(r.content);
  const title = short
    ? `${oneLine(short)} - ${subject} - ${siteConfig.siteName}`
    : `${subject} - ${siteConfig.siteName}`;
  const text = isDefaultPraise(r.content) ? '' : oneLine(r.content);
  const description = text
    ? truncate(`${subject}：${text}`, DESCRIPTION_LIMIT)
    : `${label}在${siteConfig.brandName}购买了${product || '海外好物'}，查看真实买家晒单、图片与评价。`;
  // A text-only review shares its product's picture (the sku's), issue 44: never a card without one.
  const first = r.gallery[0]?.full ?? (r.sku.image ? { url: r.sku.image, width: null, height: null } : null);
  return {
    product,
    title,
    description,
    canonical: absoluteUrl(siteConfig.siteUrl, reviewPath(r.productId, r.id)),
    image: absoluteMedia(first?.url ?? null),
    imageWidth: first?.width ?? null,
    imageHeight: first?.height ?? null,
  };
}

export function reviewHead(r: ReviewView): HeadData {
  const { product, ...summary } = reviewSummary(r);
  const keywords = Array.from(new Set([product, ...r.tags.map(oneLine), '晒单', '买家秀', ...siteConfig.keywords]))
    .filter(Boolean)
    .join(',');
  return {
    ...summary,
    keywords,
    jsonLd: reviewStructuredData(r, summary.canonical),
    noindex: isThinReview(r),
  };
}
