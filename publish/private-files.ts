// Build output the browser never needs: source maps and webpack's stats and chunk map (read at
// build time by Gatsby's HTML renderer and by the bench, bench/page-weight.ts; the runtime gets
// the chunk map inlined in each page). Kept in public/, never published nor served (issue 12,
// item 10): releases.ts leaves them out, server/site/resolve.ts answers 404 for them.

/** `rel`: a path relative to the site's root. */
export function isPrivateFile(rel: string): boolean {
  return rel.endsWith('.map') || rel === 'webpack.stats.json' || rel === 'chunk-map.json';
}
