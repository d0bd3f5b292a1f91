// The site's Content-Security-Policy from a page's HTML (server/security-headers.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, sitePolicy, sitePolicyOptionsFromEnv } from '../../../server/security-headers';

const hash = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

test('hashes exactly the inline scripts a browser would run', () => {
  const html = [
    '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/1/2/";/*]]>*/</script>',
    '<script type="text/javascript">window.a=1</script>',
    '<script type=module>import("/x.js")</script>',
    '<script src="/review/app.js" async></script>',
    '<script type="application/ld+json">{"@type":"Review"}</script>',
    '<SCRIPT>window.b="索伦托"</SCRIPT >',
  ].join('\n');
  assert.deepEqual(inlineScriptHashes(html), [
    hash('/*<![CDATA[*/window.pagePath="/1/2/";/*]]>*/'),
    hash('window.a=1'),
    hash('import("/x.js")'),
    hash('window.b="索伦托"'),
  ]);
});

test('the page policy: own scripts plus these hashes, no framing, no plugins, configured media and API origins', () => {
  const p = sitePolicy('<script>window.x=1</script>', {
    imageOrigins: ['https://img.example.cn/media', 'javascript:alert(1)'],
    connectOrigins: ['https://api.example.cn'],
  });
  const d = Object.fromEntries(p.split('; ').map((x) => [x.split(' ')[0], x.split(' ').slice(1)]));
  assert.deepEqual(d['script-src'], ["'self'", hash('window.x=1')]);
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
