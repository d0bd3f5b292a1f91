import * as React from 'react';
import { Link } from 'gatsby';
import { Helmet } from 'react-helmet';
import { homePath } from '../../paths';

export interface ErrorPageProps {
  /** The document title (the 404 page's is "404": spec sections 2 and 8). */
  title: string;
  heading: string;
  /** A sentence under the heading, if any. */
  message?: string;
  className: string;
}

/**
 * The body of the site's status pages (404, 500): never indexed (issue 11, "Crawler
 * readiness"), with a way back home. No shell: the 500 page shows when the server is failing,
 * and the shell's data should not be needed to leave it.
 */
export function ErrorPage({ title, heading, message, className }: ErrorPageProps) {
  return (
    <main className={`status-page ${className}`}>
      <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Helmet>
      <h1>{heading}</h1>
      {message && <p className="status-page__message">{message}</p>}
      <p className="status-page__home">
        <Link to={homePath()}>返回首页</Link>
      </p>
    </main>
  );
}
