import * as React from 'react';
import { Helmet } from 'react-helmet';
import { absoluteUrl } from '../../paths';
import { siteConfig } from '../../site-config';

export interface PageHeadProps {
  title: string;
  description?: string;
  /** Site path of the canonical URL (query-free: /category/8/?from=menu is /category/8/). */
  path?: string;
  /** A page search engines must not index; it has no canonical URL (issue 11). */
  noindex?: boolean;
}

/** Head data of the listing pages: title, description, canonical, Open Graph basics. */
export function PageHead({ title, description, path, noindex }: PageHeadProps) {
  const full = `${title} - ${siteConfig.siteName}`;
  const desc = description ?? siteConfig.description;
  // A canonical URL asks for indexing, noindex forbids it: never both on one page.
  const canonical = path && !noindex ? absoluteUrl(siteConfig.siteUrl, path) : null;
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
      {noindex && <meta name="robots" content="noindex" />}
    </Helmet>
  );
}
