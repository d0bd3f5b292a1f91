// Whether the built site (public/) is older than the site's sources. `npm start` rebuilds only
// when stale. Data changes (likes, a reseed) do not count: the database changes on every
// write; rebuild for them with `npm run build` or `npm start -- --rebuild`.
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

export function siteIsStale(root: string): { stale: boolean; reason: string } {
  const stamp = path.join(root, BUILD_STAMP);
  if (!fs.existsSync(path.join(root, 'public', 'index.html')) || !fs.existsSync(stamp))
    return { stale: true, reason: 'no built site' };
  const built = fs.statSync(stamp).mtimeMs;
  for (const s of SOURCES)
    if (newestMtime(path.join(root, s)) > built) return { stale: true, reason: `${s} changed since the last build` };
  return { stale: false, reason: 'up to date' };
}

export function markBuilt(root: string): void {
  fs.writeFileSync(path.join(root, BUILD_STAMP), new Date().toISOString());
}
