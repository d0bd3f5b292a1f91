import * as React from 'react';
import { Helmet } from 'react-helmet';
import { HeadOutsideHydration } from '../common/HeadOutsideHydration';
import { Link } from 'gatsby';
import { absoluteUrl } from '../../paths';
import { siteConfig } from '../../site-config';
import { CONTENT_PAGES, type SitePage } from '../../site-pages';
import { Layout } from '../shell/Layout';

export interface ContentPageProps {
  /** The page (src/site-pages.ts): its name is the title, its path the canonical URL. */
  page: SitePage;
  description: string;
  /** Date the text last changed (YYYY-MM-DD), shown under the title. */
  updated?: string;
  children: React.ReactNode;
}

/**
 * Shell + head data + article layout shared by the static content pages (about, help, ...),
 * with the list of them all beside each.
 */
export function ContentPage({ page, description, updated, children }: ContentPageProps) {
  const { name: title, path } = page;
  const canonical = absoluteUrl(siteConfig.siteUrl, path);
  return (
    <Layout>
      <HeadOutsideHydration id={`content:${path}`}>
        {() => (
          <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
            <title>{`${title} - ${siteConfig.siteName}`}</title>
            <meta name="description" content={description} />
            <link rel="canonical" href={canonical} />
            <meta property="og:type" content="website" />
            <meta property="og:site_name" content={siteConfig.siteName} />
            <meta property="og:title" content={title} />
            <meta property="og:description" content={description} />
            <meta property="og:url" content={canonical} />
          </Helmet>
        )}
      </HeadOutsideHydration>
      <div className="doc">
        <nav className="doc__side" aria-label="帮助与服务">
          <ul>
            {CONTENT_PAGES.map((l) => (
              <li key={l.path}>
                <Link to={l.path} aria-current={l.path === path ? 'page' : undefined}>
                  {l.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="doc__body">
          <h1>{title}</h1>
          {updated && <p className="doc__meta">更新日期：{updated}</p>}
          {children}
        </article>
      </div>
    </Layout>
  );
}
