import os from 'node:os';
import path from 'node:path';
import type { GatsbyConfig } from 'gatsby';
import { siteConfig } from './src/site-config';
import { PATH_PREFIX } from './src/paths';
import { thirdPartyScripts } from './src/third-party';
import { ensureWorkspaceGuard } from './publish/workspace-guard';

// public/ is hard-linked into the published releases: this build must replace its files, never
// write them in place (publish/workspace-guard.ts; a no-op when the build queue started it).
ensureWorkspaceGuard(path.resolve('public'));

// Gatsby runs (physical cores - 1) workers for page queries and HTML: one on the 2-core build
// machines, while the main process mostly waits. One worker per core made the HTML step
// 1.5-1.9x faster at 10,000 reviews (docs/benchmarks.md). Read when the worker pool starts,
// after this file; small machines only, and a GATSBY_CPU_COUNT set by the caller wins.
if (!process.env.GATSBY_CPU_COUNT && os.cpus().length <= 4) process.env.GATSBY_CPU_COUNT = String(os.cpus().length + 1);

// Builds always run with --prefix-paths (npm run build), so every page and asset lives
// under /review (spec section 2).
const config: GatsbyConfig = {
  pathPrefix: PATH_PREFIX,
  trailingSlash: 'always',
  siteMetadata: {
    title: siteConfig.siteName,
    siteUrl: siteConfig.siteUrl,
    description: siteConfig.description,
  },
  // Scripts loaded off the main thread go through GET /__third-party-proxy?url=...; only
  // these URLs are proxied (spec section 2, "Other paths"): none unless
  // GATSBY_ANALYTICS_SITE_ID is set (docs/analytics.md). Gatsby turns them into status-200
  // redirects for hosts that proxy from redirect rules; `npm start`'s server has its own.
  partytownProxiedURLs: thirdPartyScripts(siteConfig.analyticsSiteId).map((s) => s.src),
  graphqlTypegen: false,
  plugins: [
    'gatsby-plugin-react-helmet',
    {
      resolve: 'gatsby-plugin-offline',
      options: {
        // New content must reach a returning visitor after a rebuild: HTML and page-data are
        // fetched network-first by the service worker, hashed assets cache-first.
        workboxConfig: {
          // Webpack's chunks and CSS all sit at the root of public/. A `**` pattern made
          // workbox walk every page directory: 37 s of onPostBuild at 100,000 reviews.
          // (The plugin lodash-merges this array into its own, index by index.)
          globPatterns: ['*.{js,css}'],
          runtimeCaching: [
            { urlPattern: /(\.js$|\.css$|static\/)/, handler: 'CacheFirst' },
            { urlPattern: /^https?:.*\/page-data\/.*\.json/, handler: 'NetworkFirst' },
            { urlPattern: /^https?:.*\.(png|jpg|jpeg|webp|svg|gif)$/, handler: 'StaleWhileRevalidate' },
          ],
        },
      },
    },
  ],
};

export default config;
