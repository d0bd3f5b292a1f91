// The browser chunks of one page's template, as the HTML renderer is compiled (after the
// browser bundle: Gatsby builds the JavaScript first), from the browser build's
// public/webpack.stats.json. The search page names its chunks in its HTML (preloads,
// gatsby-ssr.tsx): it boots at once, and its chunks were otherwise asked for only once the
// runtime had loaded its page data (issue 43). Every other page names its template's chunks
// for the reader's runtime to prefetch before the shopper's first tap (issue 40). The list is
// compiled into the renderer (a define, gatsby/webpack-config.ts), so a build whose chunks
// differ re-renders the page, as the stylesheets' digest does (./styles-digest.ts): Gatsby re-renders a page only when the
// renderer or the page's data changed, and a page naming the chunks of an older build would
// ask for files that are gone.
import fs from 'node:fs';
import path from 'node:path';

interface WebpackStats {
  namedChunkGroups?: Record<string, { assets?: Array<{ name?: unknown } | string> } | undefined>;
}

/** The .js files of chunk group `group` (e.g. component---src-pages-search-tsx); [] when unknown. */
export function templateChunks(stats: WebpackStats, group: string): string[] {
  const assets = stats.namedChunkGroups?.[group]?.assets ?? [];
  return assets
    .map((a) => (typeof a === 'string' ? a : a.name))
    .filter((n): n is string => typeof n === 'string' && /^[\w.-]+\.js$/.test(n));
}

/** The .js files of every page component's chunk group (component---*), by group. */
export function allTemplateChunks(stats: WebpackStats): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const group of Object.keys(stats.namedChunkGroups ?? {}))
    if (group.startsWith('component---')) out[group] = templateChunks(stats, group);
  return out;
}

function builtStats(root: string): WebpackStats {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'public', 'webpack.stats.json'), 'utf8')) as WebpackStats;
  } catch {
    return {};
  }
}

/** templateChunks from the site's public/webpack.stats.json; [] when there is none (gatsby develop). */
export function builtTemplateChunks(root: string, group: string): string[] {
  return templateChunks(builtStats(root), group);
}

/**
 * allTemplateChunks from the site's public/webpack.stats.json: every page names its template's
 * chunks in its HTML, for the reader's runtime to prefetch (gatsby-ssr.tsx, bootFiles); {} when
 * there is none.
 */
export function builtAllTemplateChunks(root: string): Record<string, string[]> {
  return allTemplateChunks(builtStats(root));
}

/** The search page's chunk group (Gatsby names it after the page's file). */
export const SEARCH_PAGE_CHUNK_GROUP = 'component---src-pages-search-tsx';
