// Whether the built site (public/) is older than the site's sources, or was built from another
// data set. `npm start` rebuilds only when stale. The data set is the database's seed
// parameters (`meta.seed_params`: seed, reviews, catalogue), which a reseed changes and a write
// does not: `npm test` builds public/ from its own 500 reviews, `npm start` serves the demo's
// 1,500, so a site built by the tests is stale for `npm start`. Writes (likes, edits) do not
// count: rebuild for them with `npm run build` or `npm start -- --rebuild`.
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'src',
  'gatsby',
  'data',
  'static',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'package-lock.json',
];
const BUILD_STAMP = path.join('public', '.build-stamp');

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, name)));
  return max;
}

/** What the stamp says of the data a build was made from (null: a stamp from before it said). */
function stampedData(stamp: string): string | null {
  try {
    const v = JSON.parse(fs.readFileSync(stamp, 'utf8').slice(0, 10_000)) as { data?: unknown };
    return typeof v.data === 'string' ? v.data : null;
  } catch {
    return null;
  }
}

/** A data set for people: "500 reviews, seed 42". */
function describe(data: string | null): string {
  try {
    const v = JSON.parse(data ?? '') as { reviews?: unknown; seed?: unknown };
    return `${String(v.reviews)} reviews, seed ${String(v.seed)}`;
  } catch {
    return 'unknown';
  }
}

/**
 * `data`: the served database's `meta.seed_params`. `dataMatches`: public/ was built from that
 * data set (its pages and the API describe the same reviews), whatever its sources.
 */
export function siteIsStale(
  root: string,
  data: string | null,
): { stale: boolean; reason: string; dataMatches: boolean } {
  const stamp = path.join(root, BUILD_STAMP);
  if (!fs.existsSync(path.join(root, 'public', 'index.html')) || !fs.existsSync(stamp))
    return { stale: true, reason: 'no built site', dataMatches: false };
  const builtFrom = stampedData(stamp);
  if (builtFrom !== data)
    return {
      stale: true,
      reason: `public/ was built from another data set (${describe(builtFrom)}; this database: ${describe(data)})`,
      dataMatches: false,
    };
  const built = fs.statSync(stamp).mtimeMs;
  for (const s of SOURCES)
    if (newestMtime(path.join(root, s)) > built)
      return { stale: true, reason: `${s} changed since the last build`, dataMatches: true };
  return { stale: false, reason: 'up to date', dataMatches: true };
}

/** After a build of public/ from the database whose `meta.seed_params` is `data`. */
export function markBuilt(root: string, data: string | null): void {
  fs.writeFileSync(path.join(root, BUILD_STAMP), JSON.stringify({ builtAt: new Date().toISOString(), data }));
}
