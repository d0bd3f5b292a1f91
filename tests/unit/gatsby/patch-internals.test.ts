// Every Gatsby internal the patch build and the render child use (gatsby/renderer/render.ts), checked
// against the installed Gatsby in seconds (issue 20): an upgrade that moves or changes one fails
// here, loudly, instead of the patch build refusing at run time and the queue silently falling
// back to the slower `gatsby build` for every edit. Each check reads the installed files; none
// runs a build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GATSBY_INTERNAL_KEYS, GATSBY_MODULES, RENDERER_FILE } from '../../../gatsby/renderer/render';

const root = path.resolve(__dirname, '..', '..', '..');
const rootRequire = createRequire(path.join(root, 'package.json'));
const dist = path.dirname(rootRequire.resolve('gatsby/dist/utils/page-data-helpers'));
const gatsbyFile = (rel: string) => fs.readFileSync(path.join(dist, '..', rel), 'utf8');

test('the modules and functions the patch build requires exist with the arity it calls them with', () => {
  for (const [mod, fns] of Object.entries(GATSBY_MODULES)) {
    const m = rootRequire(mod) as Record<string, unknown>;
    for (const [fn, arity] of Object.entries(fns)) {
      assert.equal(typeof m[fn], 'function', `${mod}.${fn}`);
      assert.equal((m[fn] as (...a: unknown[]) => unknown).length, arity, `${mod}.${fn} takes ${arity} argument(s)`);
    }
  }
});

test("the page-ssr renderer is where gatsby build writes it, called as gatsby's renderHTMLProd calls it", () => {
  const constants = rootRequire('gatsby/dist/constants') as { ROUTES_DIRECTORY: string };
  assert.equal(`${constants.ROUTES_DIRECTORY}render-page.js`, RENDERER_FILE);
  const renderHtml = gatsbyFile('utils/worker/child/render-html.js');
  // The arguments render.ts passes to the renderer's default export.
  assert.match(
    renderHtml,
    /htmlComponentRenderer\.default\(\{\s*pagePath,\s*pageData,\s*webpackCompilationHash,\s*context: \{\s*isDuringBuild: true\s*\},\s*\.\.\.resourcesForTemplate\s*\}\)/,
  );
  // resourcesForTemplate: the template's scripts and styles plus the static query context.
  assert.match(renderHtml, /getScriptsAndStylesForTemplate\)\(pageData\.componentChunkName, webpackStats\)/);
  assert.match(renderHtml, /getStaticQueryContext\)\(pageData\.staticQueryHashes\)/);
});

test("the compilation hash is app-data.json's webpackCompilationHash; slices are stitched from _gatsby/slices", () => {
  const appData = gatsbyFile('utils/app-data.js');
  assert.match(appData, /APP_DATA_JSON = `app-data\.json`/);
  assert.match(appData, /join\(publicDir, `page-data`, APP_DATA_JSON\), \{\s*webpackCompilationHash: hash\s*\}/);
  const stitching = gatsbyFile('utils/slices/stitching.js');
  assert.match(stitching, /_gatsby`, `slices`/);
});

test("the page context keys gatsby's query runner deletes before writing page data are the manifest's", () => {
  const runner = gatsbyFile('query/query-runner.js');
  const deleted = [...runner.matchAll(/delete result\.pageContext\.(\w+);/g)].map((m) => m[1]);
  assert.deepEqual([...GATSBY_INTERNAL_KEYS].sort(), deleted.sort());
});
