// The built site (scripts/build-site.ts) against its sources: every page links the
// stylesheet this build emitted (gatsby-ssr.tsx; Gatsby would inline it) and was rendered with the digest of the current CSS
// (gatsby/styles-digest.ts), so a CSS-only edit can never leave pages on the old styles.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { stylesDigest } from '../../gatsby/styles-digest';
import { pagesByKind } from '../../bench/page-weight';
import { PUBLIC_DIR, ROOT } from './helpers/site';
import { NO_SCRIPT_CSS } from '../../src/styles/no-script';

const statsFile = path.join(PUBLIC_DIR, 'webpack.stats.json');
const siteMissing =
  fs.existsSync(path.join(PUBLIC_DIR, 'index.html')) && fs.existsSync(statsFile)
    ? false
    : 'no built site (scripts/build-site.ts runs before the e2e tests in npm test)';

describe('build output follows the sources', { skip: siteMissing }, () => {
  const appAssets = () =>
    (JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { assetsByChunkName: Record<string, string[]> })
      .assetsByChunkName.app;

  test('every kind of page links the stylesheet this build emitted, inlines none, rendered from the current CSS', () => {
    const css = appAssets().find((f) => f.endsWith('.css'));
    assert.ok(css, 'stylesheet listed in webpack.stats.json');
    const kinds = pagesByKind(PUBLIC_DIR);
    assert.ok(Object.keys(kinds).length >= 4, JSON.stringify(kinds));
    for (const [kind, page] of Object.entries(kinds)) {
      const html = fs.readFileSync(path.join(PUBLIC_DIR, page, 'index.html'), 'utf8');
      const hrefs = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(hrefs, [`/review/${css}`], `${kind} page ${page}`);
      // The one inline stylesheet is the no-script one (issue 44), inside a <noscript>, so it never
      // applies when script runs.
      const NO_SCRIPT = /<noscript><style>([^<]*)<\/style><\/noscript>/g;
      assert.deepEqual(
        [...html.matchAll(NO_SCRIPT)].map((m) => m[1]),
        [NO_SCRIPT_CSS],
        `${kind} page ${page}: the no-script stylesheet, once`,
      );
      assert.equal(
        /<style\b/.exec(html.replace(NO_SCRIPT, ''))?.[0],
        undefined,
        `${kind} page ${page}: no other inline stylesheet`,
      );
      assert.ok(fs.existsSync(path.join(PUBLIC_DIR, css)), `${css} is in the build`);
      assert.equal(
        /<html[^>]* data-styles="([0-9a-f]+)"/.exec(html)?.[1],
        stylesDigest(ROOT),
        `${kind} page ${page} rendered from the current CSS`,
      );
    }
  });
});
