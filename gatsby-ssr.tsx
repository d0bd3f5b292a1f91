import * as React from 'react';
import type { GatsbySSR } from 'gatsby';
import { withPrefix } from './src/paths';

// Every page is Chinese (spec section 9: html lang zh-CN), even before Helmet runs. The icon
// is declared so browsers do not ask for /favicon.ico outside the /review prefix.
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: 'zh-CN' });
  setHeadComponents([
    <link key="icon" rel="icon" type="image/svg+xml" href={withPrefix('/favicon.svg')} />,
    <meta key="theme" name="theme-color" content="#e4393c" />,
  ]);
};
