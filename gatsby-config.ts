import type { GatsbyConfig } from 'gatsby';
import { siteConfig } from './src/site-config';
import { PATH_PREFIX } from './src/paths';
import { thirdPartyScripts } from './src/third-party';

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
  // Scripts loaded off the main thread go through GET /__third-party-proxy?url=...;
  // only these URLs are proxied (spec section 2, "Other paths").
  partytownProxiedURLs: thirdPartyScripts.map((s) => s.src),
  graphqlTypegen: false,
  plugins: [
    'gatsby-plugin-react-helmet',
    {
      resolve: 'gatsby-plugin-offline',
      options: {
        // New content must reach a returning visitor after a rebuild: HTML and page-data are
        // fetched network-first by the service worker, hashed assets cache-first.
        workboxConfig: {
          globPatterns: ['**/*.{js,css}'],
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
