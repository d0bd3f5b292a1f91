import type { GatsbySSR } from 'gatsby';

// Every page is Chinese (spec section 9: html lang zh-CN), even before Helmet runs.
export const onRenderBody: GatsbySSR['onRenderBody'] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'zh-CN' });
};
