// The site's Content-Security-Policy from a page's HTML (server/security-headers.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, sitePolicy, sitePolicyOptionsFromEnv } from '../../../server/security-headers';
import { UNBUILT_MARKER_ID, inlineScripts } from '../../../src/site-inline-scripts';
import { unbuiltReviewMarkerScript } from '../../../src/review/unbuilt';
import { EARLY_SEARCH_ID, earlySearchScript } from '../../../src/search/early-script';

const hash = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

test("hashes only the site's own inline scripts (known ids, once each), never another one (issue 25, F11)", () => {
  const loader = '/*<![CDATA[*/window.pagePath="/1/2/";window.___webpackCompilationHash="abc";/*]]>*/';
  // As Gatsby 5.14 writes them in production (public/privacy/index.html).
  const chunks = '\n            window.___chunkMapping="{\\"app\\":[\\"/app-61ba.js\\"]}";\n          ';
  const compilation = 'window.___webpackCompilationHash="69c7e2b1ca5018e2e80c";';
  const html = [
    `<script id="gatsby-script-loader">${loader}</script>`,
    `<script\n            id="gatsby-chunk-mapping"\n          >${chunks}</script>`,
    `<script>${compilation}</script>`,
    `<script id="${UNBUILT_MARKER_ID}">${unbuiltReviewMarkerScript()}</script>`,
    // The search page's early requests (issue 43), with the API's origin as an attribute.
    `<script id="${EARLY_SEARCH_ID}" data-api="https://api.example.cn">${earlySearchScript()}</script>`,
    // Injected: no id, a known id twice, a known id with another body, a type that runs.
    '<script type="text/javascript">window.a=1</script>',
    `<script id="gatsby-script-loader">${loader.replace('/1/2/', '/x/')}alert(1)</script>`,
    '<script id="gatsby-chunk-mapping">alert(1)</script>',
    `<script id="${EARLY_SEARCH_ID}">alert(1)</script>`,
    `<script>${compilation}</script>`,
    '<script type=module>import("/x.js")</script>',
    '<SCRIPT>window.b="索伦托"</SCRIPT >',
    // Not inline or not run: never hashed, never refused.
    '<script src="/review/app.js" async></script>',
    '<script type="application/ld+json">{"@type":"Review"}</script>',
  ].join('\n');
  assert.deepEqual(inlineScriptHashes(html), [
    hash(loader),
    hash(chunks),
    hash(compilation),
    hash(unbuiltReviewMarkerScript()),
    hash(earlySearchScript()),
  ]);
  assert.deepEqual(
    inlineScripts(html)
      .filter((s) => !s.known)
      .map((s) => s.body),
    [
      'window.a=1',
      `${loader.replace('/1/2/', '/x/')}alert(1)`,
      'alert(1)',
      'alert(1)',
      compilation,
      'import("/x.js")',
      'window.b="索伦托"',
    ],
  );
});

test('the page policy: own scripts plus these hashes, no framing, no plugins, configured media and API origins', () => {
  const own = '/*<![CDATA[*/window.pagePath="/";/*]]>*/';
  const p = sitePolicy(`<script id="gatsby-script-loader">${own}</script><script>window.x=1</script>`, {
    imageOrigins: ['https://img.example.cn/media', 'javascript:alert(1)'],
    connectOrigins: ['https://api.example.cn'],
  });
  const d = Object.fromEntries(p.split('; ').map((x) => [x.split(' ')[0], x.split(' ').slice(1)]));
  assert.deepEqual(d['script-src'], ["'self'", 'https://res.wx.qq.com', hash(own)]);
  assert.deepEqual(d['frame-ancestors'], ["'none'"]);
  assert.deepEqual(d['object-src'], ["'none'"]);
  assert.deepEqual(d['img-src'], ["'self'", 'data:', 'blob:', 'https://img.example.cn']);
  assert.deepEqual(d['connect-src'], ["'self'", 'https://api.example.cn']);
  assert.ok(!p.includes('unsafe-eval'));
  assert.ok(!/script-src[^;]*unsafe-inline/.test(p));
});

test('environment origins: only http(s) URLs count', () => {
  assert.deepEqual(
    sitePolicyOptionsFromEnv({ MEDIA_BASE_URL: 'https://cdn.example.cn/m', STOREFRONT_API_URL: 'file:///etc' }),
    { imageOrigins: ['https://cdn.example.cn'], connectOrigins: [] },
  );
});
