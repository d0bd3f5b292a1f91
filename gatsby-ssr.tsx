import * as React from 'react';
import type { GatsbySSR } from 'gatsby';
import { withPrefix } from './src/paths';
import { unbuiltReviewMarkerScript } from './src/review/unbuilt';

// Every page is Chinese (spec section 9: html lang zh-CN), even before Helmet runs. The icon
// is declared so browsers do not ask for /favicon.ico outside the /review prefix.
// The 404 page also opens reviews published after the build (src/review/unbuilt.ts): its
// head marks such URLs before the first paint, so the text 404 is not flashed while they load.
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'zh-CN' });
  const is404 = /^\/404(\/|\.html)?$/.test(pathname);
  setHeadComponents([
    <link key="icon" rel="icon" type="image/svg+xml" href={withPrefix('/favicon.svg')} />,
    <meta key="theme" name="theme-color" content="#e4393c" />,
    ...(is404 ? [<script key="unbuilt-review" dangerouslySetInnerHTML={{ __html: unbuiltReviewMarkerScript() }} />] : []),
  ]);
};
