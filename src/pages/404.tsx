import * as React from 'react';
import { Helmet } from 'react-helmet';

/** The 404 page shows only the text 404 (spec sections 2 and 8). */
export default function NotFoundPage() {
  return (
    <main className="not-found">
      <Helmet htmlAttributes={{ lang: 'zh-CN' }}>
        <title>404</title>
        <meta name="robots" content="noindex" />
      </Helmet>
      <h1>404</h1>
    </main>
  );
}
