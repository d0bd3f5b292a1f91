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
