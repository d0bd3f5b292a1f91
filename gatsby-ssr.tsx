import * as React from 'react';
import type { GatsbySSR } from 'gatsby';
import { searchPagePath, withPrefix } from './src/paths';
import { unbuiltReviewMarkerScript } from './src/review/unbuilt';
import { UNBUILT_MARKER_ID } from './src/site-inline-scripts';
import { EARLY_SEARCH_ID, earlySearchScript } from './src/search/early-script';
import { THEME } from './src/styles/theme';
import { NO_SCRIPT_CSS } from './src/styles/no-script';

// Every page is Chinese (spec section 9: html lang zh-CN), even before Helmet runs. The icon
// is declared so browsers do not ask for /favicon.ico outside the /review prefix.
// The 404 page also opens reviews published after the build (src/review/unbuilt.ts): its
// head marks such URLs before the first paint, so the text 404 is not flashed while they load.
// The search page's head asks the API for the URL's results while the HTML parses, and loads
// the first result cards' pictures (src/search/early-script.ts): its results no longer wait for
// the runtime to boot and hydrate. The API's origin, when it is not the page's, is its data-api.
// data-styles ties the HTML renderer to the stylesheets (gatsby/styles-digest.ts): a CSS edit
// re-renders every page, which then links the new stylesheet.
declare const __STYLES_DIGEST__: string; // defined by gatsby/styles-digest.ts
declare const __SEARCH_PAGE_CHUNKS__: string[]; // defined by gatsby/page-chunks.ts
declare const __TEMPLATE_CHUNKS__: Record<string, string[]>; // the same, every page component's

/**
 * What the search page's runtime asks for before it renders, named in its HTML (issue 43): a
 * query in its URL boots the page at once (src/boot/engagement.ts), and its results wait for
 * the page's data, the site's data, its static queries and its template's chunks, which Gatsby's
 * runtime asked for one after the other once it had loaded: about two round trips more on a
 * phone. Page data is asked for without the URL's query (patches/gatsby: createPageDataUrl), so
 * its URL is known here; Gatsby fetches the JSON with XHR (a preload `as="fetch"`, anonymous,
 * is what it takes) and the chunks with script elements.
 */
function searchPagePreloads(staticQueryHashes: readonly string[]): React.ReactElement[] {
  const data = (p: string) => (
    <link key={p} rel="preload" as="fetch" crossOrigin="anonymous" href={withPrefix(`/page-data/${p}`)} />
  );
  return [
    data('search/page-data.json'),
    data('app-data.json'),
    ...staticQueryHashes.filter((h) => /^\d{1,20}$/.test(h)).map((h) => data(`sq/d/${h}.json`)),
    ...__SEARCH_PAGE_CHUNKS__.map((f) => <link key={f} rel="preload" as="script" href={withPrefix(`/${f}`)} />),
  ];
}

/** A static query's hash as Gatsby names its result file (sq/d/<hash>.json). */
const STATIC_QUERY_HASH = /^\d{1,20}$/;

/**
 * What Gatsby's runtime asks for before it hydrates a page, beyond what the page's HTML already
 * loads or prefetches (issue 40): its page data, the site's data, its static queries' results and
 * its template's chunks, as site paths. Asked for one after the other (the chunks once the page
 * data has named the template) at the shopper's first tap, they were two round trips of that
 * tap's wait on a phone; the reader's runtime prefetches them once the page has loaded
 * (src/boot/reader-runtime.ts), from `<html data-boot-files>`.
 */
function bootFiles(pathname: string, loadPageDataSync: (path: string) => unknown): string {
  const data = loadPageDataSync(pathname) as { componentChunkName?: unknown; staticQueryHashes?: unknown } | undefined;
  const queries = Array.isArray(data?.staticQueryHashes) ? data.staticQueryHashes : [];
  const group = typeof data?.componentChunkName === 'string' ? data.componentChunkName : '';
  const chunks = Object.prototype.hasOwnProperty.call(__TEMPLATE_CHUNKS__, group) ? __TEMPLATE_CHUNKS__[group] : [];
  const page = pathname === '/' ? 'index' : pathname.replace(/^\/|\/$/g, '');
  return [
    `/page-data/${page}/page-data.json`,
    '/page-data/app-data.json',
    ...queries
      .filter((h): h is string => typeof h === 'string' && STATIC_QUERY_HASH.test(h))
      .map((h) => `/page-data/sq/d/${h}.json`),
    ...chunks.filter((n) => !n.startsWith('framework-')).map((n) => `/${n}`),
  ]
    .map((f) => withPrefix(f))
    .join(' ');
}

export const onRenderBody: GatsbySSR['onRenderBody'] = ({
  pathname,
  setHtmlAttributes,
  setHeadComponents,
  loadPageDataSync,
}) => {
  const is404 = /^\/404(\/|\.html)?$/.test(pathname);
  // gatsby-plugin-offline's app shell is a page without content: never indexed.
  const isAppShell = pathname.startsWith('/offline-plugin-app-shell-fallback');
  const html: Record<string, string> = { lang: 'zh-CN', 'data-styles': __STYLES_DIGEST__ };
  // Pages that wait for the shopper (not those that boot at once: the 404 and 500 pages, the
  // app shell, the search page, which preloads what its runtime needs).
  if (!is404 && !isAppShell && !/^\/500(\/|\.html)?$/.test(pathname) && pathname !== searchPagePath())
    html['data-boot-files'] = bootFiles(pathname, loadPageDataSync);
  setHtmlAttributes(html);
  setHeadComponents([
    <link key="icon" rel="icon" type="image/svg+xml" href={withPrefix('/favicon.svg')} />,
    <meta key="theme" name="theme-color" content={THEME.brand} />,
    // What a page read without script lays out differently (src/styles/no-script.ts).
    <noscript key="no-script" dangerouslySetInnerHTML={{ __html: `<style>${NO_SCRIPT_CSS}</style>` }} />,
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
    ...(pathname === searchPagePath()
      ? [
          <script
            key="early-search"
            id={EARLY_SEARCH_ID}
            data-api={process.env.GATSBY_STOREFRONT_API_URL || undefined}
            dangerouslySetInnerHTML={{ __html: earlySearchScript() }}
          />,
          ...searchPagePreloads(
            (loadPageDataSync(pathname) as { staticQueryHashes?: string[] } | undefined)?.staticQueryHashes ?? [],
          ),
        ]
      : []),
  ]);
};

/**
 * Gatsby inlines the site's one stylesheet (37 KB, half of a review page's HTML) into every
 * page as `<style data-href>`. Each page links it instead (issue 26, docs/benchmarks.md,
 * "Seventh pass"): the file's name carries its content hash and is cached for a year
 * (server/site/cache-rules.ts), so a shopper downloads it once per build instead of with every
 * page, and the browser parses it once; the page's own HTML halves, and with it the parse
 * task of every load. Measured with Lighthouse's mobile profile on the review page: shorter
 * blocking time and an earlier first paint, although the stylesheet is a second request.
 */
export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(getHeadComponents().map(linkGlobalStylesheet).map(plainPrefetch));
};

/**
 * Gatsby writes webpack's prefetched chunks (Gatsby's runtime and React, which the site's entry
 * imports once the page has loaded: src/boot/entry.ts) as `<link as="script" rel="prefetch">`; HTML allows
 * `as` only with preload, so the W3C checker rejects it. Without it the browser still fetches
 * the file at the lowest priority into its cache, where the script finds it.
 */
function plainPrefetch(el: React.ReactNode): React.ReactNode {
  if (!React.isValidElement(el) || el.type !== 'link') return el;
  const { as, ...props } = el.props as Record<string, unknown>;
  if (props.rel !== 'prefetch' || as === undefined) return el;
  return <link key={el.key ?? String(props.href)} {...props} />;
}

function linkGlobalStylesheet(el: React.ReactNode): React.ReactNode {
  if (!React.isValidElement(el) || el.type !== 'style') return el;
  const props = el.props as Record<string, unknown>;
  const href = props['data-href'];
  if (props['data-identity'] !== 'gatsby-global-css' || typeof href !== 'string') return el;
  return <link key="global-css" rel="stylesheet" href={href} />;
}
