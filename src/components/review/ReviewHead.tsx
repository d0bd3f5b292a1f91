import * as React from 'react';
import { Helmet } from 'react-helmet';
import type { ReviewView } from '../../review/view';
import { reviewHead, jsonLdText } from '../../review/head';
import { siteConfig } from '../../site-config';
import { HeadOutsideHydration } from '../common/HeadOutsideHydration';

/**
 * Head data of a review page (spec section 9). Helmet escapes every attribute value; each
 * JSON-LD body (the Review and the BreadcrumbList, src/review/structured-data.ts) is escaped
 * by jsonLdText so review text cannot close the script element.
 */
export function ReviewHead({ review }: { review: ReviewView }) {
  return (
    <HeadOutsideHydration id={`review:${review.productId}:${review.id}`}>
      {() => <ReviewHelmet review={review} />}
    </HeadOutsideHydration>
  );
}

function ReviewHelmet({ review }: { review: ReviewView }) {
  const h = reviewHead(review);
  return (
    <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
      <title>{h.title}</title>
      <meta name="description" content={h.description} />
      <meta name="keywords" content={h.keywords} />
      {/* A thin review is noindex; a canonical URL would ask for the opposite (issue 22). */}
      {h.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={h.canonical} />}
      <meta property="og:type" content="article" />
      <meta property="og:site_name" content={siteConfig.siteName} />
      <meta property="og:title" content={h.title} />
      <meta property="og:description" content={h.description} />
      <meta property="og:url" content={h.canonical} />
      <meta property="og:locale" content="zh_CN" />
      {h.image && <meta property="og:image" content={h.image} />}
      {h.image && h.imageWidth && <meta property="og:image:width" content={String(h.imageWidth)} />}
      {h.image && h.imageHeight && <meta property="og:image:height" content={String(h.imageHeight)} />}
      <meta name="twitter:card" content={h.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={h.title} />
      <meta name="twitter:description" content={h.description} />
      {h.image && <meta name="twitter:image" content={h.image} />}
      {h.jsonLd.map((block, i) => (
        <script key={`${String(block['@type'])}-${i}`} type="application/ld+json">
          {jsonLdText(block)}
        </script>
      ))}
    </Helmet>
  );
}

/**
 * Head of a page without a loaded review (haul template while loading, not found). A page
 * that must not be indexed has no canonical URL (issue 11).
 */
export function PlainHead({ title, noindex }: { title: string; noindex?: boolean }) {
  return (
    <HeadOutsideHydration id={`plain:${title}:${noindex ? 1 : 0}`}>
      {() => (
        <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
          <title>{`${title} - ${siteConfig.siteName}`}</title>
          <meta name="description" content={siteConfig.description} />
          {noindex && <meta name="robots" content="noindex" />}
        </Helmet>
      )}
    </HeadOutsideHydration>
  );
}
