// What a patch build (gatsby/patch/build.ts) must have in common with the last Gatsby build: the
// code and settings that shape the HTML. The patch renders with that build's bundles, so it may
// run only while these are unchanged; anything else (a source edited, another SITE_URL) makes the
// queue run `gatsby build`. A digest of every file's path, size and mtime (what rsync's quick check
// trusts) under the site's sources, and of the settings read at build time.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'gatsby', 'data', 'static', 'patches'];
const FILES = [
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
/** Settings the pages read at build time (src/site-config.ts and every GATSBY_ variable). */
const SETTING = (name: string) =>
  name === 'SITE_URL' ||
  name === 'SITE_STATIC_REVIEWS' ||
  name === 'SITE_STATIC_HUBS' ||
  (name.startsWith('GATSBY_') && name !== 'GATSBY_CPU_COUNT');

function walk(root: string, rel: string, hash: ReturnType<typeof createHash>): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) walk(root, child, hash);
    else if (e.isFile()) {
      const st = fs.statSync(path.join(root, child));
      hash.update(`${child}\0${st.size}\0${st.mtimeMs}\n`);
    }
  }
}

export function codeFingerprint(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  for (const dir of SOURCES) walk(root, dir, hash);
  for (const f of FILES) {
    const st = fs.statSync(path.join(root, f), { throwIfNoEntry: false });
    hash.update(`${f}\0${st ? `${st.size}\0${st.mtimeMs}` : '-'}\n`);
  }
  for (const k of Object.keys(env).filter(SETTING).sort()) hash.update(`${k}=${env[k]}\n`);
  return hash.digest('base64url');
}
