// gatsby/webpack-config.ts against Gatsby's real stage names and the real
// mini-css-extract-plugin class Gatsby configures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { onCreateWebpackConfig, unmergeSharedAsyncChunks } from '../../../gatsby/webpack-config';
import { stylesDigest } from '../../../gatsby/styles-digest';
import {
  SEARCH_PAGE_CHUNK_GROUP,
  builtAllTemplateChunks,
  builtTemplateChunks,
  templateChunks,
} from '../../../gatsby/page-chunks';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved from Gatsby's own copy
const MiniCssExtractPlugin = require(
  require.resolve('mini-css-extract-plugin', { paths: [path.dirname(require.resolve('gatsby/package.json'))] }),
) as new (o?: object) => { options: { experimentalUseImportModule?: boolean } };

const ROOT = path.resolve(__dirname, '..', '..', '..');
const GATSBY_APP = path.join(ROOT, '.cache', 'production-app');

/** Gatsby 5's `shared` split-chunks group (node_modules/gatsby/dist/utils/webpack.config.js), as it names chunks. */
const GATSBY_SHARED_NAME = (_m: unknown, chunks: { name?: string | null }[]) =>
  crypto
    .createHash('sha1')
    .update(chunks.reduce((acc, chunk) => acc + chunk.name, ''))
    .digest('hex');

const gatsbyOptimization = () => ({
  splitChunks: {
    chunks: 'all' as const,
    cacheGroups: {
      default: false as const,
      defaultVendors: false as const,
      shared: { name: GATSBY_SHARED_NAME, priority: 10, minChunks: 2, reuseExistingChunk: true },
    },
    maxAsyncRequests: Infinity,
    minSize: 20000,
  },
});

function run(
  stage: string,
  config: { plugins: unknown[]; entry?: unknown; resolve?: unknown; optimization?: unknown },
) {
  const calls: { set: unknown[]; replaced: unknown[] } = { set: [], replaced: [] };
  const args = {
    stage,
    getConfig: () => config,
    store: { getState: () => ({ program: { directory: ROOT } }) },
    plugins: { define: (d: Record<string, string>) => ({ define: d }) },
    actions: {
      setWebpackConfig: (c: unknown) => calls.set.push(c),
      replaceWebpackConfig: (c: unknown) => calls.replaced.push(c),
    },
  };
  (onCreateWebpackConfig as (a: unknown) => void)(args);
  return calls;
}

test('the browser build extracts stylesheets with importModule (no child compilers in the compilation hash)', () => {
  const extract = new MiniCssExtractPlugin({ filename: 'styles.[contenthash].css' });
  assert.equal(extract.options.experimentalUseImportModule, false, "the plugin's default, which this changes");
  const config = { plugins: [{}, extract], entry: { app: GATSBY_APP }, optimization: gatsbyOptimization() };
  const calls = run('build-javascript', config);
  assert.equal(extract.options.experimentalUseImportModule, true);
  assert.deepEqual(calls.replaced, [config]);
  assert.deepEqual(calls.set, []);
});

test('the HTML renderer gets the stylesheet digest; other stages are left alone', () => {
  const html = run('build-html', { plugins: [] });
  assert.deepEqual(html.set, [
    {
      plugins: [
        {
          define: {
            __STYLES_DIGEST__: JSON.stringify(stylesDigest(ROOT)),
            __SEARCH_PAGE_CHUNKS__: JSON.stringify(builtTemplateChunks(ROOT, SEARCH_PAGE_CHUNK_GROUP)),
            __TEMPLATE_CHUNKS__: JSON.stringify(builtAllTemplateChunks(ROOT)),
          },
        },
      ],
    },
  ]);
  const extract = new MiniCssExtractPlugin();
  for (const stage of ['develop', 'build-javascript-x']) {
    const calls = run(stage, { plugins: [extract] });
    assert.deepEqual(calls, { set: [], replaced: [] }, stage);
  }
  assert.equal(extract.options.experimentalUseImportModule, false);
});

test("the browser build's entry is the site's, which imports Gatsby's runtime through an alias", () => {
  const config = {
    plugins: [],
    entry: { polyfill: 'p', app: GATSBY_APP },
    resolve: { alias: { other: 'x' } },
    optimization: gatsbyOptimization(),
  };
  run('build-javascript', config);
  assert.deepEqual(config.entry, { polyfill: 'p', app: path.join(ROOT, 'src', 'boot', 'entry.ts') });
  assert.deepEqual(config.resolve.alias, {
    other: 'x',
    'gatsby-production-app$': GATSBY_APP,
    'react-helmet$': path.join(ROOT, 'src', 'components', 'common', 'helmet-browser.tsx'),
  });
  // An entry that is not Gatsby's runtime (a Gatsby upgrade that renamed it): the build stops.
  assert.throws(
    () => run('build-javascript', { plugins: [], entry: { app: 'elsewhere.js' }, optimization: gatsbyOptimization() }),
    /production-app/,
  );
});

test("Gatsby's rule for naming shared chunks is still the one copied here", () => {
  const src = fs.readFileSync(require.resolve('gatsby/dist/utils/webpack.config.js'), 'utf8');
  assert.match(src, /createHash\(`sha1`\)\.update\(chunks\.reduce\(\(acc, chunk\) => acc \+ chunk\.name, ``\)\)/);
  // Without the group (a Gatsby upgrade that renamed it) the build stops.
  assert.throws(() => unmergeSharedAsyncChunks({ optimization: { splitChunks: { cacheGroups: {} } } }), /shared/);
});

/**
 * A real webpack build of four lazy imports: a and b share one large module, c and d another.
 * Returns, per output chunk, the fixture modules it holds.
 */
async function buildLazyPairs(optimization: ReturnType<typeof gatsbyOptimization>): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-'));
  try {
    // Large enough for minSize (20,000 bytes), different enough not to be deduplicated.
    const big = (n: string) =>
      `export const ${n} = [${Array.from({ length: 3000 }, (_, i) => `'${n}${i}'`).join(',')}];\n`;
    fs.writeFileSync(path.join(dir, 'x.js'), big('x'));
    fs.writeFileSync(path.join(dir, 'y.js'), big('y'));
    for (const [f, dep] of [
      ['a', 'x'],
      ['b', 'x'],
      ['c', 'y'],
      ['d', 'y'],
    ])
      fs.writeFileSync(
        path.join(dir, `${f}.js`),
        `import { ${dep} } from './${dep}.js';\nexport default () => ${dep}.length + '${f}';\n`,
      );
    fs.writeFileSync(
      path.join(dir, 'entry.js'),
      ['a', 'b', 'c', 'd'].map((f) => `export const ${f} = () => import('./${f}.js');`).join('\n'),
    );
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: { app: './entry.js' },
          output: { path: path.join(dir, 'out') },
          optimization: { ...optimization, minimize: false, concatenateModules: false },
        },
        (err, st) => (err || !st ? reject(err ?? new Error('no stats')) : resolve(st)),
      ),
    );
    assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
    const { chunkGraph, chunks } = stats.compilation;
    return [...chunks].map((c) =>
      chunkGraph
        .getChunkModules(c)
        .map((m) => path.basename((m as { resource?: string }).resource ?? m.identifier()))
        .sort(),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("lazy chunks share a chunk only with what they share: one lazy import no longer loads another's modules", async () => {
  // Gatsby's rule as it is: both large modules in one chunk (what a review page's buy box paid).
  const merged = await buildLazyPairs(gatsbyOptimization());
  assert.ok(
    merged.some((mods) => mods.includes('x.js') && mods.includes('y.js')),
    `Gatsby's rule alone merges them: ${JSON.stringify(merged)}`,
  );
  const optimization = gatsbyOptimization();
  unmergeSharedAsyncChunks({ optimization });
  const split = await buildLazyPairs(optimization);
  assert.ok(!split.some((mods) => mods.includes('x.js') && mods.includes('y.js')), JSON.stringify(split));
  // Each still in one shared chunk, not copied into both of its importers.
  assert.equal(split.filter((mods) => mods.includes('x.js')).length, 1, JSON.stringify(split));
  assert.equal(split.filter((mods) => mods.includes('y.js')).length, 1, JSON.stringify(split));
  // Chunks shared by named chunks only keep Gatsby's name.
  const name = optimization.splitChunks.cacheGroups.shared.name as (
    m: unknown,
    c: { name?: string }[],
    k: string,
  ) => unknown;
  assert.equal(
    name(null, [{ name: 'component---a' }, { name: 'component---b' }], 'shared'),
    GATSBY_SHARED_NAME(null, [{ name: 'component---a' }, { name: 'component---b' }]),
  );
  assert.equal(name(null, [{ name: 'component---a' }, {}], 'shared'), undefined);
});

test("the HTML renderer gets the search page's chunks from this build's stats (its HTML preloads them)", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'page-chunks-'));
  try {
    fs.mkdirSync(path.join(root, 'src'));
    fs.mkdirSync(path.join(root, 'public'));
    const defined = (stage: string) => {
      const calls: unknown[] = [];
      (onCreateWebpackConfig as (a: unknown) => void)({
        stage,
        getConfig: () => ({ plugins: [] }),
        store: { getState: () => ({ program: { directory: root } }) },
        plugins: { define: (d: Record<string, string>) => d },
        actions: { setWebpackConfig: (c: { plugins: unknown[] }) => calls.push(...c.plugins) },
      });
      return calls[0] as Record<string, string>;
    };
    assert.equal(defined('build-html').__SEARCH_PAGE_CHUNKS__, '[]', 'no stats: nothing to preload');
    assert.equal(defined('build-html').__TEMPLATE_CHUNKS__, '{}', 'no stats: nothing to name');
    fs.writeFileSync(
      path.join(root, 'public', 'webpack.stats.json'),
      JSON.stringify({
        namedChunkGroups: {
          [SEARCH_PAGE_CHUNK_GROUP]: {
            assets: [
              { name: 'shared-1a2b.js' },
              { name: 'shared-1a2b.js.map' },
              'component---src-pages-search-tsx-9f.js',
            ],
          },
          'component---src-templates-review-tsx': { assets: [{ name: 'review-3c.js' }] },
        },
      }),
    );
    assert.deepEqual(JSON.parse(defined('build-html').__SEARCH_PAGE_CHUNKS__), [
      'shared-1a2b.js',
      'component---src-pages-search-tsx-9f.js',
    ]);
    assert.deepEqual(JSON.parse(defined('build-html').__TEMPLATE_CHUNKS__), {
      [SEARCH_PAGE_CHUNK_GROUP]: ['shared-1a2b.js', 'component---src-pages-search-tsx-9f.js'],
      'component---src-templates-review-tsx': ['review-3c.js'],
    });
    assert.equal(defined('develop-html').__SEARCH_PAGE_CHUNKS__, '[]', 'gatsby develop has no chunk files to name');
    assert.equal(defined('develop-html').__TEMPLATE_CHUNKS__, '{}');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a chunk name that is not a plain file name is never named in a page', () => {
  const stats = {
    namedChunkGroups: {
      g: {
        assets: [{ name: 'a.js' }, { name: '../x.js' }, { name: 'b c.js' }, { name: 'd.js"><script>' }, {}, 'e.js'],
      },
    },
  };
  assert.deepEqual(templateChunks(stats, 'g'), ['a.js', 'e.js']);
  assert.deepEqual(templateChunks(stats, 'missing'), []);
  assert.deepEqual(templateChunks({}, 'g'), []);
});
