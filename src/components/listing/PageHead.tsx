import * as React from 'react';
import { Helmet } from 'react-helmet';
import { absoluteUrl } from '../../paths';
import { siteConfig } from '../../site-config';
import { absoluteMedia, jsonLdText } from '../../review/structured-data';
import { HeadOutsideHydration } from '../common/HeadOutsideHydration';

export interface PageHeadProps {
  title: string;
  description?: string;
  /** Site path of the canonical URL (query-free: /category/8/?from=menu is /category/8/). */
  path?: string;
  /** A page search engines must not index; it has no canonical URL (issue 11). */
  noindex?: boolean;
  /** The share image (og:image, twitter:image): a site media path or an absolute URL. */
  image?: string | null;
  /** JSON-LD blocks (each escaped by jsonLdText, so no text can close the script element). */
  jsonLd?: ReadonlyArray<object>;
}

/**
 * Head data of the listing pages: title, description, canonical, Open Graph and share image,
 * JSON-LD. Not rendered again while the page hydrates (HeadOutsideHydration): the server's
 * head is this one.
 */
export function PageHead(props: PageHeadProps) {
  return (
    <HeadOutsideHydration id={`page:${props.path ?? ''}:${props.title}:${props.noindex ? 1 : 0}`}>
      {() => <PageHelmet {...props} />}
    </HeadOutsideHydration>
  );
}

function PageHelmet({ title, description, path, noindex, image, jsonLd = [] }: PageHeadProps) {
  const full = `${title} - ${siteConfig.siteName}`;
  const desc = description ?? siteConfig.description;
  // A canonical URL asks for indexing, noindex forbids it: never both on one page.
  const canonical = path && !noindex ? absoluteUrl(siteConfig.siteUrl, path) : null;
  const img = absoluteMedia(image);
  const share = img && /^https?:\/\//i.test(img) ? img : null;
  return (
    <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
      <title>{full}</title>
      <meta name="description" content={desc} />
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteConfig.siteName} />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={desc} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta property="og:locale" content="zh_CN" />
      {share && <meta property="og:image" content={share} />}
      <meta name="twitter:card" content={share ? 'summary_large_image' : 'summary'} />
      {share && <meta name="twitter:image" content={share} />}
      {noindex && <meta name="robots" content="noindex" />}
      {jsonLd.map((block, i) => (
        <script key={i} type="application/ld+json">
          {jsonLdText(block)}
        </script>
      ))}
    </Helmet>
  );
}
