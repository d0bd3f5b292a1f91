// Head data of a review page (spec section 9): title, description and keywords from
// templates over the site name, reviewer label, product name and word tags; canonical URL is
// the review path; the share image is the first picture, else the first video cover.
// Everything returned is plain text: React/Helmet escape it into attributes; JSON-LD goes
// through jsonLdText, which escapes what could close the <script> element.
import { siteConfig } from '../site-config';
import { absoluteUrl, reviewPath } from '../paths';
import { isoChinaTime, productName, shortTitle, truncate, isDefaultPraise } from './format';
import type { ReviewView } from './view';

export interface HeadData {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  image: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  jsonLd: Record<string, unknown>;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function absoluteMedia(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? siteConfig.siteUrl.replace(/\/+$/, '') + url : url;
}

export function reviewHead(r: ReviewView): HeadData {
  const label = r.userLabel ? oneLine(r.userLabel) : '用户';
  const product = oneLine(productName(r.sku.name)) || '海外好物';
  const short = shortTitle(r.content);
  const title = short
    ? `${oneLine(short)} - ${label}的${product}晒单 - ${siteConfig.siteName}`
    : `${label}的${product}晒单 - ${siteConfig.siteName}`;
  const text = isDefaultPraise(r.content) ? '' : oneLine(r.content);
  const description = text
    ? truncate(`${label}晒单：${text}`, 150)
    : `${label}在${siteConfig.brandName}购买了${product}，查看真实买家晒单、图片与评价。`;
  const keywords = Array.from(new Set([...r.tags.map(oneLine), product, '晒单', '买家秀', ...siteConfig.keywords]))
    .filter(Boolean)
    .join(',');
  const first = r.gallery[0]?.full ?? null;
  const canonical = absoluteUrl(siteConfig.siteUrl, reviewPath(r.productId, r.id));
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Review',
    url: canonical,
    name: title,
    reviewBody: text || undefined,
    datePublished: isoChinaTime(r.postedAt) ?? undefined,
    author: { '@type': 'Person', name: label },
    itemReviewed: { '@type': 'Product', name: product },
    reviewRating: r.score ? { '@type': 'Rating', ratingValue: r.score, bestRating: 5, worstRating: 1 } : undefined,
    image: absoluteMedia(first?.url ?? null) ?? undefined,
    publisher: { '@type': 'Organization', name: siteConfig.company.name },
  };
  return {
    title, description, keywords, canonical,
    image: absoluteMedia(first?.url ?? null),
    imageWidth: first?.width ?? null,
    imageHeight: first?.height ?? null,
    jsonLd,
  };
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
