// The site's browser entry in production builds (gatsby/webpack-config.ts sets it in place of
// Gatsby's .cache/production-app, which it imports): the stylesheets, the hold on what the
// shopper asks before React has hydrated, and the start of Gatsby's runtime at the first idle
// period after load, or sooner (./engagement.ts). React, the router, the loader and the page's
// data and hydration are a chunk group of their own, which webpack prefetches as the page loads.
import '../styles';
import { holdActions, releaseHeldActions, whenToBoot } from './engagement';

holdActions();
void whenToBoot().then(() =>
  import(/* webpackPrefetch: true */ 'gatsby-production-app').catch((e: unknown) => {
    // A chunk that failed to load: the page stays as the server wrote it (links work).
    releaseHeldActions();
    console.error('页面脚本加载失败', e);
  }),
);
