// A working copy of the site's sources in another directory, with node_modules symlinked, so
// a Gatsby build can run there without touching this tree's public/ and .cache/ (the bench's
// builds, the build-under-faults tests). public/ and .cache/ of the copy start empty.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SOURCES = [
  'src',
  'gatsby',
  'data',
  'static',
  'scripts',
  'server',
  'publish',
  'gatsby-config.ts',
  'gatsby-node.ts',
  'gatsby-browser.tsx',
  'gatsby-ssr.tsx',
  'package.json',
  'tsconfig.json',
];

/** Copies the site sources into `dir` (emptied first) and links node_modules; returns `dir`. */
export function copySiteSources(dir: string): string {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of SOURCES) {
    const from = path.join(ROOT, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
