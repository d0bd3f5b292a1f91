// Folders import one way (issue 20): no import cycle anywhere in the code, type-only imports
// included, and gatsby/ and server/ meet only in the neutral modules below them (publish/,
// src/): neither imports the other. dpdm reads the whole tree the way TypeScript resolves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

const root = path.resolve(__dirname, '..', '..');
const FOLDERS = ['src', 'gatsby', 'server', 'publish', 'scripts', 'bench'];

let tree: Promise<DependencyTree> | null = null;
/** The project's own modules and their imports (node_modules left out), parsed once. */
const projectTree = () =>
  (tree ??= parseDependencyTree([...FOLDERS.map((f) => `./${f}/**/*.{ts,tsx}`), './gatsby-*.{ts,tsx}'], {
    context: root,
    cwd: root,
    tsconfig: path.join(root, 'tsconfig.json'),
    // false: type-only imports count as imports (a cycle through types is still a cycle).
    transform: false,
    skipDynamicImports: false,
    exclude: /node_modules/,
  }));

const top = (file: string) => file.split('/')[0];

test('no import cycle, type-only imports included', async () => {
  const cycles = parseCircular(await projectTree());
  assert.deepEqual(
    cycles.map((c) => c.join(' -> ')),
    [],
  );
});

test('gatsby/ and server/ never import each other; publish/ imports neither', async () => {
  const t = await projectTree();
  const files = Object.keys(t);
  assert.ok(files.some((f) => f.startsWith('gatsby/patch/')) && files.some((f) => f.startsWith('publish/')), 'parsed');
  const crossing: string[] = [];
  for (const [file, deps] of Object.entries(t)) {
    const from = top(file);
    for (const d of deps ?? []) {
      if (!d.id || d.id.includes('node_modules')) continue;
      const to = top(d.id);
      const bad =
        (from === 'gatsby' && to === 'server') ||
        (from === 'server' && to === 'gatsby') ||
        (from === 'publish' && (to === 'server' || to === 'gatsby'));
      if (bad) crossing.push(`${file} -> ${d.id}`);
    }
  }
  assert.deepEqual(crossing, []);
});

// gatsby/'s folders, from the top down: a folder imports only the folders below it (issue 42).
// The patch build uses the renderer, which the site server's render child shares; the render
// child reads `_deferred/` as the bounded build writes it (deferred/); pages are made from the
// sourced data. The files at gatsby/'s root (Gatsby's API modules and the build data they share)
// stand outside this order.
const GATSBY_LEVELS = ['patch', 'renderer', 'deferred', 'pages', 'sourcing'];

test('inside gatsby/, imports go down: patch, renderer, deferred, pages, sourcing', async () => {
  const t = await projectTree();
  const folderOf = (file: string) => {
    const parts = file.split('/');
    return parts[0] === 'gatsby' && parts.length > 2 ? parts[1] : null;
  };
  const folders = new Set(
    Object.keys(t)
      .map(folderOf)
      .filter((f): f is string => f !== null),
  );
  assert.deepEqual([...folders].sort(), [...GATSBY_LEVELS].sort(), 'every folder of gatsby/ has a place in the order');
  const upward: string[] = [];
  for (const [file, deps] of Object.entries(t)) {
    const from = folderOf(file);
    if (from === null) continue;
    for (const d of deps ?? []) {
      const to = d.id ? folderOf(d.id) : null;
      if (to === null || to === from) continue;
      if (GATSBY_LEVELS.indexOf(to) < GATSBY_LEVELS.indexOf(from)) upward.push(`${file} -> ${d.id}`);
    }
  }
  assert.deepEqual(upward, []);
});
