import * as React from 'react';
import { Helmet } from 'react-helmet';
import { Link } from 'gatsby';
import { absoluteUrl, aboutPath, genuineGuaranteePath, helpPath, logisticsPath, paymentAgreementPath, privacyPath } from '../../paths';
import { siteConfig } from '../../site-config';
import { Layout } from '../shell/Layout';

/** The static pages, listed beside every one of them. */
const DOC_LINKS = [
  { name: '联系我们', path: aboutPath() },
  { name: '帮助中心', path: helpPath() },
  { name: '隐私政策', path: privacyPath() },
  { name: '支付协议', path: paymentAgreementPath() },
  { name: '正品保障', path: genuineGuaranteePath() },
  { name: '国际物流说明', path: logisticsPath() },
];

export interface ContentPageProps {
  title: string;
  description: string;
  /** Site path of the page (src/paths.ts), for the canonical URL and the side list. */
  path: string;
  /** Date the text last changed (YYYY-MM-DD), shown under the title. */
  updated?: string;
  children: React.ReactNode;
}

/** Shell + head data + article layout shared by the static content pages (about, help, ...). */
export function ContentPage({ title, description, path, updated, children }: ContentPageProps) {
  const canonical = absoluteUrl(siteConfig.siteUrl, path);
  return (
    <Layout>
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
      <div className="doc">
        <nav className="doc__side" aria-label="帮助与服务">
          <ul>
            {DOC_LINKS.map((l) => (
              <li key={l.path}>
                <Link to={l.path} aria-current={l.path === path ? 'page' : undefined}>{l.name}</Link>
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
