// The site's browser entry in production builds (gatsby/webpack-config.ts sets it in place of
// Gatsby's .cache/production-app, which it imports): the stylesheets, and the wait for the
// shopper's first engagement (./engagement.ts). Only then does Gatsby's runtime run: React,
// the router, the loader and the page's data and hydration are a chunk group of their own,
// which webpack prefetches at the lowest priority as the page loads, so the tap that starts it
// rarely waits for the network.
import '../styles';
import { whenEngaged } from './engagement';

void whenEngaged().then(() =>
  import(/* webpackPrefetch: true */ 'gatsby-production-app').catch((e: unknown) => {
    // A chunk that failed to load: the page stays as the server wrote it (links work).
    console.error('页面脚本加载失败', e);
  }),
);
