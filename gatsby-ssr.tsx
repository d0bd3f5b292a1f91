import * as React from 'react';
import type { GatsbySSR } from 'gatsby';
import { withPrefix } from './src/paths';
import { unbuiltReviewMarkerScript } from './src/review/unbuilt';
import { UNBUILT_MARKER_ID } from './src/site-inline-scripts';
import { THEME } from './src/styles/theme';

// Every page is Chinese (spec section 9: html lang zh-CN), even before Helmet runs. The icon
// is declared so browsers do not ask for /favicon.ico outside the /review prefix.
// The 404 page also opens reviews published after the build (src/review/unbuilt.ts): its
// head marks such URLs before the first paint, so the text 404 is not flashed while they load.
// data-styles ties the HTML renderer to the stylesheets (gatsby/styles-digest.ts): a CSS edit
// re-renders every page, which then inlines the new stylesheet.
declare const __STYLES_DIGEST__: string; // defined by gatsby/styles-digest.ts

export const onRenderBody: GatsbySSR['onRenderBody'] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  const html: Record<string, string> = { lang: 'zh-CN', 'data-styles': __STYLES_DIGEST__ };
  setHtmlAttributes(html);
  const is404 = /^\/404(\/|\.html)?$/.test(pathname);
  // gatsby-plugin-offline's app shell is a page without content: never indexed.
  const isAppShell = pathname.startsWith('/offline-plugin-app-shell-fallback');
  setHeadComponents([
    <link key="icon" rel="icon" type="image/svg+xml" href={withPrefix('/favicon.svg')} />,
    <meta key="theme" name="theme-color" content={THEME.brand} />,
    ...(isAppShell ? [<meta key="robots" name="robots" content="noindex" />] : []),
    ...(is404
      ? [
          <script
            key="unbuilt-review"
            id={UNBUILT_MARKER_ID}
            dangerouslySetInnerHTML={{ __html: unbuiltReviewMarkerScript() }}
          />,
        ]
      : []),
  ]);
};
