// gatsby/webpack-config.ts against Gatsby's real stage names and the real
// mini-css-extract-plugin class Gatsby configures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { onCreateWebpackConfig } from '../../../gatsby/webpack-config';
import { stylesDigest } from '../../../gatsby/styles-digest';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved from Gatsby's own copy
const MiniCssExtractPlugin = require(
  require.resolve('mini-css-extract-plugin', { paths: [path.dirname(require.resolve('gatsby/package.json'))] }),
) as new (o?: object) => { options: { experimentalUseImportModule?: boolean } };

const ROOT = path.resolve(__dirname, '..', '..', '..');
const GATSBY_APP = path.join(ROOT, '.cache', 'production-app');

function run(stage: string, config: { plugins: unknown[]; entry?: unknown; resolve?: unknown }) {
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
  const config = { plugins: [{}, extract], entry: { app: GATSBY_APP } };
  const calls = run('build-javascript', config);
  assert.equal(extract.options.experimentalUseImportModule, true);
  assert.deepEqual(calls.replaced, [config]);
  assert.deepEqual(calls.set, []);
});

test('the HTML renderer gets the stylesheet digest; other stages are left alone', () => {
  const html = run('build-html', { plugins: [] });
  assert.deepEqual(html.set, [{ plugins: [{ define: { __STYLES_DIGEST__: JSON.stringify(stylesDigest(ROOT)) } }] }]);
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
  };
  run('build-javascript', config);
  assert.deepEqual(config.entry, { polyfill: 'p', app: path.join(ROOT, 'src', 'boot', 'entry.ts') });
  assert.deepEqual(config.resolve.alias, {
    other: 'x',
    'gatsby-production-app$': GATSBY_APP,
    'react-helmet$': path.join(ROOT, 'src', 'components', 'common', 'helmet-browser.tsx'),
  });
  // An entry that is not Gatsby's runtime (a Gatsby upgrade that renamed it): the build stops.
  assert.throws(() => run('build-javascript', { plugins: [], entry: { app: 'elsewhere.js' } }), /production-app/);
});
